// Phase II end to end on a synthetic corpus of hundreds of packages: `smi-bench phase2 --agent
// baseline-search --simulation-mode build-only` against a dedicated Temporal dev server with one
// `smi-bench worker` process (or --workers N, to see what a second process on the same machine adds).
// Target: at least 20 packages/s with one worker.
// Baseline in the same run: the same per-package work (extract, candidates, variants, BCS build and
// static scan) in one process with no orchestration, measured before and after the run.
//
//   node dist/perf/phase2-throughput.js [--corpus DIR] [--packages 500] [--concurrency 32] [--workers 1]
import { runScript } from './support/cleanup.js';
import { measureCpu } from './support/cpu.js';
import { parseOptions } from './support/options.js';
import { runPhaseCli } from './support/phase1.js';
import { planEach } from './support/plan-loop.js';
import { childEnv, startWorker } from './support/processes.js';
import { assertBuilt, resolveCorpus } from './support/project.js';
import { fmt, log, printTable, startRecord, writeRecord } from './support/report.js';
import { buildSyntheticCorpus, sourcePackages } from './support/synthetic-corpus.js';
import { inFlight, runTimeline, startPerfServer } from './support/temporal.js';
import { makeWorkDir } from './support/workdir.js';

const USAGE = `usage: node dist/perf/phase2-throughput.js [--corpus DIR] [--packages N] [--concurrency N]
       [--workers N] [--timeout-seconds N] [--db-dir DIR] [--keep-temp]
  --corpus           real packages to copy (default ../shared/corpus beside the project)
  --packages         size of the synthetic corpus (default 500)
  --concurrency      smi-bench phase2 --concurrency (default 32)
  --workers          smi-bench worker processes (default 1)
  --timeout-seconds  give up on the measured run after this long (default 900)
  --db-dir           where the Temporal dev server keeps its SQLite file (default: the work dir)
  --keep-temp        keep the work dir (corpus, run logs, worker and server logs)`;

const TARGET_PACKAGES_PER_S = 20;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

interface Phase2Result {
  samples: number;
  aggregate: { errors: number; hits: number; avg_hit_rate: number };
  packages: { package_id: string; error: string | null; score: { created_hits: number } }[];
}

function check(what: string, result: Phase2Result, ids: string[]): void {
  const rows = result.packages.map((p) => p.package_id);
  const problems: string[] = [];
  if (rows.length !== ids.length || new Set(rows).size !== ids.length)
    problems.push(`${rows.length} rows (${new Set(rows).size} distinct), expected ${ids.length}`);
  if (result.aggregate.errors !== 0) problems.push(`${result.aggregate.errors} rows with errors`);
  if (result.aggregate.hits === 0) problems.push('no hits at all: the framework copies create key objects');
  if (problems.length > 0) throw new Error(`${what}: the result is wrong:\n  ${problems.join('\n  ')}`);
}

