// Does --concurrency hide model latency in the helper benchmark's attempt loop? Each package costs two
// model calls answered by a stub after 500 ms (a helper that does not build, then one written against its
// diagnostics), two builds with smi-bench's compiler and one run of the built helper in the VM; the same
// synthetic corpus (copies of the shared corpus's non-framework packages) runs through
// `smi-bench helper --agent real-openai-compatible` with --concurrency 1 and --concurrency 16, against one
// dev server and one worker process. Target as Phase I's single model call: wall(16) / wall(1) ≤ 0.12.
//
//   node dist/perf/helper-loop.js [--corpus DIR] [--packages 64] [--concurrency 16] [--delay-ms 500]
import { dirname, join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { FRAMEWORK_IDS, normalizeId } from '../src/vm/package-source.js';
import { packageDirFor } from '../src/move/package-layout.js';
import { onCleanup, runScript } from './support/cleanup.js';
import { measureCpu } from './support/cpu.js';
import { brokenThenGood } from './support/helper-answers.js';
import { maxInFlightAtStub, startOpenAiStub } from './support/openai-stub.js';
import { parseOptions } from './support/options.js';
import { runPhaseCli } from './support/phase1.js';
import { childEnv, startWorker } from './support/processes.js';
import { assertBuilt, resolveCorpus } from './support/project.js';
import { fmt, fmtRatio, log, printTable, startRecord, writeRecord } from './support/report.js';
import { buildSyntheticCorpus, sourcePackages } from './support/synthetic-corpus.js';
import { inFlight, runTimeline, startPerfServer } from './support/temporal.js';
import { makeWorkDir } from './support/workdir.js';

const USAGE = `usage: node dist/perf/helper-loop.js [--corpus DIR] [--packages N] [--concurrency N]
       [--delay-ms N] [--timeout-seconds N] [--db-dir DIR] [--keep-temp]
  --packages         synthetic packages per run (default 64)
  --concurrency      the concurrent run's --concurrency (default 16; the baseline uses 1)
  --delay-ms         the stub model's answer time (default 500)
  --timeout-seconds  give up on a run after this long (default 900)
  --db-dir           where the Temporal dev server keeps its SQLite file (default: the work dir)
  --keep-temp        keep the work dir`;

const TARGET_RATIO = 0.12;
const CALLS_PER_PACKAGE = 2;
const API_KEY = 'perf-stub-key';

interface HelperResult {
  aggregate: { errors: number };
  packages: {
    package_id: string;
    error: string | null;
    attempts: number;
    successful_attempt: number | null;
  }[];
}

async function main(): Promise<number> {
  const opts = parseOptions(
    process.argv.slice(2),
    USAGE,
    { packages: 64, concurrency: 16, 'delay-ms': 500, 'timeout-seconds': 900 },
    ['db-dir'],
  );
  assertBuilt();
  const corpus = resolveCorpus(opts.corpus);
  const record = startRecord('helper-loop', { ...opts, corpus, target_ratio: TARGET_RATIO });
  const workDir = makeWorkDir('helper-loop', opts.keepTemp);
  const delayMs = opts['delay-ms'];
  // Copies of the framework at other addresses would be targets of their own: copy the other packages,
  // and build and run every helper against the corpus's framework.
  const framework = new Set(FRAMEWORK_IDS.map(normalizeId));
  const sources = (await sourcePackages(corpus)).filter((p) => !framework.has(normalizeId(p.package_id)));
  const synthetic = await buildSyntheticCorpus(sources, workDir, opts.packages);
  const frameworkDir = dirname(packageDirFor(corpus, '0x2'));
  const ids = synthetic.packages.map((p) => p.package_id);
  const idsFile = join(workDir, 'ids.txt');
  writeFileSync(idsFile, ids.join('\n') + '\n');

  const stub = await startOpenAiStub({
    apiKey: API_KEY,
    handler: (req) => ({ ...brokenThenGood(req.prompt), delayMs }),
  });
  onCleanup('model stub', () => stub.close());
  const server = await startPerfServer(workDir, opts['db-dir']);
  // Builds and runs are activities on the simulation queue: as many in flight as packages.
  const worker = await startWorker(server.address, workDir, {
    SMI_API_KEY: API_KEY,
    SMI_SIM_CONCURRENCY: String(opts.concurrency),
  });
  log(`stub model at ${stub.baseUrl} (${delayMs} ms per answer); worker pid ${worker.pid}`);
  const env = childEnv({
    TEMPORAL_ADDRESS: server.address,
    SMI_MODEL: 'perf-stub-model',
    SMI_API_BASE_URL: stub.baseUrl,
  });
  const pids = { worker: worker.pid, 'temporal server': server.process.pid! };

  const run = async (label: string, concurrency: number) => {
    log(
      `${label}: ${ids.length} packages × ${CALLS_PER_PACKAGE} model calls, --concurrency ${concurrency} …`,
    );
    const first = stub.requests.length;
    const { value, cpuSeconds } = await measureCpu(pids, () =>
      runPhaseCli<HelperResult>(
        'helper',
        {
          env,
          corpusRoot: synthetic.root,
          agent: 'real-openai-compatible',
          concurrency,
          runId: `perf-helper-${label}`,
          workDir,
          timeoutMs: opts['timeout-seconds'] * 1000,
        },
        ['--package-ids-file', idsFile, '--framework-dir', frameworkDir],
      ),
    );
    const requests = stub.requests.slice(first);
    const problems: string[] = [];
    if (requests.length !== ids.length * CALLS_PER_PACKAGE)
      problems.push(`${requests.length} model calls, expected ${ids.length * CALLS_PER_PACKAGE}`);
    if (value.result.aggregate.errors !== 0)
      problems.push(`${value.result.aggregate.errors} rows with errors`);
    if (value.result.packages.length !== ids.length) problems.push(`${value.result.packages.length} rows`);
    const unbuilt = value.result.packages.filter((p) => p.successful_attempt !== CALLS_PER_PACKAGE);
    if (unbuilt.length > 0) problems.push(`${unbuilt.length} packages whose second helper did not build`);
    if (problems.length > 0) throw new Error(`${label}: ${problems.join('; ')}`);
    const timeline = await runTimeline(server.address, value.runId, 'helper');
    return {
      concurrency,
      wallMs: value.run.wallMs,
      spanMs: timeline.run.closeMs - timeline.run.startMs,
      inFlight: inFlight(timeline),
      callsInFlightMax: maxInFlightAtStub(requests, delayMs),
      cpuSeconds,
    };
  };

  await run('warmup', opts.concurrency);
  const sequential = await run('sequential', 1);
  const concurrent = await run('concurrent', opts.concurrency);
  const n = ids.length;
  const idealMs = (c: number) => Math.ceil(n / c) * CALLS_PER_PACKAGE * delayMs;
  const ratio = concurrent.wallMs / sequential.wallMs;
  const pass = ratio <= TARGET_RATIO;
  printTable(
    `Helper attempt-loop latency hiding: ${n} packages × ${CALLS_PER_PACKAGE} calls, 2 builds and a run each, stub answers in ${delayMs} ms, 1 worker`,
    ['run', 'wall s', 'run span s', 'model-bound s', 'pkgs in flight (mean/max)', 'calls in flight max'],
    [sequential, concurrent].map((m) => [
      `--concurrency ${m.concurrency}`,
      m.wallMs / 1000,
      m.spanMs / 1000,
      idealMs(m.concurrency) / 1000,
      `${fmt(m.inFlight.mean)} / ${m.inFlight.max}`,
      m.callsInFlightMax,
    ]),
  );
  printTable(
    'CPU ms per package',
    ['run', ...Object.keys(sequential.cpuSeconds)],
    [sequential, concurrent].map((m) => [
      `--concurrency ${m.concurrency}`,
      ...Object.values(m.cpuSeconds).map((s) => (1000 * (s ?? NaN)) / n),
    ]),
  );
  // What a package costs beyond its model calls, at --concurrency 1: the loop's own overhead.
  const overheadMs = sequential.wallMs / n - CALLS_PER_PACKAGE * delayMs;
  process.stdout.write(
    `\nwall(${opts.concurrency}) / wall(1) = ${fmtRatio(ratio)} (run span only: ` +
      `${fmtRatio(concurrent.spanMs / sequential.spanMs)}; model-bound ideal ` +
      `${fmtRatio(idealMs(opts.concurrency) / idealMs(1))}); target ≤ ${TARGET_RATIO}: ${pass ? 'PASS' : 'FAIL'}\n` +
      `orchestration, builds and run per package at --concurrency 1: ${fmt(overheadMs)} ms beyond its model calls\n`,
  );
  writeRecord(
    record,
    {
      sequential,
      concurrent,
      ratios: { wall: ratio, target: TARGET_RATIO },
      overhead_ms_per_package: overheadMs,
      pass,
    },
    {
      lines: [
        `--concurrency 1: ${fmt(sequential.wallMs / 1000)} s; --concurrency ${opts.concurrency}: ${fmt(concurrent.wallMs / 1000)} s`,
        `ratio ${fmtRatio(ratio)} (target ≤ ${TARGET_RATIO}): ${pass ? 'PASS' : 'FAIL'}; ${fmt(overheadMs)} ms per package beyond the model at --concurrency 1`,
      ],
      pass,
    },
  );
  return pass ? 0 : 1;
}

await runScript(main);
