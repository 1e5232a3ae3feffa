// A Phase II model run whose model is never heard: refused before it starts (the pre-flight), or, with
// --skip-preflight, every row an error that says why and a summary that counts the failed calls by kind.
// The built CLI starts the runs; a separate `smi-bench worker` process (as in team mode) makes the model
// calls, with its own key and its own endpoint setting, which the runs do not use.
//
// Expected counts come from the settings: `--max-plan-attempts 2` is two model calls per package (one
// per attempt, each ending the attempt when it fails), `SMI_MAX_REQUEST_RETRIES=2` two HTTP requests per
// call for failures that are retried (connection, 5xx), one for 401/404 (never retried), and a 401 or 404
// ends the package after its first call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { startOpenAiStub, type RunningOpenAiStub, type StubHandler } from '../support/openai-stub.js';
import { CORPUS_DIR } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';
import { freePort } from '../../src/temporal/ports.js';

const STDLIB = '0x0000000000000000000000000000000000000000000000000000000000000001';
const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
/** What the worker's own environment says; every run here names another endpoint. */
const WORKER_OWN_URL = 'http://127.0.0.1:1/worker-own/v1';

const work = mkdtempSync(join(tmpdir(), 'smi-model-fail-'));
const logDir = join(work, 'logs');
const idsFile = join(work, 'ids.txt');
const stubs: RunningOpenAiStub[] = [];
let worker: ChildProcess;
let workerLog = '';
const server = { TEMPORAL_ADDRESS: '', TEMPORAL_NAMESPACE: TEST_NAMESPACES.modelFailures };

beforeAll(() => {
  writeFileSync(idsFile, `${STDLIB}\n${WRAPPER}\n`);
  server.TEMPORAL_ADDRESS = temporalAddress();
  worker = spawnWorker({ ...server, SMI_API_KEY: 'worker-key', SMI_API_BASE_URL: WORKER_OWN_URL });
  worker.stderr!.on('data', (chunk: Buffer) => (workerLog += chunk.toString('utf8')));
});
afterAll(async () => {
  await stopProcess(worker);
  await Promise.all(stubs.map((s) => s.close()));
});

async function stub(handler: StubHandler): Promise<RunningOpenAiStub> {
  const started = await startOpenAiStub({ apiKey: 'worker-key', handler });
  stubs.push(started);
  return started;
}

async function phase2(runId: string, baseUrl: string, ...extra: string[]) {
  return smiBench(
    [
      'phase2',
      ...['--corpus-root', CORPUS_DIR, '--package-ids-file', idsFile, '--samples', '0'],
      ...['--agent', 'real-openai-compatible', '--max-plan-attempts', '2'],
      ...['--run-id', runId, '--log-dir', logDir, '--dotenv', join(work, 'none.env'), '--no-progress'],
      ...extra,
    ],
    { ...server, SMI_MODEL: 'stub-model', SMI_API_BASE_URL: baseUrl, SMI_MAX_REQUEST_RETRIES: '2' },
  );
}

interface Result {
  aggregate: { errors: number; model_calls: Record<string, unknown> | null };
  packages: { package_id: string; error: string | null; model_calls: Record<string, unknown> | null }[];
}
const result = (runId: string) =>
  JSON.parse(readFileSync(join(logDir, runId, 'result.json'), 'utf8')) as Result;

const chatRequests = (s: RunningOpenAiStub) => s.requests.filter((r) => r.path.endsWith('/chat/completions'));

