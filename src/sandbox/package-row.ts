// A package's row in a sandbox run: its benchmark-local lines and how many ended where.
import { FAILURE_STAGES, outcomeOf, type LocalRow } from './row.js';

/** Where a function ended: Tier B hit, Tier A hit with Tier B skipped, or a failure stage. */
export const OUTCOMES = ['tier_b_hit', 'tier_a_only', ...FAILURE_STAGES] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface SandboxPackageRow {
  package_id: string;
  /** Why the package could not be benchmarked at all (unreadable bytecode, missing framework), else null. */
  error: string | null;
  /**
   * Dependencies the corpus lacks, as the storage ids to fetch (original ids in rows stored before those were
   * named; absent in rows stored before the field existed).
   */
  missing_dependencies?: string[];
  elapsed_seconds: number | null;
  functions: number;
  /** Functions per outcome; every outcome is present, zero or not. */
  outcomes: Record<Outcome, number>;
  rows: LocalRow[];
}

export function countOutcomes(rows: readonly LocalRow[]): Record<Outcome, number> {
  const counts = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  for (const row of rows) counts[outcomeOf(row)]++;
  return counts;
}

export function sandboxPackageRow(
  packageId: string,
  rows: LocalRow[],
  error: string | null,
  elapsedSeconds: number | null,
  missingDependencies: string[] = [],
): SandboxPackageRow {
  return {
    package_id: packageId,
    error,
    missing_dependencies: missingDependencies,
    elapsed_seconds: elapsedSeconds,
    functions: rows.length,
    outcomes: countOutcomes(rows),
    rows,
  };
}

/** Share of the package's functions that ran to the end in Tier B (0 for a package without functions). */
export function tierBRate(row: SandboxPackageRow): number {
  return row.functions > 0 ? row.outcomes.tier_b_hit / row.functions : 0;
}

/** packages.jsonl: the package's counts, without the function rows (those go to benchmark_local.jsonl). */
export function formatSandboxPackageLine(row: SandboxPackageRow): string {
  return (
    JSON.stringify({
      package_id: row.package_id,
      error: row.error,
      missing_dependencies: row.missing_dependencies ?? [],
      elapsed_seconds: row.elapsed_seconds,
      functions: row.functions,
      outcomes: row.outcomes,
    }) + '\n'
  );
}
