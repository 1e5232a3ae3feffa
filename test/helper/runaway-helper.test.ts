// Issue 36: a model-written helper whose entry function allocates for ever (a 1 000-element vector, then
// `loop { outer.push_back(copy big) }`). Before gas metering it filled V8's heap and killed the worker (and
// every `resume` after it). Now Sui's gas ends it with InsufficientGas, as Sui's runtime would.
//   1. The helper alone, built by Sui's compiler and run by our runner in a child process whose heap is capped
//      at 512 MB: it ends with the out-of-gas status, in seconds, and the child's heap stays far below the cap.
//   2. The helper benchmark over a real Temporal server, with a worker process capped the same way: the first
//      package's helper is the runaway one, the second's a good one; the first row records the out-of-gas
//      failure, the same worker runs the second package, the run finishes, and `resume` of it finishes.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelperRow } from '../../src/core/helper/row.js';
import { smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { GOOD_SHOP, helperAnswer } from '../support/helper-answers.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';
import { CORPUS_DIR, PROJECT_ROOT, SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const HEAP_CAP = '--max-old-space-size=512';

const RUNAWAY = `module helper::hog;

entry fun alloc() {
    let mut big = vector[];
    let mut i = 0u64;
    while (i < 1000) {
        big.push_back(i);
        i = i + 1;
    };
    let mut outer = vector[];
    loop {
        outer.push_back(copy big)
    }
}
`;

describe('the runaway allocation as a helper, in a process with a 512 MB heap', () => {
  it('ends with InsufficientGas in seconds, the heap far below the cap', async () => {
    // The child builds the helper with Sui's compiler and runs it with the built runner (dist/, as the CLI).
    const dist = (path: string) => pathToFileURL(join(PROJECT_ROOT, 'dist', 'src', path)).href;
    const script = `
      import { buildHelper } from ${JSON.stringify(dist('helper/build.js'))};
      import { helperEntrypoints, runHelperEntrypoint } from ${JSON.stringify(dist('helper/execute.js'))};
      const answer = ${JSON.stringify(JSON.stringify({ move_toml: helperMoveToml(), files: { 'sources/hog.move': RUNAWAY } }))};
      const source = { corpusRoot: ${JSON.stringify(CORPUS_DIR)}, frameworkDir: null, packageId: ${JSON.stringify(WRAPPER)} };
      const build = await buildHelper(answer, source);
      if (build.stage !== 'built') throw new Error(build.stage + ': ' + JSON.stringify(build.errors));
      const heapBefore = process.memoryUsage().heapUsed;
      const cpuBefore = process.cpuUsage();
      // In this thread, not a VM thread (src/vm-pool/): what is shown is that gas alone bounds it.
      const request = { ...source, packageDir: ${JSON.stringify(SHARED_PACKAGE_DIRS[WRAPPER])}, modules: build.modules, entrypoints: [] };
      const results = [];
      for (const [i] of (await helperEntrypoints(request)).entries()) results.push(await runHelperEntrypoint(request, i));
      const cpu = process.cpuUsage(cpuBefore);
      const heap = process.memoryUsage();
      console.log(JSON.stringify({ results, cpuMs: (cpu.user + cpu.system) / 1000, heapGrowth: heap.heapUsed - heapBefore, heapUsed: heap.heapUsed }));
    `;
    // A file, not `-e`: the compiler's worker thread inherits the flags, and `--input-type` would refuse it.
    const file = join(mkdtempSync(join(tmpdir(), 'smi-runaway-')), 'run.mjs');
    writeFileSync(file, script);
    const child = await execa('node', [HEAP_CAP, file], {
      reject: false,
      timeout: 120_000,
    });
    expect(child.exitCode, String(child.stderr)).toBe(0);
    const report = JSON.parse(String(child.stdout).trim().split('\n').pop()!) as {
      results: { status: string; error: string; abort_location: string }[];
      cpuMs: number;
      heapGrowth: number;
      heapUsed: number;
    };
    expect(report.results).toHaveLength(1);
    expect(report.results[0]).toMatchObject({ status: 'failed' });
    expect(report.results[0]!.error).toMatch(/^InsufficientGas: out of gas/);
    expect(report.results[0]!.abort_location).toMatch(/::hog::alloc$/);
    expect(report.cpuMs).toBeLessThan(5000);
    // 5 000 000 gas units buy about 6 000 copies of the 8 002-byte vector: tens of MB, not the GBs of before.
    expect(report.heapUsed).toBeLessThan(256 * 1024 * 1024);
  });
});

function helperMoveToml(): string {
  return '[package]\nname = "Hog"\nedition = "2024"\n\n[addresses]\nhelper = "0x0"\n';
}

describe('smi-bench helper: a runaway helper fails its package, and the worker goes on', () => {
  const KEY = 'runaway-key';
  const work = mkdtempSync(join(tmpdir(), 'smi-runaway-helper-'));
  const logDir = join(work, 'logs');
  let stub: RunningOpenAiStub;
  let worker: ChildProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    // wrapper_coin's prompt gets the runaway helper, 0x2's the good shop.
    stub = await startOpenAiStub({
      apiKey: KEY,
      handler: (req) =>
        req.prompt.includes(WRAPPER.slice(2))
          ? helperAnswer({ 'sources/hog.move': RUNAWAY })
          : helperAnswer({ 'sources/shop.move': GOOD_SHOP }),
    });
    const server = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.runawayHelper };
    worker = spawnWorker({ ...server, SMI_API_KEY: KEY, NODE_OPTIONS: HEAP_CAP });
    env = { ...server, SMI_MODEL: 'stub-model', SMI_API_BASE_URL: stub.baseUrl, SMI_API_KEY: KEY };
  });
  afterAll(async () => {
    await stopProcess(worker);
    await stub.close();
  });

  const result = (runId: string) =>
    JSON.parse(readFileSync(join(logDir, runId, 'result.json'), 'utf8')) as { packages: HelperRow[] };

  it('records InsufficientGas for the first package, runs the second, and resume finishes', async () => {
    const runId = 'runaway-helper';
    const res = await smiBench(
      [
        'helper',
        ...['--corpus-root', CORPUS_DIR, '--package-id', WRAPPER, '--package-id', SUI],
        ...['--agent', 'real-openai-compatible', '--max-attempts', '1', '--concurrency', '1'],
        ...['--run-id', runId, '--log-dir', logDir, '--dotenv', join(work, 'none.env'), '--no-progress'],
        '--skip-preflight',
      ],
      env,
    );
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const rows = result(runId).packages;
    const byId = new Map(rows.map((row) => [row.package_id, row]));
    const runaway = byId.get(WRAPPER)!;
    expect(runaway.entrypoints).toHaveLength(1);
    expect(runaway.entrypoints[0]).toMatchObject({ status: 'failed', abort_code: null });
    expect(runaway.entrypoints[0]!.error).toMatch(/^InsufficientGas: out of gas/);
    expect(runaway.ok).toBe(false);
    expect(byId.get(SUI)).toMatchObject({ ok: true, failure_stage: 'targets_created', error: null });
    // The worker that ran the runaway helper is still the one serving the queue.
    expect(worker.exitCode).toBeNull();
    expect(worker.signalCode).toBeNull();

    const resumed = await smiBench(['resume', runId, '--no-progress'], env);
    expect(resumed.exitCode, String(resumed.stderr)).toBe(0);
    expect(result(runId).packages).toHaveLength(2);
    expect(worker.exitCode).toBeNull();
  });
});
