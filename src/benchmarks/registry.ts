// Every benchmark smi-bench runs, by name: what the CLI, evaluation sets and pipelines know of them.
import type { AnyBenchmark } from './definition.js';
import type { BoardDisplay } from './display.js';
import type { Phase } from '../contracts/phases.js';
import { helperBenchmark } from './helper/index.js';
import { phase1Benchmark } from './phase1/index.js';
import { phase2Benchmark } from './phase2/index.js';
import { sandboxBenchmark } from './sandbox/index.js';

// One per name a run can carry (contracts/phases.ts, which workflow code reads without this registry):
// `satisfies` refuses a phase without a benchmark and a benchmark without a phase.
export const BENCHMARKS = {
  phase1: phase1Benchmark,
  phase2: phase2Benchmark,
  helper: helperBenchmark,
  sandbox: sandboxBenchmark,
} as const satisfies Record<Phase, AnyBenchmark>;

export type BenchmarkName = keyof typeof BENCHMARKS;

/** The benchmarks a program or a config schema is made from (a test may extend one). */
export type BenchmarkRegistry = Readonly<Record<BenchmarkName, AnyBenchmark>>;

/** The benchmarks with a model to rank, in board order: `compare` loads their runs. */
export const RANKED_BENCHMARKS = (Object.keys(BENCHMARKS) as BenchmarkName[]).filter(
  (name) => BENCHMARKS[name].display.board !== undefined,
);

/** The leaderboard of a benchmark that has one (a run `compare` loaded is of one). */
export function boardOf(name: BenchmarkName): BoardDisplay {
  const board = BENCHMARKS[name].display.board;
  if (!board) throw new Error(`${name} has no leaderboard`);
  return board;
}

/**
 * The benchmark among `names` whose result `result` is: one naming its benchmark first, else one of its
 * schema_version; null for none.
 */
export function benchmarkOfResult(
  result: Record<string, unknown>,
  names: readonly BenchmarkName[] = Object.keys(BENCHMARKS) as BenchmarkName[],
): BenchmarkName | null {
  const marks = names.map((name) => ({ name, mark: BENCHMARKS[name].display.result }));
  const byName = marks.find(({ mark }) => 'benchmark' in mark && mark.benchmark === result['benchmark']);
  const byVersion = marks.find(
    ({ mark }) => 'schemaVersion' in mark && mark.schemaVersion === result['schema_version'],
  );
  return (byName ?? byVersion)?.name ?? null;
}

/** `a Phase I result (schema_version 1)`, … : what `benchmarkOfResult` recognizes among `names`. */
export function resultKinds(names: readonly BenchmarkName[]): string {
  return names
    .map((name) => {
      const mark = BENCHMARKS[name].display.result;
      const how =
        'benchmark' in mark ? `benchmark ${mark.benchmark}` : `schema_version ${mark.schemaVersion}`;
      return `a ${BENCHMARKS[name].title} result (${how}, with packages)`;
    })
    .join(', ');
}
