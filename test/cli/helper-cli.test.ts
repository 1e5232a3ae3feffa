// `smi-bench helper` as a user runs it: the built CLI against the test server, a separate worker process
// that makes the model calls, and a scripted model on 127.0.0.1 (its helpers: test/support/helper-answers.ts:
// the first answer does not build, the answer to the diagnostics does, and creates 0x2's Kiosk and
// KioskOwnerCap). Then `status`, `results`, `compare` and `resume --retry-errors` on its runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { HelperRow } from '../../src/core/helper/row.js';
import { smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { brokenThenGood } from '../support/helper-answers.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';
import { CORPUS_DIR } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const KEY = 'helper-cli-key';
const work = mkdtempSync(join(tmpdir(), 'smi-helper-cli-'));
const logDir = join(work, 'logs');
let stub: RunningOpenAiStub;
let worker: ChildProcess;
/** The model answers 401 (never retried) while this is set. */
let down = false;
let env: Record<string, string>;

beforeAll(async () => {
  stub = await startOpenAiStub({
    apiKey: KEY,
    handler: (req) => {
      if (down) return { status: 401, body: { error: { message: 'key revoked' } } };
      return brokenThenGood(req.prompt);
    },
  });
  const server = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.helperCli };
  worker = spawnWorker({ ...server, SMI_API_KEY: KEY });
  env = { ...server, SMI_MODEL: 'stub-model', SMI_API_BASE_URL: stub.baseUrl, SMI_API_KEY: KEY };
});
afterAll(async () => {
  await stopProcess(worker);
  await stub.close();
});

const helper = (runId: string, ...extra: string[]) =>
  smiBench(
    [
      'helper',
      ...['--corpus-root', CORPUS_DIR, '--package-id', SUI, '--agent', 'real-openai-compatible'],
      ...['--run-id', runId, '--log-dir', logDir, '--dotenv', join(work, 'none.env'), '--no-progress'],
      ...extra,
    ],
    env,
  );

interface Result {
  aggregate: Record<string, unknown>;
  packages: HelperRow[];
}
const result = (runId: string) =>
  JSON.parse(readFileSync(join(logDir, runId, 'result.json'), 'utf8')) as Result;
const chatRequests = () => stub.requests.filter((r) => r.path.endsWith('/chat/completions'));

describe('smi-bench helper: refused before a run starts', () => {
  it('--help lists its flags and says what the benchmark does', async () => {
    const res = await smiBench(['helper', '--help']);
    expect(res.exitCode).toBe(0);
    for (const flag of [
      '--agent <agent>',
      '--helper-dir <dir>',
      '--max-attempts <n>',
      '--single-shot',
      '--no-scoring-hints',
      '--prompt-file <file>',
      '--framework-dir <dir>',
      '--per-package-timeout-seconds <s>',
    ])
      expect(String(res.stdout)).toContain(flag);
    expect(String(res.stdout)).toContain('helper_pkg_v1');
  });

  it.each([
    [['--max-attemps', '2'], "error: unknown option '--max-attemps' (Did you mean --max-attempts?)"],
    [
      ['--max-attempts', '0'],
      `error: option '--max-attempts <n>' argument '0' is invalid. expected an integer from 1 to 9007199254740991, got "0"`,
    ],
    [['--agent', 'helper-file'], 'error: --agent helper-file requires --helper-dir'],
    [
      ['--agent', 'helper-file', '--helper-dir', join(work, 'nowhere')],
      `error: helper directory not found: ${join(work, 'nowhere')}`,
    ],
  ])('%j is one line and exit status 2', async (args, error) => {
    const res = await smiBench(['helper', '--corpus-root', CORPUS_DIR, ...args], {}, work);
    expect(res.exitCode).toBe(2);
    expect(String(res.stderr).trim().split('\n')).toEqual([error]);
  });
});

describe('smi-bench helper: runs, status, results, compare, resume', () => {
  it('gives the build errors back and the second helper builds; status and results read the run', async () => {
    const before = chatRequests().length;
    const res = await helper('helper-cli-model');
    expect(res.exitCode, String(res.stderr)).toBe(0);
    // the pre-flight, then two attempts
    expect(chatRequests().length - before).toBe(3);
    const row = result('helper-cli-model').packages[0]!;
    expect(row).toMatchObject({
      attempts: 2,
      successful_attempt: 2,
      ok: true,
      failure_stage: 'targets_created',
    });
    expect(row.score).toMatchObject({ created_hits: 2 });
    expect(row.build_errors[0]).toHaveLength(2);

    const status = await smiBench(['status', 'helper-cli-model', '--log-dir', logDir], env);
    expect(status.exitCode, String(status.stderr)).toBe(0);
    expect(String(status.stdout)).toContain('run helper-cli-model: COMPLETED');
    expect(String(status.stdout)).toContain('1/1 packages recorded, 0 with errors');
    expect(String(status.stdout)).toContain('ok_rate 1.0000 · avg_hit_rate');

    const out = join(work, 'copy.json');
    const results = await smiBench(['results', 'helper-cli-model', '--out', out, '--log-dir', logDir], env);
    expect(results.exitCode, String(results.stderr)).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(
      readFileSync(join(logDir, 'helper-cli-model', 'result.json'), 'utf8'),
    );
  });

  it('compare ranks helper runs by their pass rate, with the attempts they used', async () => {
    // One answer only: the broken helper, so the package fails at its build.
    const single = await helper('helper-cli-single', '--single-shot');
    expect(single.exitCode, String(single.stderr)).toBe(0);
    expect(result('helper-cli-single').packages[0]).toMatchObject({
      ok: false,
      failure_stage: 'build_failed',
    });
    const res = await smiBench(
      ['compare', 'helper-cli-single', 'helper-cli-model', '--log-dir', logDir, '--format', 'json'],
      env,
    );
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const [board] = JSON.parse(String(res.stdout)) as {
      phase: string;
      differences: string[];
      entries: { run: string; score: number; columns: Record<string, number> }[];
    }[];
    expect(board!.phase).toBe('helper');
    expect(board!.entries.map((e) => [e.run, e.score, e.columns['mean_attempts']])).toEqual([
      ['helper-cli-model', 1, 2],
      ['helper-cli-single', 0, 1],
    ]);
    expect(board!.differences).toEqual(['options.maxAttempts: helper-cli-single=1, helper-cli-model=3']);
    const table = await smiBench(['compare', 'helper-cli-model', '--log-dir', logDir], env);
    expect(String(table.stdout).split('\n')[0]).toBe('Helper package');
  });

  it('resume --retry-errors computes again the package whose model was not heard', async () => {
    down = true;
    // (--no-cache: the answer cache of the log dir would answer what the runs before asked.)
    const failed = await helper('helper-cli-retry', '--skip-preflight', '--no-cache');
    expect(failed.exitCode, String(failed.stderr)).toBe(0);
    expect(result('helper-cli-retry').packages[0]!.error).toMatch(/key revoked/);
    down = false;
    const before = chatRequests().length;
    const res = await smiBench(['resume', 'helper-cli-retry', '--retry-errors', '--no-progress'], env);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    expect(chatRequests().length - before).toBe(2);
    const retried = result('helper-cli-retry');
    expect(retried.packages).toHaveLength(1);
    expect(retried.packages[0]).toMatchObject({ error: null, ok: true, attempts: 2 });
    expect(retried.aggregate).toMatchObject({ ok: 1, errors: 0 });
  });
});