async function main(): Promise<number> {
  const opts = parseOptions(
    process.argv.slice(2),
    USAGE,
    { packages: 500, concurrency: 32, workers: 1, 'timeout-seconds': 900 },
    ['db-dir'],
  );
  assertBuilt();
  const corpus = resolveCorpus(opts.corpus);
  const record = startRecord('phase2-throughput', { ...opts, corpus });
  const workDir = makeWorkDir('phase2', opts.keepTemp);

  const sources = await sourcePackages(corpus);
  log(`building a synthetic corpus of ${opts.packages} packages from ${sources.length} in ${corpus} …`);
  const synthetic = await buildSyntheticCorpus(sources, workDir, opts.packages);
  const ids = synthetic.packages.map((p) => p.package_id);
  const dirs = synthetic.packages.map((p) => p.package_dir);

  await planEach(sources.map((s) => s.package_dir)); // warm-up: JIT and file cache
  log('baseline: the per-package work in this process …');
  const baselineBefore = sum(await planEach(dirs));

  const server = await startPerfServer(workDir, opts['db-dir']);
  const workers = [];
  for (let i = 1; i <= opts.workers; i++)
    workers.push(
      await startWorker(server.address, workDir, {}, opts.workers === 1 ? 'worker' : `worker${i}`),
    );
  const workerPids = Object.fromEntries(
    workers.map((w, i) => [opts.workers === 1 ? 'worker' : `worker ${i + 1}`, w.pid]),
  );
  log(`Temporal dev server on ${server.address}, worker pids ${workers.map((w) => w.pid).join(', ')}`);
  const spec = {
    env: childEnv({ TEMPORAL_ADDRESS: server.address }),
    agent: 'baseline-search',
    workDir,
    timeoutMs: opts['timeout-seconds'] * 1000,
  };
  const phase2Args = ['--simulation-mode', 'build-only'];

  log('warm-up run on the real corpus …');
  const warm = await runPhaseCli<Phase2Result>(
    'phase2',
    { ...spec, corpusRoot: corpus, concurrency: sources.length, runId: 'perf-warmup' },
    phase2Args,
  );
  check(
    'warm-up run',
    warm.result,
    sources.map((s) => s.package_id),
  );

  log(`measured run: ${opts.packages} packages, --concurrency ${opts.concurrency} …`);
  const runId = `perf-phase2-${opts.packages}`;
  const { value: measured, cpuSeconds } = await measureCpu(
    { ...workerPids, 'temporal server': server.process.pid! },
    () =>
      runPhaseCli<Phase2Result>(
        'phase2',
        { ...spec, corpusRoot: synthetic.root, concurrency: opts.concurrency, runId },
        phase2Args,
      ),
  );
  check('measured run', measured.result, ids);
  const timeline = await runTimeline(server.address, runId, 'phase2');

  log('baseline again …');
  const baselineAfter = sum(await planEach(dirs));
  const baselineMs = (baselineBefore + baselineAfter) / 2;

  const n = opts.packages;
  const wallMs = measured.run.wallMs;
  const spanMs = timeline.run.closeMs - timeline.run.startMs;
  const perSecond = (ms: number) => n / (ms / 1000);
  const concurrency = inFlight(timeline);
  printTable(
    `Phase II throughput, ${n} packages, baseline-search + build-only, --concurrency ${opts.concurrency}, ` +
      `${opts.workers} worker${opts.workers === 1 ? '' : 's'}`,
    ['measurement', 'seconds', 'packages/s', 'ms/package'],
    [
      [
        'baseline: the same work in one process (mean)',
        baselineMs / 1000,
        perSecond(baselineMs),
        baselineMs / n,
      ],
      ['phase2 CLI, wall clock', wallMs / 1000, perSecond(wallMs), wallMs / n],
      ['run workflow, start to close (Temporal)', spanMs / 1000, perSecond(spanMs), spanMs / n],
    ],
  );
  printTable(
    'CPU seconds during the measured run',
    ['process', 'CPU s', 'CPU ms/package'],
    Object.entries(cpuSeconds).map(([name, s]) => [name, s ?? NaN, ((s ?? NaN) * 1000) / n]),
  );
  const packagesPerS = perSecond(wallMs);
  const pass = packagesPerS >= TARGET_PACKAGES_PER_S;
  process.stdout.write(
    `\n${fmt(packagesPerS)} packages/s end to end, target ≥ ${TARGET_PACKAGES_PER_S}: ${pass ? 'PASS' : 'FAIL'}\n` +
      `ratio to the in-process baseline: ${fmt(perSecond(wallMs) / perSecond(baselineMs))}; ` +
      `orchestration ${fmt((wallMs - baselineMs) / n)} ms/package of wall time\n` +
      `in flight: mean ${fmt(concurrency.mean)}, max ${concurrency.max}; ` +
      `hits ${measured.result.aggregate.hits}, avg_hit_rate ${fmt(measured.result.aggregate.avg_hit_rate)}; ` +
      `baseline drift after/before ${(baselineAfter / baselineBefore).toFixed(3)}\n`,
  );
  writeRecord(
    record,
    {
      baseline_ms: { before: baselineBefore, after: baselineAfter, mean: baselineMs },
      run: { run_id: runId, wall_ms: wallMs, workflow_span_ms: spanMs, cpu_seconds: cpuSeconds },
      packages_in_flight: concurrency,
      packages_per_s: {
        baseline: perSecond(baselineMs),
        wall: packagesPerS,
        workflow_span: perSecond(spanMs),
      },
    },
    {
      lines: [
        `${fmt(packagesPerS)} packages/s end to end (${n} packages, target ≥ ${TARGET_PACKAGES_PER_S})`,
        `baseline in-process ${fmt(perSecond(baselineMs))} packages/s`,
      ],
      pass,
    },
  );
  return pass ? 0 : 1;
}

await runScript(main);
