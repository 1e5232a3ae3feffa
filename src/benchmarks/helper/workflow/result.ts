// The helper benchmark's result: its rows in order and what they add up to. Pure.
import { sumModelCallTallies } from '../../../core/model-calls.js';
import { sumUsage } from '../../../core/usage.js';
import { HELPER_FAILURE_STAGES, type HelperFailureStage, type HelperRow } from '../../../core/helper/row.js';
import type { ModelCallTally, TokenUsage } from '../../../contracts/usage.js';

export const HELPER_BENCHMARK = 'helper_pkg_v1';

export interface HelperAggregate {
  packages: number;
  /** Packages where an entry function ran to the end and touched the target. */
  ok: number;
  ok_rate: number;
  /** Target key types created, over all packages, and the targets there were. */
  hits: number;
  targets: number;
  /** Mean over packages of hits / targets (packages without targets count 0, as Phase II). */
  avg_hit_rate: number;
  errors: number;
  tokens: number;
  /** Null when the run has no price. */
  cost_usd: number | null;
  usage: TokenUsage;
  failure_stages: Record<HelperFailureStage, number>;
  model_calls: ModelCallTally | null;
}

export function helperAggregate(rows: readonly HelperRow[]): HelperAggregate {
  const usage = sumUsage(rows.map((r) => r.usage));
  const stages = Object.fromEntries(HELPER_FAILURE_STAGES.map((s) => [s, 0])) as Record<
    HelperFailureStage,
    number
  >;
  for (const row of rows) stages[row.failure_stage] += 1;
  const ok = rows.filter((r) => r.ok).length;
  const tallies = rows.map((r) => r.model_calls).filter((t): t is ModelCallTally => t !== null);
  const rate = (r: HelperRow) => (r.score.targets > 0 ? r.score.created_hits / r.score.targets : 0);
  return {
    packages: rows.length,
    ok,
    ok_rate: rows.length > 0 ? ok / rows.length : 0,
    hits: rows.reduce((n, r) => n + r.score.created_hits, 0),
    targets: rows.reduce((n, r) => n + r.score.targets, 0),
    avg_hit_rate: rows.length > 0 ? rows.reduce((n, r) => n + rate(r), 0) / rows.length : 0,
    errors: rows.filter((r) => r.error !== null).length,
    tokens: usage.total_tokens,
    cost_usd: usage.cost_usd ?? null,
    usage,
    failure_stages: stages,
    model_calls: tallies.length > 0 ? sumModelCallTallies(tallies) : null,
  };
}
