// Does --concurrency hide model latency in Phase II's planning loop? Each package costs four model calls
// (three need_more rounds, then a plan) answered by a stub after 500 ms; the same synthetic corpus runs
// through `smi-bench phase2 --agent real-openai-compatible` with --concurrency 1 and --concurrency 16,
// against one dev server and one worker process. Target: wall(16) / wall(1) ≤ 0.09.
//
//   node dist/perf/phase2-llm-latency.js [--corpus DIR] [--packages 100] [--concurrency 16] [--delay-ms 500]
import { onCleanup, runScript } from './support/cleanup.js';
import { measureCpu } from './support/cpu.js';
import { maxInFlightAtStub, startOpenAiStub, type StubReply } from './support/openai-stub.js';
import { parseOptions } from './support/options.js';
import { runPhaseCli } from './support/phase1.js';
import { childEnv, startWorker } from './support/processes.js';
import { assertBuilt, resolveCorpus } from './support/project.js';
import { fmt, fmtRatio, log, printTable, startRecord, writeRecord } from './support/report.js';
import { buildSyntheticCorpus, sourcePackages } from './support/synthetic-corpus.js';
import { inFlight, runTimeline, startPerfServer } from './support/temporal.js';
import { makeWorkDir } from './support/workdir.js';

const USAGE = `usage: node dist/perf/phase2-llm-latency.js [--corpus DIR] [--packages N] [--concurrency N]
       [--delay-ms N] [--timeout-seconds N] [--db-dir DIR] [--keep-temp]
  --packages         synthetic packages per run (default 100)
  --concurrency      the concurrent run's --concurrency (default 16; the baseline uses 1)
  --delay-ms         the stub model's answer time (default 500)
  --timeout-seconds  give up on a run after this long (default 900)
  --db-dir           where the Temporal dev server keeps its SQLite file (default: the work dir)
  --keep-temp        keep the work dir`;

const TARGET_RATIO = 0.09;
const CALLS_PER_PACKAGE = 4;
const API_KEY = 'perf-stub-key';

interface Phase2Result {
  aggregate: { errors: number };
  packages: { package_id: string; error: string | null; plan_attempts: number }[];
}

/** Call n of a package (1-based): a need_more naming a new function, until the last call plans. */
function plannerReply(packageId: string, call: number, delayMs: number): StubReply {
  const content =
    call < CALLS_PER_PACKAGE
      ? JSON.stringify({ need_more: [`${packageId}::m${call}::f`] })
      : JSON.stringify({ calls: [] });
  return { content, delayMs };
}

async function main(): Promise<number> {
  const opts = parseOptions(
    process.argv.slice(2),
    USAGE,
    { packages: 100, concurrency: 16, 'delay-ms': 500, 'timeout-seconds': 900 },
    ['db-dir'],
  );
  assertBuilt();
  const corpus = resolveCorpus(opts.corpus);
  const record = startRecord('phase2-llm-latency', { ...opts, corpus, target_ratio: TARGET_RATIO });
  const workDir = makeWorkDir('p2llm', opts.keepTemp);
  const delayMs = opts['delay-ms'];
  const synthetic = await buildSyntheticCorpus(await sourcePackages(corpus), workDir, opts.packages);
  const ids = synthetic.packages.map((p) => p.package_id);

  const callsSoFar = new Map<string, number>();
  const stub = await startOpenAiStub({
    apiKey: API_KEY,
    handler: (req) => {
      const key = req.packageId ?? '?';
      const call = (callsSoFar.get(key) ?? 0) + 1;
      callsSoFar.set(key, call % CALLS_PER_PACKAGE); // each run asks every package four times
      return plannerReply(key, call, delayMs);
    },
  });
  onCleanup('model stub', () => stub.close());
  const server = await startPerfServer(workDir, opts['db-dir']);
  const worker = await startWorker(server.address, workDir, { SMI_API_KEY: API_KEY });
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
      runPhaseCli<Phase2Result>(
        'phase2',
        {
          env,
          corpusRoot: synthetic.root,
          agent: 'real-openai-compatible',
          concurrency,
          runId: `perf-p2llm-${label}`,
          workDir,
          timeoutMs: opts['timeout-seconds'] * 1000,
        },
        ['--max-plan-attempts', '1'],
      ),
    );
    const requests = stub.requests.slice(first);
    const problems: string[] = [];
    if (requests.length !== ids.length * CALLS_PER_PACKAGE)
      problems.push(`${requests.length} model calls, expected ${ids.length * CALLS_PER_PACKAGE}`);
    if (value.result.aggregate.errors !== 0)
      problems.push(`${value.result.aggregate.errors} rows with errors`);
    if (value.result.packages.length !== ids.length) problems.push(`${value.result.packages.length} rows`);
    if (problems.length > 0) throw new Error(`${label}: ${problems.join('; ')}`);
    const timeline = await runTimeline(server.address, value.runId, 'phase2');
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
    `Planning-loop latency hiding: ${n} packages × ${CALLS_PER_PACKAGE} calls, stub answers in ${delayMs} ms, 1 worker`,
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
  process.stdout.write(
    `\nwall(${opts.concurrency}) / wall(1) = ${fmtRatio(ratio)} (run span only: ` +
      `${fmtRatio(concurrent.spanMs / sequential.spanMs)}; model-bound ideal ` +
      `${fmtRatio(idealMs(opts.concurrency) / idealMs(1))}); target ≤ ${TARGET_RATIO}: ${pass ? 'PASS' : 'FAIL'}\n`,
  );
  writeRecord(
    record,
    { sequential, concurrent, ratios: { wall: ratio, target: TARGET_RATIO }, pass },
    {
      lines: [
        `--concurrency 1: ${fmt(sequential.wallMs / 1000)} s; --concurrency ${opts.concurrency}: ${fmt(concurrent.wallMs / 1000)} s`,
        `ratio ${fmtRatio(ratio)} (target ≤ ${TARGET_RATIO}): ${pass ? 'PASS' : 'FAIL'}`,
      ],
      pass,
    },
  );
  return pass ? 0 : 1;
}

await runScript(main);
