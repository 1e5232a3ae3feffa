// The sandbox run's outputs (upstream's benchmark-local JSONL, every package's function rows in package
// order, and a result JSON with the counts per stage), computed from package rows. Pure.
import {
  DIFFICULTY_LEVELS,
  emptyLevels,
  packageCeilings,
  type DifficultyLevel,
  type PackageCeilings,
} from '../../sandbox/oracle.js';
import { formatLocalRow } from '../../sandbox/row.js';
import { SANDBOX_BENCHMARK } from './result-name.js';
import { OUTCOMES, tierBRate, type Outcome, type SandboxPackageRow } from '../../sandbox/package-row.js';

export interface SandboxResult {
  schema_version: 1;
  benchmark: typeof SANDBOX_BENCHMARK;
  finished_at_unix_seconds: number;
  samples: number;
  aggregate: {
    packages_with_errors: number;
    /** Packages whose functions were not run for lack of dependencies (their stage is missing_dependency). */
    packages_missing_dependencies: number;
    /** The dependencies they lack, each once, sorted. */
    missing_dependencies: string[];
    functions: number;
    /** Functions per outcome over all packages. */
    outcomes: Record<Outcome, number>;
    /** Rows with status tier_a_hit or tier_b_hit (upstream's `accepted`, B-stage failures included). */
    accepted: number;
    avg_tier_b_rate: number;
    micro_tier_b_rate: number;
    /** smi-bench (upstream's oracle): functions per difficulty level over all packages. */
    difficulty_levels: Record<DifficultyLevel, number>;
  };
  packages: {
    package_id: string;
    error: string | null;
    missing_dependencies: string[];
    functions: number;
    outcomes: Record<Outcome, number>;
    /** smi-bench (upstream's oracle): what any agent could reach here, and how hard each function is. */
    ceilings: PackageCeilings;
  }[];
}

/** `rows` in package order. */
export function sandboxOutputs(
  rows: readonly SandboxPackageRow[],
  finishedAtUnixSeconds: number,
): { result: SandboxResult; jsonl: string } {
  const outcomes = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  let functions = 0;
  let accepted = 0;
  let rateSum = 0;
  const lines: string[] = [];
  const levels = emptyLevels();
  const ceilings = rows.map((row) => packageCeilings(row.rows));
  for (const c of ceilings) for (const l of DIFFICULTY_LEVELS) levels[l] += c.difficulty_levels[l];
  for (const row of rows) {
    functions += row.functions;
    rateSum += tierBRate(row);
    for (const o of OUTCOMES) outcomes[o] += row.outcomes[o];
    for (const r of row.rows) {
      if (r.status !== 'miss') accepted++;
      lines.push(formatLocalRow(r) + '\n');
    }
  }
  const result: SandboxResult = {
    schema_version: 1,
    benchmark: SANDBOX_BENCHMARK,
    finished_at_unix_seconds: finishedAtUnixSeconds,
    samples: rows.length,
    aggregate: {
      packages_with_errors: rows.filter((row) => row.error !== null).length,
      packages_missing_dependencies: rows.filter((row) => row.missing_dependencies?.length).length,
      missing_dependencies: [...new Set(rows.flatMap((row) => row.missing_dependencies ?? []))].sort(),
      functions,
      outcomes,
      accepted,
      avg_tier_b_rate: rows.length > 0 ? rateSum / rows.length : 0,
      micro_tier_b_rate: functions > 0 ? outcomes.tier_b_hit / functions : 0,
      difficulty_levels: levels,
    },
    packages: rows.map((row, i) => ({
      package_id: row.package_id,
      error: row.error,
      missing_dependencies: row.missing_dependencies ?? [],
      functions: row.functions,
      outcomes: row.outcomes,
      ceilings: ceilings[i]!,
    })),
  };
  return { result, jsonl: lines.join('') };
}
