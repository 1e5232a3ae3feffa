// The sandbox run's outputs, from the rows in its run directory: upstream's benchmark-local JSONL (every
// package's function rows, in package order) and a result JSON with the counts per stage.
import { formatLocalRow } from '../sandbox/row.js';
import { OUTCOMES, tierBRate, type Outcome, type SandboxPackageRow } from '../sandbox/package-row.js';
import { readStoredRows } from './rows.js';

export interface SandboxResult {
  schema_version: 1;
  benchmark: 'benchmark_local';
  finished_at_unix_seconds: number;
  samples: number;
  aggregate: {
    packages_with_errors: number;
    functions: number;
    /** Functions per outcome over all packages. */
    outcomes: Record<Outcome, number>;
    /** Rows with status tier_a_hit or tier_b_hit (upstream's `accepted`, B-stage failures included). */
    accepted: number;
    avg_tier_b_rate: number;
    micro_tier_b_rate: number;
  };
  packages: {
    package_id: string;
    error: string | null;
    functions: number;
    outcomes: Record<Outcome, number>;
  }[];
}

export async function buildSandboxOutputs(
  runDir: string,
  finishedAtUnixSeconds: number,
): Promise<{ result: SandboxResult; jsonl: string }> {
  const stored = await readStoredRows<SandboxPackageRow>(runDir);
  const outcomes = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  let functions = 0;
  let accepted = 0;
  let rateSum = 0;
  const lines: string[] = [];
  for (const { row } of stored) {
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
    benchmark: 'benchmark_local',
    finished_at_unix_seconds: finishedAtUnixSeconds,
    samples: stored.length,
    aggregate: {
      packages_with_errors: stored.filter((s) => s.row.error !== null).length,
      functions,
      outcomes,
      accepted,
      avg_tier_b_rate: stored.length > 0 ? rateSum / stored.length : 0,
      micro_tier_b_rate: functions > 0 ? outcomes.tier_b_hit / functions : 0,
    },
    packages: stored.map(({ row }) => ({
      package_id: row.package_id,
      error: row.error,
      functions: row.functions,
      outcomes: row.outcomes,
    })),
  };
  return { result, jsonl: lines.join('') };
}
