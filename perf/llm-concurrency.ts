// Does --concurrency hide model latency? A stub model answers every request after 500 ms; the same
// synthetic corpus runs through `smi-bench phase1 --agent real-openai-compatible` with --concurrency 1
// (the sequential baseline) and --concurrency 16, against one dev server and one worker process.
// Target: wall(16) / wall(1) < 1/8. Prints PASS/FAIL and exits 1 on FAIL.
//
//   node dist/perf/llm-concurrency.js [--corpus DIR] [--packages 100] [--concurrency 16] [--delay-ms 500]
import {
  constantReply,
  maxInFlightAtStub,
  startOpenAiStub,
  type StubRequest,
} from './support/openai-stub.js';
import { onCleanup, runScript } from './support/cleanup.js';
import { measureCpu } from './support/cpu.js';
import { parseOptions } from './support/options.js';
import { assertResult, runPhase1, type Phase1Run } from './support/phase1.js';
import { PASSED_THROUGH_ENV, childEnv, startWorker } from './support/processes.js';
import { assertBuilt, resolveCorpus } from './support/project.js';
import { fmt, fmtRatio, log, printTable, startRecord, writeRecord } from './support/report.js';
import { buildSyntheticCorpus, sourcePackages } from './support/synthetic-corpus.js';
import { inFlight, runTimeline, startPerfServer } from './support/temporal.js';
import { makeWorkDir } from './support/workdir.js';

const USAGE = `usage: node dist/perf/llm-concurrency.js [--corpus DIR] [--packages N] [--concurrency N]
       [--delay-ms N] [--timeout-seconds N] [--db-dir DIR] [--keep-temp]
  --packages         synthetic packages per run (default 100)
  --concurrency      the concurrent run's --concurrency (default 16; the baseline uses 1)
  --delay-ms         the stub model's answer time (default 500)
  --timeout-seconds  give up on a run after this long (default 600)
  --db-dir           where the Temporal dev server keeps its SQLite file (default: the work dir);
                     e.g. /dev/shm shows what disk syncs cost
  --keep-temp        keep the work dir (corpus, run logs, worker and server logs)`;

const TARGET_RATIO = 1 / 8;
const ANSWER = '{"key_types": []}';
const API_KEY = 'perf-stub-key';

interface Measured {
  concurrency: number;
  phase1: Phase1Run;
  requests: StubRequest[];
  spanMs: number;
  packagesInFlight: { mean: number; max: number };
  modelCallsInFlightMax: number;
  cpuSeconds: Record<string, number | null>;
}

/** The stub must have seen one chat request per package: none missing, none repeated, nothing else. */
function requestProblems(requests: StubRequest[], ids: string[]): string[] {
  const problems: string[] = [];
  const chats = requests.filter((r) => r.method === 'POST' && r.path === '/v1/chat/completions');
  if (chats.length !== ids.length) problems.push(`${chats.length} chat requests, expected ${ids.length}`);
  const others = requests.length - chats.length;
  if (others > 0) problems.push(`${others} requests that are not chat completions`);
  const counts = new Map<string, number>();
  for (const r of chats) counts.set(String(r.packageId), (counts.get(String(r.packageId)) ?? 0) + 1);
  const repeated = [...counts].filter(([, n]) => n > 1);
  if (repeated.length > 0)
    problems.push(`${repeated.length} packages asked more than once, e.g. ${repeated[0]![0]}`);
  const missing = ids.filter((id) => !counts.has(id));
  if (missing.length > 0) problems.push(`${missing.length} packages never asked, e.g. ${missing[0]}`);
  return problems;
}

