// Phase I aggregate and the Python-compatible shapes of its rows (for results JSON and packages.jsonl).
// Pure: safe for workflow code. The results-file writer lives in benchmarks/phase1/result-json.ts.
import type { Phase1Aggregate, Phase1PackageRow, Phase1RunResult } from './types.js';
import { sumUsage, usageToPy } from './usage.js';
import { PyFloat, pyDumps } from './pyjson.js';

export type { Phase1Aggregate, Phase1RunResult } from './types.js';

/**
 * Plain means of precision / recall / F1 over rows (0.0 without rows), summed left to right like
 * Python 3.11's sum() (3.12+ uses compensated summation; results can differ in the last bit).
 */
export function aggregatePhase1(rows: readonly Phase1PackageRow[], errors: number): Phase1Aggregate {
  const mean = (pick: (r: Phase1PackageRow) => number): number =>
    rows.length === 0 ? 0.0 : rows.reduce((sum, r) => sum + pick(r), 0) / rows.length;
  const usage = sumUsage(rows.map((r) => r.usage));
  return {
    avg_precision: mean((r) => r.score.precision),
    avg_recall: mean((r) => r.score.recall),
    avg_f1: mean((r) => r.score.f1),
    errors,
    usage,
  };
}

const floatOrNull = (x: number | null): PyFloat | null => (x === null ? null : new PyFloat(x));

/**
 * A row with its float fields marked (score P/R/F1, elapsed_seconds), as Python would print it.
 * `withTypeLists: false` gives the packages.jsonl shape, which never carries the type lists.
 */
export function phase1RowToPy(row: Phase1PackageRow, { withTypeLists = true } = {}): Record<string, unknown> {
  const { score } = row;
  return {
    package_id: row.package_id,
    truth_key_types: row.truth_key_types,
    predicted_key_types: row.predicted_key_types,
    score: {
      ...score,
      precision: new PyFloat(score.precision),
      recall: new PyFloat(score.recall),
      f1: new PyFloat(score.f1),
    },
    error: row.error,
    elapsed_seconds: floatOrNull(row.elapsed_seconds),
    attempts: row.attempts,
    max_structs_used: row.max_structs_used,
    timed_out: row.timed_out,
    usage: row.usage ? usageToPy(row.usage) : undefined, // smi-bench extension; left out when undefined
    prompt_truncation: row.prompt_truncation, // smi-bench extension; left out when undefined
    // Upstream writes the lists as null when --include-type-lists is off.
    truth_key_types_list: withTypeLists ? (row.truth_key_types_list ?? null) : undefined,
    predicted_key_types_list: withTypeLists ? (row.predicted_key_types_list ?? null) : undefined,
  };
}

/** The aggregate with its means marked as floats. */
export function phase1AggregateToPy(agg: Phase1Aggregate): Record<string, unknown> {
  return {
    ...agg,
    avg_precision: new PyFloat(agg.avg_precision),
    avg_recall: new PyFloat(agg.avg_recall),
    avg_f1: new PyFloat(agg.avg_f1),
    usage: usageToPy(agg.usage),
  };
}

/** The whole result in Python form (no `_checksum`). */
export function phase1ResultToPy(result: Phase1RunResult): Record<string, unknown> {
  return {
    ...result,
    aggregate: phase1AggregateToPy(result.aggregate),
    packages: result.packages.map((r) => phase1RowToPy(r)),
  };
}

/**
 * One events.jsonl / packages.jsonl line, newline included: sorted keys, Python's default `", "` and
 * `": "` separators, ASCII-escaped. Integral numbers print as ints; wrap Python floats with pyFloat().
 */
export function formatJsonlLine(obj: Record<string, unknown>): string {
  return pyDumps(obj, { sortKeys: true }) + '\n';
}

/** The packages.jsonl line for a finished Phase I package. */
export function formatPhase1PackageLine(row: Phase1PackageRow): string {
  return formatJsonlLine(phase1RowToPy(row, { withTypeLists: false }));
}
