// A Phase II model run whose model is never heard: refused before it starts (the pre-flight), or, with
// --skip-preflight, every row an error that says why and a summary that counts the failed calls by kind.
// The built CLI starts the runs; a separate `smi-bench worker` process (as in team mode) makes the model
// calls, with its own key and its own endpoint setting, which the runs do not use.
//
// Expected counts come from the settings: `--max-plan-attempts 2` is two model calls per package (one
// per attempt, each ending the attempt when it fails), `SMI_MAX_REQUEST_RETRIES=2` two HTTP requests per
// call for failures that are retried (connection, 5xx, a 429 that is not about quota), one for 401/404 and
// quota errors (never retried), and a 401, 404 or quota error ends the package after its first call. The
// pre-flight is one request, never retried.
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

interface ModelCalls {
  answered: number;
  failed: number;
  failures: Record<string, { count: number; last_message: string }>;
  last_failure: string | null;
}
interface Result {
  aggregate: { errors: number; model_calls: ModelCalls | null };
  packages: { package_id: string; error: string | null; model_calls: ModelCalls | null }[];
}
const result = (runId: string) =>
  JSON.parse(readFileSync(join(logDir, runId, 'result.json'), 'utf8')) as Result;

const chatRequests = (s: RunningOpenAiStub) => s.requests.filter((r) => r.path.endsWith('/chat/completions'));
/** Requests per package (the pre-flight's names none). */
const perPackage = (s: RunningOpenAiStub) => Object.fromEntries(s.countByPackage());

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
    expect(stderr).toContain('read by each `smi-bench worker` process from its own environment');
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

  it('a model that 404s is refused before start, and with --skip-preflight each row says so after one request', async () => {
    const s = await stub(() => ({
      status: 404,
      body: { error: { message: 'The model `stub-model` does not exist' } },
    }));
    const refused = await phase2('no-model', s.baseUrl);
    expect(refused.exitCode).toBe(2);
    expect(String(refused.stderr)).toContain(
      `endpoint not found (404): ${s.baseUrl}/chat/completions: check SMI_API_BASE_URL and SMI_MODEL`,
    );
    expect(existsSync(join(logDir, 'no-model'))).toBe(false);
    expect(chatRequests(s)).toHaveLength(1);

    const res = await phase2('no-model-skip', s.baseUrl, '--skip-preflight');
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const error =
      `endpoint not found (404): ${s.baseUrl}/chat/completions: check SMI_API_BASE_URL and SMI_MODEL ` +
      '(server said: {"error":{"message":"The model `stub-model` does not exist"}})';
    const { aggregate, packages } = result('no-model-skip');
    for (const row of packages) {
      expect(row.error).toBe(error);
      expect(row.model_calls).toEqual({
        answered: 0,
        failed: 1,
        failures: { ModelNotFound: { count: 1, last_message: error } },
        last_failure: error,
      });
    }
    expect(aggregate.errors).toBe(2);
    expect(aggregate.model_calls).toEqual({
      answered: 0,
      failed: 2,
      failures: { ModelNotFound: { count: 2, last_message: error } },
      last_failure: error,
    });
    // never retried, and the first 404 ends the package: one request each, after the pre-flight's one
    expect(chatRequests(s)).toHaveLength(1 + 2);
    expect(perPackage(s)).toEqual({ [STDLIB]: 1, [WRAPPER]: 1 });
    expect(String(res.stdout)).toContain('Phase II finished: 2 packages, 2 with errors');
    expect(String(res.stdout)).toContain(`model calls: 0 answered, 2 failed: 2 ModelNotFound (${error})`);
  });

  it('a model that answers 500 forever is refused before start, and with --skip-preflight every row is an error', async () => {
    const s = await stub(() => ({ status: 500, body: 'upstream exploded' }));
    const refused = await phase2('server-error', s.baseUrl);
    expect(refused.exitCode, String(refused.stderr)).toBe(2);
    expect(String(refused.stderr)).toContain(
      `model pre-flight failed: model "stub-model" at ${s.baseUrl} (SMI_API_BASE_URL from the environment) ` +
        `did not answer: server error (500) at ${s.baseUrl}: upstream exploded`,
    );
    expect(String(refused.stderr)).toContain('(SMI_API_BASE_URL, SMI_MODEL)');
    expect(existsSync(join(logDir, 'server-error'))).toBe(false);
    // the pre-flight asks once: no retries
    expect(chatRequests(s)).toHaveLength(1);

    const res = await phase2('server-error-skip', s.baseUrl, '--skip-preflight');
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const { aggregate, packages } = result('server-error-skip');
    for (const row of packages) {
      expect(row.error).toBe(
        `no answer from the model: 2 model calls failed; last: server error (500) at ${s.baseUrl}: upstream exploded`,
      );
    }
    expect(aggregate.errors).toBe(2);
    expect(aggregate.model_calls).toMatchObject({
      answered: 0,
      failed: 4,
      failures: { ModelServerError: { count: 4 } },
    });
    // 2 packages × 2 calls × 2 requests, after the refused run's one
    expect(chatRequests(s)).toHaveLength(1 + 8);
    expect(perPackage(s)).toEqual({ [STDLIB]: 4, [WRAPPER]: 4 });
    expect(String(res.stdout)).toContain('Phase II finished: 2 packages, 2 with errors');
    expect(String(res.stdout)).toContain(
      'model calls: 0 answered, 4 failed: 4 ModelServerError (server error (500)',
    );
  });

  it('an exhausted quota (429 insufficient_quota) is refused before start, and with --skip-preflight ends each package at once', async () => {
    const body = {
      error: {
        message: 'You exceeded your current quota',
        type: 'insufficient_quota',
        code: 'insufficient_quota',
      },
    };
    const s = await stub(() => ({ status: 429, body }));
    const quota =
      `provider quota/billing error (429) at ${s.baseUrl}: ${JSON.stringify(body)}; ` +
      'top up the account or use another key';
    const refused = await phase2('quota', s.baseUrl);
    expect(refused.exitCode, String(refused.stderr)).toBe(2);
    expect(String(refused.stderr)).toContain(`did not answer: ${quota}`);
    expect(existsSync(join(logDir, 'quota'))).toBe(false);

    const res = await phase2('quota-skip', s.baseUrl, '--skip-preflight');
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const { aggregate, packages } = result('quota-skip');
    for (const row of packages) {
      expect(row.error).toBe(quota);
      expect(row.model_calls).toMatchObject({ answered: 0, failed: 1 });
    }
    expect(aggregate.errors).toBe(2);
    expect(aggregate.model_calls).toMatchObject({
      answered: 0,
      failed: 2,
      failures: { ModelQuotaExceeded: { count: 2 } },
    });
    // not retried, and it ends the package: the pre-flight's request, then one per package
    expect(chatRequests(s)).toHaveLength(1 + 2);
    expect(perPackage(s)).toEqual({ [STDLIB]: 1, [WRAPPER]: 1 });
    expect(String(res.stdout)).toContain('Phase II finished: 2 packages, 2 with errors');
    expect(String(res.stdout)).toContain(
      `model calls: 0 answered, 2 failed: 2 ModelQuotaExceeded (${quota})`,
    );
  });

  it('a model that answers 429 until the retries run out: the run starts, and every row says it was rate limited', async () => {
    const body = { error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } };
    const s = await stub(() => ({ status: 429, body, headers: { 'retry-after-ms': '100' } }));
    const limited = `rate limited (429) at ${s.baseUrl} (server asks to retry after 100 ms): ${JSON.stringify(body)}`;
    const res = await phase2('rate-limited', s.baseUrl);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    // a 429 passes the pre-flight: the provider may only be busy
    expect(String(res.stderr)).toContain(
      `pre-flight: model stub-model at ${s.baseUrl} answered (${limited})`,
    );
    const { aggregate, packages } = result('rate-limited');
    for (const row of packages) {
      expect(row.error).toBe(`no answer from the model: 2 model calls failed; last: ${limited}`);
      expect(row.model_calls).toMatchObject({
        answered: 0,
        failed: 2,
        failures: { ModelRateLimited: { count: 2 } },
      });
    }
    expect(aggregate.errors).toBe(2);
    expect(aggregate.model_calls).toMatchObject({
      answered: 0,
      failed: 4,
      failures: { ModelRateLimited: { count: 4 } },
    });
    // the pre-flight's request, then 2 packages × 2 calls × 2 requests
    expect(chatRequests(s)).toHaveLength(1 + 8);
    expect(perPackage(s)).toEqual({ [STDLIB]: 4, [WRAPPER]: 4 });
    expect(String(res.stdout)).toContain('Phase II finished: 2 packages, 2 with errors');
    expect(String(res.stdout)).toContain(
      `model calls: 0 answered, 4 failed: 4 ModelRateLimited (${limited})`,
    );
  });

  it('a model that never answers in time: each package times out after its first call, and the summary says why', async () => {
    // The pre-flight's question (no package in it) is answered; the packages' calls hang.
    const s = await stub((req) =>
      req.packageId === null ? { content: '{"ok": true}' } : { hangMs: 60_000 },
    );
    const res = await phase2('slow-model', s.baseUrl, '--per-package-timeout-seconds', '4');
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const { aggregate, packages } = result('slow-model');
    for (const row of packages) {
      // upstream's words for a package out of time
      expect(row.error).toBe('per-package timeout exceeded (4.0s)');
      expect(row).toMatchObject({ timed_out: true });
      expect(row.model_calls).toMatchObject({
        answered: 0,
        failed: 1,
        failures: { ModelTimeout: { count: 1 } },
      });
      expect(row.model_calls!.last_failure).toMatch(
        new RegExp(
          `^model request timed out after \\d+ ms at ${s.baseUrl}; raise --per-package-timeout-seconds`,
        ),
      );
    }
    expect(aggregate.errors).toBe(2);
    expect(aggregate).toMatchObject({ failure_stages: { timed_out: 2 } });
    expect(aggregate.model_calls).toMatchObject({
      answered: 0,
      failed: 2,
      failures: { ModelTimeout: { count: 2 } },
    });
    // the request ran into the package's deadline, so no retry and no second plan attempt
    expect(chatRequests(s)).toHaveLength(1 + 2);
    expect(perPackage(s)).toEqual({ [STDLIB]: 1, [WRAPPER]: 1 });
    expect(String(res.stdout)).toContain('Phase II finished: 2 packages, 2 with errors');
    expect(String(res.stdout)).toContain(
      'model calls: 0 answered, 2 failed: 2 ModelTimeout (model request timed out after',
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

describe('a smi-bench server found running, with `smi-bench worker` processes beside the command’s own worker', () => {
  it('the banner and the pre-flight say that either may read the key, and which one was checked', async () => {
    const s = await stub(() => ({ content: JSON.stringify({ calls: [] }) }));
    const port = temporalAddress().split(':').at(-1)!;
    // No TEMPORAL_ADDRESS: the command finds the server on its local port and runs a worker of its own,
    // while this file's `smi-bench worker` polls the same queues.
    const res = await smiBench(
      [
        'phase2',
        ...['--corpus-root', CORPUS_DIR, '--package-ids-file', idsFile, '--samples', '0'],
        ...['--agent', 'real-openai-compatible', '--max-plan-attempts', '1'],
        ...['--run-id', 'mixed', '--log-dir', logDir, '--dotenv', join(work, 'none.env'), '--no-progress'],
      ],
      {
        TEMPORAL_ADDRESS: '',
        TEMPORAL_NAMESPACE: server.TEMPORAL_NAMESPACE,
        SMI_TEMPORAL_PORT: port,
        SMI_TEMPORAL_UI_PORT: String(await freePort()),
        SMI_HOME: join(work, 'home'),
        SMI_MODEL: 'stub-model',
        SMI_API_BASE_URL: s.baseUrl,
        SMI_API_KEY: 'worker-key',
      },
    );
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const stderr = String(res.stderr);
    expect(stderr).toContain(`Temporal: smi-bench server found running at 127.0.0.1:${port}`);
    expect(stderr).toContain('; worker in this process');
    expect(stderr).toContain(
      '  API key:       read by whichever worker takes a call: the worker in this process (SMI_API_KEY from ' +
        'the environment), or a `smi-bench worker` process polling this server (from its own environment or ' +
        'dotenv file)',
    );
    expect(stderr).toMatch(
      new RegExp(
        `pre-flight: model stub-model at ${s.baseUrl} answered; asked by (the worker in this process|the ` +
          '`smi-bench worker` process \\d+@\\S+) \\(the keys of other workers on this server were not checked\\)',
      ),
    );
    expect(result('mixed').aggregate.errors).toBe(0);
  });
});
