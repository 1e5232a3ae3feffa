// Runs `smi-bench phase1` (or phase2) as a user would (a CLI process against a server with separate workers) and
// checks the result file it writes, so a benchmark never reports the speed of a broken run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureCpu } from './cpu.js';
import { onCleanup } from './cleanup.js';
import {
  maxInFlightAtStub,
  startOpenAiStub,
  type RunningOpenAiStub,
  type StubHandler,
} from './openai-stub.js';
import { childEnv, describeFailure, runCli, startWorker, type TimedRun } from './processes.js';
import { fmt, fmtRatio, log, printTable, writeRecord, type startRecord } from './report.js';
import { inFlight, runTimeline, startPerfServer } from './temporal.js';

export interface Phase1Row {
  package_id: string;
  truth_key_types: number;
  predicted_key_types: number;
  error: string | null;
  elapsed_seconds: number | null;
  score: { f1: number };
}

export interface Phase1Result {
  samples: number;
  started_at_unix_seconds: number;
  finished_at_unix_seconds: number;
  aggregate: { avg_f1: number; errors: number };
  packages: Phase1Row[];
}

export interface Phase1Run {
  runId: string;
  run: TimedRun;
  result: Phase1Result;
  outFile: string;
  runDir: string;
}

export interface Phase1RunSpec {
  /** The CLI process's environment: TEMPORAL_ADDRESS, and the model settings for the real agent. */
  env: NodeJS.ProcessEnv;
  corpusRoot: string;
  agent: string;
  concurrency: number;
  runId: string;
  /** The CLI runs here (so a developer's `.env` cannot leak in) and writes its logs and result here. */
  workDir: string;
  timeoutMs: number;
}

export async function runPhase1(spec: Phase1RunSpec): Promise<Phase1Run> {
  return runPhaseCli<Phase1Result>('phase1', spec, []);
}

/** `smi-bench <phase>` over the whole corpus (`--samples 0`, in the order the run sorts them), checked. */
export async function runPhaseCli<Result>(
  phase: 'phase1' | 'phase2' | 'helper',
  spec: Phase1RunSpec,
  extraArgs: string[],
): Promise<{ runId: string; run: TimedRun; result: Result; outFile: string; runDir: string }> {
  const outFile = join(spec.workDir, `${spec.runId}.json`);
  const logDir = join(spec.workDir, 'logs');
  const args = [
    phase,
    ...['--corpus-root', spec.corpusRoot, '--samples', '0', '--agent', spec.agent],
    ...['--concurrency', String(spec.concurrency), '--run-id', spec.runId],
    ...['--out', outFile, '--log-dir', logDir, '--no-progress', ...extraArgs],
    // The benchmarks time runs and count their model calls: every call goes to the model (no answer cache),
    // and the one-off model check before a run is not part of it.
    ...(spec.agent === 'real-openai-compatible' ? ['--skip-preflight', '--no-cache'] : []),
  ];
  const run = await runCli(args, { env: spec.env, cwd: spec.workDir, timeoutMs: spec.timeoutMs });
  if (run.code !== 0) throw new Error(describeFailure(`smi-bench ${phase} (run ${spec.runId})`, run));
  const result = JSON.parse(readFileSync(outFile, 'utf8')) as Result;
  return { runId: spec.runId, run, result, outFile, runDir: join(logDir, spec.runId) };
}

/**
 * What is wrong with a result: rows missing, duplicated or unexpected, errors, and (when `f1` is given)
 * any row scoring otherwise. Empty when the run did exactly what it should.
 */
export function resultProblems(result: Phase1Result, expectedIds: string[], f1?: number): string[] {
  const problems: string[] = [];
  const rows = result.packages;
  if (rows.length !== expectedIds.length)
    problems.push(`${rows.length} rows, expected ${expectedIds.length}`);
  if (result.samples !== expectedIds.length)
    problems.push(`samples = ${result.samples}, expected ${expectedIds.length}`);
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.package_id)) problems.push(`duplicate row for ${row.package_id}`);
    seen.add(row.package_id);
  }
  const missing = expectedIds.filter((id) => !seen.has(id));
  if (missing.length > 0) problems.push(`${missing.length} packages have no row, e.g. ${missing[0]}`);
  const expected = new Set(expectedIds);
  const extra = [...seen].filter((id) => !expected.has(id));
  if (extra.length > 0)
    problems.push(`${extra.length} rows for packages not in the corpus, e.g. ${extra[0]}`);
  const errors = rows.filter((r) => r.error !== null);
  if (errors.length > 0) problems.push(`${errors.length} rows with errors, e.g. ${errors[0]!.error}`);
  if (result.aggregate.errors !== 0) problems.push(`aggregate.errors = ${result.aggregate.errors}`);
  if (f1 !== undefined) {
    const off = rows.filter((r) => r.score.f1 !== f1);
    if (off.length > 0)
      problems.push(`${off.length} rows with F1 ≠ ${f1}, e.g. ${off[0]!.package_id}: ${off[0]!.score.f1}`);
  }
  return problems;
}

