// Runs `smi-bench phase1` (or phase2) as a user would (a CLI process against a server with separate workers) and
// checks the result file it writes, so a benchmark never reports the speed of a broken run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeFailure, runCli, type TimedRun } from './processes.js';

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
