// Phase II aggregate (spec/harness.md §7.9) plus the planning metrics upstream only computed in
// scripts (§13), and the run result. Pure: the file writer is in result-json.ts.
import { PyFloat } from '../pyjson.js';
import type { TokenUsage } from '../types.js';
import { phase2RowToPy, type Phase2Row } from './row.js';

export interface Phase2Aggregate {
  avg_hit_rate: number;
  max_hit_rate: number;
  errors: number;
  total_prompt_tokens: number;
  total_completion_tokens: number;
  // §13, computed for real (upstream's runner never wrote them).
  packages: number;
  packages_with_hits: number;
  hits: number;
  targets: number;
  /** hits / targets over all packages (0.0 without targets). */
  micro_hit_rate: number;
  dry_run_ok_packages: number;
  planning_only_packages: number;
  planning_only_hit_rate: number;
  formatting_only_failures: number;
  schema_violation_count: number;
  semantic_failure_count: number;
  causality_valid_count: number;
  causality_success_rate: number;
}

export interface Phase2RunResult {
  schema_version: 2;
  started_at_unix_seconds: number;
  finished_at_unix_seconds: number;
  corpus_root_name: string;
  samples: number;
  seed: number;
  agent: string;
  rpc_url: string;
  sender: string;
  gas_budget: number;
  gas_coin: string | null;
  simulation_mode: string;
  aggregate: Phase2Aggregate;
  packages: Phase2Row[];
}

const hitRate = (r: Phase2Row) => (r.score.targets > 0 ? r.score.created_hits / r.score.targets : 0.0);

/**
 * Macro means summed left to right (Python's sum). A package is a "formatting-only failure" when its
 * plans broke the schema, none failed in simulation and nothing was hit; the planning-only hit rate
 * is the mean over the others.
 */
export function aggregatePhase2(rows: readonly Phase2Row[]): Phase2Aggregate {
  const n = rows.length;
  const usage: TokenUsage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
  let sum = 0;
  let max = 0.0;
  let errors = 0;
  let hits = 0;
  let targets = 0;
  let withHits = 0;
  let dryRunOk = 0;
  let planningPackages = 0;
  let planningSum = 0;
  let formattingOnly = 0;
  let schemaViolations = 0;
  let semanticFailures = 0;
  let causalityValid = 0;
  for (const r of rows) {
    const rate = hitRate(r);
    sum += rate;
    if (rate > max) max = rate;
    if (r.error) errors++;
    hits += r.score.created_hits;
    targets += r.score.targets;
    if (r.score.created_hits > 0) withHits++;
    if (r.dry_run_ok) dryRunOk++;
    schemaViolations += r.schema_violation_count;
    semanticFailures += r.semantic_failure_count;
    if (r.schema_violation_count > 0 && r.semantic_failure_count === 0 && r.score.created_hits === 0)
      formattingOnly++;
    else {
      planningPackages++;
      planningSum += rate;
    }
    if (r.causality_valid === true) causalityValid++;
    if (r.usage) {
      usage.prompt_tokens += r.usage.prompt_tokens;
      usage.completion_tokens += r.usage.completion_tokens;
    }
  }
  return {
    avg_hit_rate: n === 0 ? 0.0 : sum / n,
    max_hit_rate: max,
    errors,
    total_prompt_tokens: usage.prompt_tokens,
    total_completion_tokens: usage.completion_tokens,
    packages: n,
    packages_with_hits: withHits,
    hits,
    targets,
    micro_hit_rate: targets === 0 ? 0.0 : hits / targets,
    dry_run_ok_packages: dryRunOk,
    planning_only_packages: planningPackages,
    planning_only_hit_rate: planningPackages === 0 ? 0.0 : planningSum / planningPackages,
    formatting_only_failures: formattingOnly,
    schema_violation_count: schemaViolations,
    semantic_failure_count: semanticFailures,
    causality_valid_count: causalityValid,
    causality_success_rate: n === 0 ? 0.0 : causalityValid / n,
  };
}

const FLOAT_KEYS = [
  'avg_hit_rate',
  'max_hit_rate',
  'micro_hit_rate',
  'planning_only_hit_rate',
  'causality_success_rate',
] as const;

/** The whole result in Python form (no `_checksum`): rates and scores as floats. */
export function phase2ResultToPy(result: Phase2RunResult): Record<string, unknown> {
  const aggregate: Record<string, unknown> = { ...result.aggregate };
  for (const k of FLOAT_KEYS) aggregate[k] = new PyFloat(result.aggregate[k]);
  return { ...result, aggregate, packages: result.packages.map(phase2RowToPy) };
}
