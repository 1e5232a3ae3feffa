// Phase II aggregate (spec/harness.md §7.9) plus the planning metrics upstream only computed in
// scripts (§13), and the run result. Pure: the file writer is in benchmarks/phase2/result-json.ts.
import { sumModelCallTallies } from '../model-calls.js';
import { PyFloat } from '../pyjson.js';
import { sumUsage } from '../usage.js';
import { type Phase2Row } from './row.js';
import { phase2Taxonomy, type Phase2Taxonomy } from './taxonomy.js';
import type { ModelCallTally, StoppedEarly } from '../../contracts/usage.js';
import { phase2RowToPy } from './row-py.js';

export interface Phase2Aggregate {
  avg_hit_rate: number;
  max_hit_rate: number;
  errors: number;
  total_prompt_tokens: number;
  total_completion_tokens: number;
  /** smi-bench: what the model calls cost in US dollars, null when the run has no price. */
  total_cost_usd: number | null;
  // §13, computed for real (upstream's runner never wrote them).
  packages: number;
  packages_with_hits: number;
  hits: number;
  targets: number;
  /** hits / targets over all packages (0.0 without targets). */
  micro_hit_rate: number;
  dry_run_ok_packages: number;
  /** Rows whose reported attempt something executed (`exec_ok` not null), in any simulation mode. */
  executed_packages: number;
  /** Rows with `exec_ok` true, and their share of all packages (0.0 without packages). */
  exec_ok_packages: number;
  exec_ok_rate: number;
  planning_only_packages: number;
  planning_only_hit_rate: number;
  formatting_only_failures: number;
  schema_violation_count: number;
  semantic_failure_count: number;
  causality_valid_count: number;
  causality_success_rate: number;
  /** The model calls of all packages, failed ones by kind (null when the agent calls no model). */
  model_calls: ModelCallTally | null;
  // smi-bench: where the packages stopped (core/phase2/taxonomy.ts).
  failure_stages: Phase2Taxonomy['failure_stages'];
  failure_codes: Phase2Taxonomy['failure_codes'];
  avg_partial_credit: number;
  abort_categories: Phase2Taxonomy['abort_categories'];
  failure_modes: Phase2Taxonomy['failure_modes'];
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
  /** smi-bench extension: the `--simulation-mode` the run used. */
  simulation_mode?: string;
  aggregate: Phase2Aggregate;
  packages: Phase2Row[];
  /** smi-bench: why packages have no row, when a limit stopped the run (core/run-limits.ts). */
  stopped_early?: StoppedEarly;
}

const hitRate = (r: Phase2Row) => (r.score.targets > 0 ? r.score.created_hits / r.score.targets : 0.0);

/**
 * Macro means summed left to right (Python's sum). A package is a "formatting-only failure" when its
 * plans broke the schema, none failed in simulation and nothing was hit; the planning-only hit rate
 * is the mean over the others.
 */
export function aggregatePhase2(rows: readonly Phase2Row[]): Phase2Aggregate {
  const n = rows.length;
  const sum = (pick: (r: Phase2Row) => number, of: readonly Phase2Row[] = rows) =>
    of.reduce((total, r) => total + pick(r), 0);
  const count = (test: (r: Phase2Row) => boolean) => rows.filter(test).length;
  const formattingOnly = (r: Phase2Row) =>
    r.schema_violation_count > 0 && r.semantic_failure_count === 0 && r.score.created_hits === 0;
  const planning = rows.filter((r) => !formattingOnly(r));
  const hits = sum((r) => r.score.created_hits);
  const targets = sum((r) => r.score.targets);
  const causalityValid = count((r) => r.causality_valid === true);
  const execOk = count((r) => r.exec_ok === true);
  return {
    avg_hit_rate: n === 0 ? 0.0 : sum(hitRate) / n,
    max_hit_rate: rows.reduce((max, r) => Math.max(max, hitRate(r)), 0.0),
    errors: count((r) => Boolean(r.error)),
    total_prompt_tokens: sum((r) => r.usage?.prompt_tokens ?? 0),
    total_completion_tokens: sum((r) => r.usage?.completion_tokens ?? 0),
    total_cost_usd: sumUsage(rows.map((r) => r.usage)).cost_usd ?? null,
    packages: n,
    packages_with_hits: count((r) => r.score.created_hits > 0),
    hits,
    targets,
    micro_hit_rate: targets === 0 ? 0.0 : hits / targets,
    dry_run_ok_packages: count((r) => r.dry_run_ok),
    executed_packages: count((r) => typeof r.exec_ok === 'boolean'),
    exec_ok_packages: execOk,
    exec_ok_rate: n === 0 ? 0.0 : execOk / n,
    planning_only_packages: planning.length,
    planning_only_hit_rate: planning.length === 0 ? 0.0 : sum(hitRate, planning) / planning.length,
    formatting_only_failures: n - planning.length,
    schema_violation_count: sum((r) => r.schema_violation_count),
    semantic_failure_count: sum((r) => r.semantic_failure_count),
    causality_valid_count: causalityValid,
    causality_success_rate: n === 0 ? 0.0 : causalityValid / n,
    model_calls: rows.some((r) => r.model_calls) ? sumModelCallTallies(rows.map((r) => r.model_calls)) : null,
    ...phase2Taxonomy(rows),
  };
}

const FLOAT_KEYS = [
  'avg_hit_rate',
  'max_hit_rate',
  'micro_hit_rate',
  'planning_only_hit_rate',
  'causality_success_rate',
  'exec_ok_rate',
  'avg_partial_credit',
] as const;

/** The whole result in Python form (no `_checksum`): rates and scores as floats. */
export function phase2ResultToPy(result: Phase2RunResult): Record<string, unknown> {
  const aggregate: Record<string, unknown> = { ...result.aggregate };
  for (const k of FLOAT_KEYS) aggregate[k] = new PyFloat(result.aggregate[k]);
  const cost = result.aggregate.total_cost_usd;
  aggregate['total_cost_usd'] = cost === null ? null : new PyFloat(cost);
  return { ...result, aggregate, packages: result.packages.map(phase2RowToPy) };
}
