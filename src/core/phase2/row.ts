// One Phase II result row (spec/harness.md §7.8: all 36 upstream keys, plus `exec_ok`, `plan_calls` and `usage`).
// Its Python-compatible form, which adds the taxonomy's fields, is in row-py.ts.
import type { PromptTruncation } from '../prompt-fit.js';
import type { InhabitationScore } from './score.js';
import type { ModelCallTally, TokenUsage } from '../../contracts/usage.js';

export type { InhabitationScore } from './score.js';

export interface Phase2Row {
  package_id: string;
  score: InhabitationScore;
  error: string | null;
  elapsed_seconds: number | null;
  timed_out: boolean;
  created_object_types_list: string[] | null;
  /** What ran the reported attempt: upstream's `dry_run`, `dev_inspect`, `build_only`, and our `local`. */
  simulation_mode: string | null;
  fell_back_to_dev_inspect: boolean;
  ptb_parse_ok: boolean;
  tx_build_ok: boolean;
  /** The reported attempt was a dry run (a node's, or local's offline one) that succeeded; mock-perfect: true. */
  dry_run_ok: boolean;
  dry_run_exec_ok: boolean | null;
  dry_run_status: string | null;
  dry_run_effects_error: string | null;
  /** A decimal string: Move abort codes are u64 and exceed 2^53. Written as a bare JSON integer. */
  dry_run_abort_code: string | null;
  dry_run_abort_location: string | null;
  dev_inspect_ok: boolean;
  /**
   * smi-bench extension, the same in every mode: whether the reported attempt's transaction succeeded when
   * something executed it (dry-run, dev-inspect, local); null when nothing did (build-only, mock-perfect).
   * Absent from rows stored before smi-bench wrote it.
   */
  exec_ok?: boolean | null;
  /**
   * smi-bench extension: how many calls the reported attempt's plan had (0: an empty plan, which creates
   * nothing whatever executes it); null when no plan was built or simulated. Absent from older rows.
   */
  plan_calls?: number | null;
  dry_run_error: string | null;
  plan_attempts: number;
  sim_attempts: number;
  gas_budget_used: number | null;
  plan_variant: string | null;
  schema_violation_count: number;
  schema_violation_attempts_until_first_valid: number | null;
  semantic_failure_count: number;
  semantic_failure_attempts_until_first_success: number | null;
  formatting_corrections: string[] | null;
  formatting_corrections_histogram: Record<string, number> | null;
  causality_valid: boolean | null;
  causality_score: number | null;
  causality_errors: string[] | null;
  // Upstream's "v0.5.0 evaluation fields": always null there and here.
  evaluation_result: null;
  scoring_criteria: null;
  inhabitation_metrics: null;
  execution_trace: null;
  failure: null;
  /** smi-bench extension: the package's model token usage. */
  usage?: TokenUsage;
  /** smi-bench extension: the package's model calls, answered and failed by kind (null: no model agent). */
  model_calls?: ModelCallTally | null;
  /**
   * smi-bench extension: the deepest cut of the summary's function budget that made a planning prompt fit
   * the local model's context. Absent when every prompt fitted.
   */
  prompt_truncation?: PromptTruncation;
  /**
   * smi-bench extension: why the last plan attempt that gave no plan gave none (an answer cut at the token
   * limit, no JSON, a plan off the schema), in the words the retry prompt passed on. Absent from older rows.
   */
  plan_failure?: string | null;
}

/** The row a package starts with (spec §7.3 step 4). */
export function emptyPhase2Row(packageId: string): Phase2Row {
  return {
    package_id: packageId,
    score: { targets: 0, created_distinct: 0, created_hits: 0, missing: 0 },
    error: null,
    elapsed_seconds: null,
    timed_out: false,
    created_object_types_list: null,
    simulation_mode: null,
    fell_back_to_dev_inspect: false,
    ptb_parse_ok: true,
    tx_build_ok: false,
    dry_run_ok: false,
    dry_run_exec_ok: null,
    dry_run_status: null,
    dry_run_effects_error: null,
    dry_run_abort_code: null,
    dry_run_abort_location: null,
    dev_inspect_ok: false,
    exec_ok: null,
    plan_calls: null,
    dry_run_error: null,
    plan_attempts: 0,
    sim_attempts: 0,
    gas_budget_used: null,
    plan_variant: null,
    schema_violation_count: 0,
    schema_violation_attempts_until_first_valid: null,
    semantic_failure_count: 0,
    semantic_failure_attempts_until_first_success: null,
    formatting_corrections: null,
    formatting_corrections_histogram: null,
    causality_valid: null,
    causality_score: null,
    causality_errors: null,
    evaluation_result: null,
    scoring_criteria: null,
    inhabitation_metrics: null,
    execution_trace: null,
    failure: null,
  };
}
