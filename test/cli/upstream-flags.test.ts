// Upstream's run flags as a user meets them: --doctor-agent and --smoke-agent against a real HTTP model
// stub on 127.0.0.1 (no run, no Temporal), --no-log on a real run, and the flags that do not apply here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';
import { CORPUS_DIR } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';

const KEY = 'sk-doctor-0123456789-abcdef';
const work = mkdtempSync(join(tmpdir(), 'smi-flags-'));
let stub: RunningOpenAiStub;

beforeAll(async () => {
  stub = await startOpenAiStub({ apiKey: KEY, models: ['stub-model', 'other-model'] });
});
afterAll(async () => {
  await stub.close();
});

const modelEnv = (key: string) => ({
  SMI_API_KEY: key,
  SMI_MODEL: 'stub-model',
  SMI_API_BASE_URL: stub.baseUrl,
});
const phase1 = (...extra: string[]) => [
  'phase1',
  '--corpus-root',
  CORPUS_DIR,
  '--dotenv',
  join(work, 'none.env'),
  ...extra,
];

describe('--doctor-agent and --smoke-agent', () => {
  it('doctor prints the settings with the key redacted, and both probes', async () => {
    const res = await smiBench(phase1('--agent', 'real-openai-compatible', '--doctor-agent'), modelEnv(KEY));
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(res.stdout).toContain(`base_url: ${stub.baseUrl}`);
    expect(res.stdout).toContain(`api_key: len=${KEY.length} suffix=abcdef`);
    expect(res.stdout).not.toContain(KEY);
    expect(res.stdout).toContain('GET /models: 200, 2 models: stub-model, other-model');
    expect(res.stdout).toContain('POST /chat/completions: 200');
    expect(res.stdout).toContain('agent doctor: ok');
  });

  it('doctor reports a key the server refuses, without printing it, and fails', async () => {
    const wrong = 'sk-wrong-key-9876543210';
    const res = await smiBench(phase1('--doctor-agent'), modelEnv(wrong));
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toMatch(/GET \/models: 401/);
    expect(res.stdout).toContain('agent doctor: problems found');
    expect(String(res.stdout) + String(res.stderr)).not.toContain(wrong);
  });

  it('smoke asks the model once through the agent', async () => {
    const before = stub.requests.length;
    const res = await smiBench(['phase2', '--corpus-root', CORPUS_DIR, '--smoke-agent'], modelEnv(KEY));
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(res.stdout).toMatch(/^real agent smoke ok \(model stub-model, 0 key types, \d+ tokens\)/m);
    expect(stub.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/chat/completions',
    ]);
  });

  it('refuses the flags that do not apply here, saying why', async () => {
    for (const flag of [['--rust-bin', '/usr/bin/x'], ['--build-rust']]) {
      const res = await smiBench(phase1(...flag));
      expect(res.exitCode).toBe(2);
      expect(res.stderr).toContain(`${flag[0]} does not apply: smi-bench reads bytecode itself`);
    }
  });
});

describe('--no-log', () => {
  let worker: ChildProcess;
  const env = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.upstreamFlags };
  beforeAll(() => {
    worker = spawnWorker(env);
  });
  afterAll(async () => {
    await stopProcess(worker);
  });

  it('writes no upstream logs, but the rows and the result; status reads the finished run', async () => {
    const logDir = join(work, 'logs');
    const res = await smiBench(
      [
        ...phase1('--samples', '0', '--agent', 'mock-perfect', '--no-log'),
        '--run-id',
        'quiet',
        '--log-dir',
        logDir,
        '--no-progress',
      ],
      env,
    );
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const runDir = join(logDir, 'quiet');
    expect(readdirSync(runDir).sort()).toEqual(
      ['artifacts', 'manifest.jsonl', 'result.json', 'rows', 'run_metadata.json', 'selection.json'].sort(),
    );
    expect(readdirSync(join(runDir, 'rows'))).toHaveLength(4);
    const status = await smiBench(['status', 'quiet', '--log-dir', logDir], {});
    expect(status.exitCode).toBe(0);
    expect(status.stdout).toContain('run quiet: COMPLETED');
  });
});