describe('a model that is never heard (Phase II)', () => {
  it('an unreachable endpoint is refused before the run starts', async () => {
    const url = `http://127.0.0.1:${await freePort()}/v1`;
    const started = Date.now();
    const res = await phase2('unreachable', url);
    expect(res.exitCode, String(res.stderr)).toBe(2);
    expect(Date.now() - started).toBeLessThan(20_000);
    const stderr = String(res.stderr);
    expect(stderr).toContain(
      `model pre-flight failed: model "stub-model" at ${url} (SMI_API_BASE_URL from the environment) did not answer: connection to ${url} failed`,
    );
    expect(stderr).toContain('read by the `smi-bench worker` processes');
    expect(stderr).toContain('--skip-preflight');
    expect(existsSync(join(logDir, 'unreachable'))).toBe(false);
    // The worker that made the check says that the run's endpoint is not its own setting.
    expect(workerLog).toContain(
      `run unreachable calls the model at ${url}, as the command that started it said; this worker's ` +
        `SMI_API_BASE_URL from the environment (${WORKER_OWN_URL}) is not used for it`,
    );
  });

  it('with --skip-preflight, every row is an error with the reason, and the summary counts the calls', async () => {
    const url = `http://127.0.0.1:${await freePort()}/v1`;
    const res = await phase2('unreachable-skip', url, '--skip-preflight');
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const { aggregate, packages } = result('unreachable-skip');
    expect(packages.map((p) => p.package_id)).toEqual([STDLIB, WRAPPER]);
    for (const row of packages) {
      expect(row.error).toMatch(
        new RegExp(
          `^no answer from the model: 2 model calls failed; last: connection to ${url} failed: .*ECONNREFUSED`,
        ),
      );
      expect(row.model_calls).toMatchObject({ answered: 0, failed: 2 });
    }
    expect(aggregate.errors).toBe(2);
    expect(aggregate.model_calls).toMatchObject({
      answered: 0,
      failed: 4,
      failures: { ModelConnectionError: { count: 4 } },
    });
    expect(String(res.stdout)).toContain('Phase II finished: 2 packages, 2 with errors');
    expect(String(res.stdout)).toContain(
      `model calls: 0 answered, 4 failed: 4 ModelConnectionError (connection to ${url} failed`,
    );
  });

  it('a 401 is refused before start, and with --skip-preflight ends each package after one request', async () => {
    const s = await stub(() => ({ status: 401, body: { error: { message: 'invalid api key' } } }));
    const refused = await phase2('unauthorized', s.baseUrl);
    expect(refused.exitCode, String(refused.stderr)).toBe(2);
    expect(String(refused.stderr)).toContain('authentication failed (401)');
    expect(String(refused.stderr)).toContain('check SMI_API_KEY');
    expect(existsSync(join(logDir, 'unauthorized'))).toBe(false);
    expect(chatRequests(s)).toHaveLength(1);

    const res = await phase2('unauthorized-skip', s.baseUrl, '--skip-preflight');
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const { aggregate, packages } = result('unauthorized-skip');
    for (const row of packages) {
      expect(row.error).toBe(
        `authentication failed (401) at ${s.baseUrl}: check SMI_API_KEY (server said: {"error":{"message":"invalid api key"}})`,
      );
      expect(row.model_calls).toMatchObject({ answered: 0, failed: 1 });
    }
    expect(aggregate.errors).toBe(2);
    // one request per package: no retries, no second plan attempt
    expect(chatRequests(s)).toHaveLength(1 + 2);
    expect(String(res.stdout)).toContain(
      'model calls: 0 answered, 2 failed: 2 ModelAuthFailed (authentication failed (401)',
    );
  });

  it('a model that 404s is an error that names the endpoint and the model setting', async () => {
    const s = await stub(() => ({
      status: 404,
      body: { error: { message: 'The model `stub-model` does not exist' } },
    }));
    const refused = await phase2('no-model', s.baseUrl);
    expect(refused.exitCode).toBe(2);
    expect(String(refused.stderr)).toContain(
      `endpoint not found (404): ${s.baseUrl}/chat/completions: check SMI_API_BASE_URL and SMI_MODEL`,
    );
    const res = await phase2('no-model-skip', s.baseUrl, '--skip-preflight');
    expect(res.exitCode, String(res.stderr)).toBe(0);
    for (const row of result('no-model-skip').packages)
      expect(row.error).toMatch(/^endpoint not found \(404\): .*check SMI_API_BASE_URL and SMI_MODEL/);
    expect(String(res.stdout)).toContain('2 failed: 2 ModelNotFound');
  });

  it('a model that answers 500 forever: each call retried, every row an error', async () => {
    const s = await stub(() => ({ status: 500, body: 'upstream exploded' }));
    const res = await phase2('server-error-skip', s.baseUrl, '--skip-preflight');
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const { aggregate, packages } = result('server-error-skip');
    for (const row of packages) {
      expect(row.error).toBe(
        `no answer from the model: 2 model calls failed; last: server error (500) at ${s.baseUrl}: upstream exploded`,
      );
    }
    expect(aggregate.model_calls).toMatchObject({
      answered: 0,
      failed: 4,
      failures: { ModelServerError: { count: 4 } },
    });
    // 2 packages × 2 calls × 2 requests
    expect(chatRequests(s)).toHaveLength(8);
    expect(String(res.stdout)).toContain(
      'model calls: 0 answered, 4 failed: 4 ModelServerError (server error (500)',
    );
  });

  it('resume --retry-errors asks the model again for exactly the packages that never heard from it', async () => {
    let healthy = false;
    const s = await stub((req) =>
      healthy || !req.prompt.includes(WRAPPER)
        ? { content: JSON.stringify({ calls: [] }) }
        : { status: 500, body: 'down for this package' },
    );
    const first = await phase2('retry-later', s.baseUrl);
    expect(first.exitCode, String(first.stderr)).toBe(0);
    expect(String(first.stderr)).toContain(
      `  model:         stub-model at ${s.baseUrl} (SMI_API_BASE_URL from the environment)`,
    );
    expect(String(first.stderr)).toContain('  API key:       read by each `smi-bench worker` process');
    const before = result('retry-later').packages;
    expect(before[0]!.error).toBeNull();
    expect(before[0]!.model_calls).toMatchObject({ answered: 2, failed: 0 });
    expect(before[1]!.error).toMatch(
      /^no answer from the model: 2 model calls failed; last: server error \(500\)/,
    );

    healthy = true;
    const asked = s.requests.length;
    const res = await smiBench(
      ['resume', 'retry-later', '--dotenv', join(work, 'none.env'), '--no-progress'].concat('--retry-errors'),
      { ...server, SMI_API_KEY: 'worker-key' },
    );
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const again = s.requests.slice(asked);
    expect(again.length).toBe(2);
    expect(again.every((r) => r.prompt.includes(WRAPPER))).toBe(true);
    const after = result('retry-later');
    expect(after.aggregate.errors).toBe(0);
    expect(after.packages[1]!.model_calls).toMatchObject({ answered: 2, failed: 0 });
  });
});