export function assertResult(what: string, result: Phase1Result, expectedIds: string[], f1?: number): void {
  const problems = resultProblems(result, expectedIds, f1);
  if (problems.length > 0) throw new Error(`${what}: the result is wrong:\n  ${problems.join('\n  ')}`);
}

/**
 * A `mock-perfect` run over the real corpus, checked, so that the measured run after it finds the worker
 * and the server warm (workflow bundle loaded, caches filled).
 */
export async function warmUpPhase1(
  spec: Omit<Phase1RunSpec, 'agent' | 'concurrency' | 'corpusRoot'>,
  sources: { package_id: string }[],
  corpusRoot: string,
): Promise<Phase1Run> {
  const warm = await runPhase1({ ...spec, corpusRoot, agent: 'mock-perfect', concurrency: sources.length });
  assertResult(
    'warm-up run',
    warm.result,
    sources.map((s) => s.package_id),
    1,
  );
  return warm;
}

/** The usage of a latency-hiding benchmark, `dist/perf/<script>.js`. */
export function latencyUsage(script: string, defaultPackages: number): string {
  return `usage: node dist/perf/${script}.js [--corpus DIR] [--packages N] [--concurrency N]
       [--delay-ms N] [--timeout-seconds N] [--db-dir DIR] [--keep-temp]
  --packages         synthetic packages per run (default ${defaultPackages})
  --concurrency      the concurrent run's --concurrency (default 16; the baseline uses 1)
  --delay-ms         the stub model's answer time (default 500)
  --timeout-seconds  give up on a run after this long (default 900)
  --db-dir           where the Temporal dev server keeps its SQLite file (default: the work dir)
  --keep-temp        keep the work dir`;
}

const STUB_API_KEY = 'perf-stub-key';

/**
 * What a latency-hiding benchmark runs against: the stub model answering with `handler`, a dev server and
 * one worker (with `workerEnv` besides the stub's key); `env` is the CLI's environment against them.
 */
export async function startLatencyRig(
  workDir: string,
  dbDir: string | undefined,
  delayMs: number,
  handler: StubHandler,
  workerEnv: NodeJS.ProcessEnv = {},
) {
  const stub = await startOpenAiStub({ apiKey: STUB_API_KEY, handler });
  onCleanup('model stub', () => stub.close());
  const server = await startPerfServer(workDir, dbDir);
  const worker = await startWorker(server.address, workDir, { SMI_API_KEY: STUB_API_KEY, ...workerEnv });
  log(`stub model at ${stub.baseUrl} (${delayMs} ms per answer); worker pid ${worker.pid}`);
  const env = childEnv({
    TEMPORAL_ADDRESS: server.address,
    SMI_MODEL: 'perf-stub-model',
    SMI_API_BASE_URL: stub.baseUrl,
  });
  const pids = { worker: worker.pid, 'temporal server': server.process.pid! };
  return { stub, serverAddress: server.address, pids, env };
}

/** What the latency-hiding benchmarks (Phase II's planning loop, the helper loop) share about their runs. */
export interface LatencyBench<Result> {
  phase: 'phase2' | 'helper';
  stub: RunningOpenAiStub;
  serverAddress: string;
  /** Processes whose CPU time each run reports. */
  pids: Record<string, number>;
  /** Every run but the CLI's own settings: the run id is `<runIdPrefix>-<label>`. */
  spec: Omit<Phase1RunSpec, 'agent' | 'concurrency' | 'runId'>;
  runIdPrefix: string;
  extraArgs: string[];
  ids: string[];
  callsPerPackage: number;
  delayMs: number;
  /** Problems particular to the phase, after the shared checks of calls, errors and rows. */
  moreProblems?: (result: Result) => string[];
}

export interface LatencyRun {
  concurrency: number;
  wallMs: number;
  spanMs: number;
  inFlight: { mean: number; max: number };
  callsInFlightMax: number;
  cpuSeconds: Record<string, number | null>;
}

