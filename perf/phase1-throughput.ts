// Phase I end to end on a synthetic corpus of hundreds of packages: `smi-bench phase1 --agent mock-perfect`
// against a dedicated Temporal dev server with ONE `smi-bench worker` process. The mock agent costs
// nothing, so what remains is extraction plus orchestration (workflows, activities, result files).
// Baseline in the same run: extracting the same packages in one process, measured before and after.
//
//   node dist/perf/phase1-throughput.js [--corpus DIR] [--packages 500] [--concurrency 32]
import { runScript } from './support/cleanup.js';
import { measureCpu } from './support/cpu.js';
import { extractEach } from './support/extract-loop.js';
import { parseOptions } from './support/options.js';
import { assertResult, runPhase1, warmUpPhase1 } from './support/phase1.js';
import { PASSED_THROUGH_ENV, childEnv, startWorker } from './support/processes.js';
import { assertBuilt, resolveCorpus } from './support/project.js';
import { fmt, fmtRatio, log, median, printTable, startRecord, writeRecord } from './support/report.js';
import { buildSyntheticCorpus, sourcePackages } from './support/synthetic-corpus.js';
import { inFlight, runTimeline, startPerfServer } from './support/temporal.js';
import { makeWorkDir } from './support/workdir.js';

const USAGE = `usage: node dist/perf/phase1-throughput.js [--corpus DIR] [--packages N] [--concurrency N]
       [--timeout-seconds N] [--db-dir DIR] [--keep-temp]
  --corpus           real packages to copy (default ../shared/corpus beside the project)
  --packages         size of the synthetic corpus (default 500)
  --concurrency      smi-bench phase1 --concurrency (default 32)
  --timeout-seconds  give up on the measured run after this long (default 900)
  --db-dir           where the Temporal dev server keeps its SQLite file (default: the work dir);
                     e.g. /dev/shm shows what disk syncs cost
  --keep-temp        keep the work dir (corpus, run logs, worker and server logs)`;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<number> {
  const opts = parseOptions(
    process.argv.slice(2),
    USAGE,
    {
      packages: 500,
      concurrency: 32,
      'timeout-seconds': 900,
    },
    ['db-dir'],
  );
  assertBuilt();
  const corpus = resolveCorpus(opts.corpus);
  const record = startRecord('phase1-throughput', { ...opts, corpus });
  const workDir = makeWorkDir('phase1', opts.keepTemp);

  const sources = await sourcePackages(corpus);
  log(`building a synthetic corpus of ${opts.packages} packages from ${sources.length} in ${corpus} …`);
  const synthetic = await buildSyntheticCorpus(sources, workDir, opts.packages);
  const ids = synthetic.packages.map((p) => p.package_id);
  const dirs = synthetic.packages.map((p) => p.package_dir);
  log(`  built in ${fmt(synthetic.buildMs / 1000)} s`);

  // Baseline, bracketing the run so that a change in machine load shows up as drift between the two.
  await extractEach(sources.map((s) => s.package_dir)); // warm-up: JIT and file cache
  log('baseline: extracting every package in this process …');
  const baselineBefore = sum(await extractEach(dirs));

  const server = await startPerfServer(workDir, opts['db-dir']);
  const worker = await startWorker(server.address, workDir);
  log(`Temporal dev server on ${server.address}, worker pid ${worker.pid}`);
  const env = childEnv({ TEMPORAL_ADDRESS: server.address });
  const timeoutMs = opts['timeout-seconds'] * 1000;

  log('warm-up run on the real corpus …');
  const warm = await warmUpPhase1({ env, runId: 'perf-warmup', workDir, timeoutMs }, sources, corpus);

  log(`measured run: ${opts.packages} packages, --concurrency ${opts.concurrency} …`);
  const runId = `perf-phase1-${opts.packages}`;
  const { value: measured, cpuSeconds } = await measureCpu(
    { worker: worker.pid, 'temporal server': server.process.pid! },
    () =>
      runPhase1({
        env,
        corpusRoot: synthetic.root,
        agent: 'mock-perfect',
        concurrency: opts.concurrency,
        runId,
        workDir,
        timeoutMs,
      }),
  );
  assertResult('measured run', measured.result, ids, 1);
  const timeline = await runTimeline(server.address, runId);

  log('baseline again …');
  const baselineAfter = sum(await extractEach(dirs));
  const baselineMs = (baselineBefore + baselineAfter) / 2;

  const n = opts.packages;
  const wallMs = measured.run.wallMs;
  const spanMs = timeline.run.closeMs - timeline.run.startMs;
  const packageMs = timeline.packages.map((p) => p.closeMs - p.startMs);
  const concurrency = inFlight(timeline);
  const resultSeconds = measured.result.finished_at_unix_seconds - measured.result.started_at_unix_seconds;
  const perSecond = (ms: number) => n / (ms / 1000);
  const ratio = perSecond(wallMs) / perSecond(baselineMs);
  const cpuTotal = sum(Object.values(cpuSeconds).map((s) => s ?? 0));

  printTable(
    `Phase I throughput, ${n} packages, mock-perfect, --concurrency ${opts.concurrency}, 1 worker`,
    ['measurement', 'seconds', 'packages/s', 'ms/package'],
    [
      ['baseline: extract in one process (mean)', baselineMs / 1000, perSecond(baselineMs), baselineMs / n],
      ['  before the run', baselineBefore / 1000, perSecond(baselineBefore), baselineBefore / n],
      ['  after the run', baselineAfter / 1000, perSecond(baselineAfter), baselineAfter / n],
      ['phase1 CLI, wall clock', wallMs / 1000, perSecond(wallMs), wallMs / n],
      ['run workflow, start to close (Temporal)', spanMs / 1000, perSecond(spanMs), spanMs / n],
      [
        'result file, started to finished (1 s res.)',
        resultSeconds,
        n / Math.max(resultSeconds, 1),
        (1000 * resultSeconds) / n,
      ],
    ],
  );
  printTable(
    'CPU seconds during the measured run',
    ['process', 'CPU s', 'CPU ms/package', 'share of wall'],
    Object.entries(cpuSeconds).map(([name, s]) => [
      name,
      s ?? NaN,
      ((s ?? NaN) * 1000) / n,
      (s ?? NaN) / (wallMs / 1000),
    ]),
  );
  process.stdout.write(
    `\nthroughput ratio, phase1 end to end / in-process extraction: ${fmtRatio(ratio)}\n` +
      `orchestration cost: ${fmt((wallMs - baselineMs) / n)} ms/package of wall time ` +
      `(CLI start-up and finish outside the workflow: ${fmt(wallMs - spanMs)} ms)\n` +
      `package workflows: median ${fmt(median(packageMs))} ms, p95 ${fmt(percentile(packageMs, 95))} ms; ` +
      `in flight: mean ${fmt(concurrency.mean)}, max ${concurrency.max} (--concurrency ${opts.concurrency})\n` +
      `CPU used: ${fmt(cpuTotal)} s over ${fmt(wallMs / 1000)} s wall on a ${record.machine_at_start.cpus}-CPU machine ` +
      `(baseline drift, after/before: ${(baselineAfter / baselineBefore).toFixed(3)})\n` +
      `checked: ${n} rows, each F1 = 1.0, no errors\n`,
  );

  writeRecord(
    record,
    {
      corpus_build_ms: synthetic.buildMs,
      worker_env: Object.fromEntries(PASSED_THROUGH_ENV.map((k) => [k, process.env[k] ?? null])),
      baseline_ms: { before: baselineBefore, after: baselineAfter, mean: baselineMs },
      warmup_run_wall_ms: warm.run.wallMs,
      run: {
        run_id: runId,
        wall_ms: wallMs,
        workflow_span_ms: spanMs,
        workflow_executions: timeline.run.executions,
        result_file_seconds: resultSeconds,
        package_workflow_ms: {
          median: median(packageMs),
          p95: percentile(packageMs, 95),
          max: Math.max(...packageMs),
        },
        packages_in_flight: concurrency,
        cpu_seconds: cpuSeconds,
      },
      packages_per_s: {
        baseline: perSecond(baselineMs),
        wall: perSecond(wallMs),
        workflow_span: perSecond(spanMs),
      },
      ratios: { throughput_wall_over_baseline: ratio, slowdown_wall_over_baseline: wallMs / baselineMs },
    },
    {
      lines: [
        `${fmt(perSecond(wallMs))} packages/s end to end (${n} packages, ${fmt(wallMs / 1000)} s)`,
        `baseline in-process extraction ${fmt(perSecond(baselineMs))} packages/s`,
        `ratio ${fmtRatio(ratio)}; orchestration ${fmt((wallMs - baselineMs) / n)} ms/package`,
      ],
      pass: null,
    },
  );
  return 0;
}

await runScript(main);