async function main(): Promise<number> {
  const opts = parseOptions(
    process.argv.slice(2),
    USAGE,
    {
      packages: 100,
      concurrency: 16,
      'delay-ms': 500,
      'timeout-seconds': 600,
    },
    ['db-dir'],
  );
  assertBuilt();
  const corpus = resolveCorpus(opts.corpus);
  const record = startRecord('llm-concurrency', { ...opts, corpus, target_ratio: TARGET_RATIO });
  const workDir = makeWorkDir('llm', opts.keepTemp);
  const delayMs = opts['delay-ms'];

  const sources = await sourcePackages(corpus);
  const synthetic = await buildSyntheticCorpus(sources, workDir, opts.packages);
  const ids = synthetic.packages.map((p) => p.package_id);
  log(`synthetic corpus: ${opts.packages} packages (built in ${fmt(synthetic.buildMs / 1000)} s)`);

  const stub = await startOpenAiStub({
    apiKey: API_KEY,
    handler: constantReply({ content: ANSWER, delayMs }),
  });
  onCleanup('model stub', () => stub.close());
  const server = await startPerfServer(workDir, opts['db-dir']);
  // The worker makes the model calls, so it holds the key; the CLI only needs the model settings.
  const worker = await startWorker(server.address, workDir, { SMI_API_KEY: API_KEY });
  log(
    `stub model at ${stub.baseUrl} (${delayMs} ms per answer); Temporal on ${server.address}; worker pid ${worker.pid}`,
  );
  const env = childEnv({
    TEMPORAL_ADDRESS: server.address,
    SMI_MODEL: 'perf-stub-model',
    SMI_API_BASE_URL: stub.baseUrl,
  });

  const pids = { worker: worker.pid, 'temporal server': server.process.pid! };
  const run = async (
    label: string,
    corpusRoot: string,
    expected: string[],
    concurrency: number,
  ): Promise<Measured> => {
    log(`${label}: ${expected.length} packages, --concurrency ${concurrency} …`);
    const firstRequest = stub.requests.length;
    const { value: phase1, cpuSeconds } = await measureCpu(pids, () =>
      runPhase1({
        env,
        corpusRoot,
        agent: 'real-openai-compatible',
        concurrency,
        runId: `perf-llm-${label}`,
        workDir,
        timeoutMs: opts['timeout-seconds'] * 1000,
      }),
    );
    const requests = stub.requests.slice(firstRequest);
    assertResult(label, phase1.result, expected);
    const problems = requestProblems(requests, expected);
    const notEmpty = phase1.result.packages.filter((r) => r.predicted_key_types !== 0);
    if (notEmpty.length > 0)
      problems.push(`${notEmpty.length} rows predicted key types; the stub answers none`);
    if (problems.length > 0) throw new Error(`${label}: ${problems.join('; ')}`);
    const timeline = await runTimeline(server.address, phase1.runId);
    return {
      concurrency,
      phase1,
      requests,
      spanMs: timeline.run.closeMs - timeline.run.startMs,
      packagesInFlight: inFlight(timeline),
      modelCallsInFlightMax: maxInFlightAtStub(requests, delayMs),
      cpuSeconds,
    };
  };

  // Warm-up on the real corpus, so neither measured run pays for a cold worker.
  await run(
    'warmup',
    corpus,
    sources.map((s) => s.package_id),
    sources.length,
  );
  const sequential = await run('sequential', synthetic.root, ids, 1);
  const concurrent = await run('concurrent', synthetic.root, ids, opts.concurrency);

  const n = opts.packages;
  const ratio = concurrent.phase1.run.wallMs / sequential.phase1.run.wallMs;
  const spanRatio = concurrent.spanMs / sequential.spanMs;
  const pass = ratio < TARGET_RATIO;
  const idealMs = (c: number) => Math.ceil(n / c) * delayMs;

  printTable(
    `Model-latency hiding: ${n} packages, stub answers in ${delayMs} ms, 1 worker`,
    [
      'run',
      'wall s',
      'run span s',
      'model-bound s',
      'not model s',
      'pkgs in flight (mean/max)',
      'calls in flight max',
    ],
    [sequential, concurrent].map((m) => [
      `--concurrency ${m.concurrency}`,
      m.phase1.run.wallMs / 1000,
      m.spanMs / 1000,
      idealMs(m.concurrency) / 1000,
      (m.phase1.run.wallMs - idealMs(m.concurrency)) / 1000,
      `${fmt(m.packagesInFlight.mean)} / ${m.packagesInFlight.max}`,
      m.modelCallsInFlightMax,
    ]),
  );
  printTable(
    'CPU ms per package (this script and the stub not counted)',
    ['run', ...Object.keys(sequential.cpuSeconds), 'all / wall'],
    [sequential, concurrent].map((m) => {
      const cpu = Object.values(m.cpuSeconds).map((s) => s ?? NaN);
      const total = cpu.reduce((a, b) => a + b, 0);
      return [
        `--concurrency ${m.concurrency}`,
        ...cpu.map((s) => (1000 * s) / n),
        total / (m.phase1.run.wallMs / 1000),
      ];
    }),
  );
  process.stdout.write(
    `\nwall(${opts.concurrency}) / wall(1) = ${fmtRatio(ratio)}  (run span only: ${fmtRatio(spanRatio)}; ` +
      `model-bound ideal: ${fmtRatio(idealMs(opts.concurrency) / idealMs(1))})\n` +
      `target < ${fmtRatio(TARGET_RATIO)}: ${pass ? 'PASS' : 'FAIL'}\n` +
      `checked: each run sent exactly ${n} chat requests, one per package, and wrote ${n} rows without errors\n`,
  );

  const describe = (m: Measured) => ({
    concurrency: m.concurrency,
    run_id: m.phase1.runId,
    wall_ms: m.phase1.run.wallMs,
    run_span_ms: m.spanMs,
    model_bound_ms: idealMs(m.concurrency),
    chat_requests: m.requests.length,
    packages_in_flight: m.packagesInFlight,
    model_calls_in_flight_max: m.modelCallsInFlightMax,
    cpu_seconds: m.cpuSeconds,
  });
  writeRecord(
    record,
    {
      worker_env: Object.fromEntries(PASSED_THROUGH_ENV.map((k) => [k, process.env[k] ?? null])),
      sequential: describe(sequential),
      concurrent: describe(concurrent),
      ratios: { wall: ratio, run_span: spanRatio, target: TARGET_RATIO },
      pass,
    },
    {
      lines: [
        `--concurrency 1: ${fmt(sequential.phase1.run.wallMs / 1000)} s; --concurrency ${opts.concurrency}: ` +
          `${fmt(concurrent.phase1.run.wallMs / 1000)} s`,
        `ratio ${fmtRatio(ratio)} (target < ${fmtRatio(TARGET_RATIO)}): ${pass ? 'PASS' : 'FAIL'}`,
      ],
      pass,
    },
  );
  return pass ? 0 : 1;
}

await runScript(main);