/**
 * One `--agent real-openai-compatible` run of a latency benchmark, checked: exactly `callsPerPackage` model
 * calls per package, a row per package, no errors.
 */
async function latencyRun<Result extends { aggregate: { errors: number }; packages: unknown[] }>(
  bench: LatencyBench<Result>,
  label: string,
  concurrency: number,
): Promise<LatencyRun> {
  const { stub, ids, callsPerPackage } = bench;
  log(`${label}: ${ids.length} packages × ${callsPerPackage} model calls, --concurrency ${concurrency} …`);
  const first = stub.requests.length;
  const { value, cpuSeconds } = await measureCpu(bench.pids, () =>
    runPhaseCli<Result>(
      bench.phase,
      {
        ...bench.spec,
        agent: 'real-openai-compatible',
        concurrency,
        runId: `${bench.runIdPrefix}-${label}`,
      },
      bench.extraArgs,
    ),
  );
  const requests = stub.requests.slice(first);
  const problems: string[] = [];
  if (requests.length !== ids.length * callsPerPackage)
    problems.push(`${requests.length} model calls, expected ${ids.length * callsPerPackage}`);
  if (value.result.aggregate.errors !== 0) problems.push(`${value.result.aggregate.errors} rows with errors`);
  if (value.result.packages.length !== ids.length) problems.push(`${value.result.packages.length} rows`);
  problems.push(...(bench.moreProblems?.(value.result) ?? []));
  if (problems.length > 0) throw new Error(`${label}: ${problems.join('; ')}`);
  const timeline = await runTimeline(bench.serverAddress, value.runId, bench.phase);
  return {
    concurrency,
    wallMs: value.run.wallMs,
    spanMs: timeline.run.closeMs - timeline.run.startMs,
    inFlight: inFlight(timeline),
    callsInFlightMax: maxInFlightAtStub(requests, bench.delayMs),
    cpuSeconds,
  };
}

/** A warm-up run at `concurrency`, then the measured runs: at --concurrency 1 and at `concurrency`. */
export async function measureLatencyHiding<
  Result extends { aggregate: { errors: number }; packages: unknown[] },
>(bench: LatencyBench<Result>, concurrency: number) {
  await latencyRun(bench, 'warmup', concurrency);
  const sequential = await latencyRun(bench, 'sequential', 1);
  const concurrent = await latencyRun(bench, 'concurrent', concurrency);
  return { sequential, concurrent };
}

/**
 * Prints and records a latency benchmark's verdict: wall(concurrency) / wall(1) against `target`.
 * `extra` adds a paragraph to the output, a clause to the summary's last line and fields to the record.
 */
export function reportLatencyHiding(report: {
  record: ReturnType<typeof startRecord>;
  title: string;
  sequential: LatencyRun;
  concurrent: LatencyRun;
  packages: number;
  callsPerPackage: number;
  delayMs: number;
  target: number;
  extra?: { text: string; line: string; record: Record<string, unknown> };
}): number {
  const { sequential, concurrent, packages: n, callsPerPackage, delayMs, target } = report;
  const concurrency = concurrent.concurrency;
  const idealMs = (c: number) => Math.ceil(n / c) * callsPerPackage * delayMs;
  const ratio = concurrent.wallMs / sequential.wallMs;
  const pass = ratio <= target;
  printTable(
    report.title,
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
    `\nwall(${concurrency}) / wall(1) = ${fmtRatio(ratio)} (run span only: ` +
      `${fmtRatio(concurrent.spanMs / sequential.spanMs)}; model-bound ideal ` +
      `${fmtRatio(idealMs(concurrency) / idealMs(1))}); target ≤ ${target}: ${pass ? 'PASS' : 'FAIL'}\n` +
      (report.extra?.text ?? ''),
  );
  writeRecord(
    report.record,
    { sequential, concurrent, ratios: { wall: ratio, target }, ...report.extra?.record, pass },
    {
      lines: [
        `--concurrency 1: ${fmt(sequential.wallMs / 1000)} s; --concurrency ${concurrency}: ${fmt(concurrent.wallMs / 1000)} s`,
        `ratio ${fmtRatio(ratio)} (target ≤ ${target}): ${pass ? 'PASS' : 'FAIL'}${report.extra?.line ?? ''}`,
      ],
      pass,
    },
  );
  return pass ? 0 : 1;
}
