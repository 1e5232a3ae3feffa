// A helper-benchmark row (one per package) and where the package stopped. Pure: the package workflow
// fills it, the result adds rows up.
import type { MoveDiagnostic } from '../../contracts/sui-build.js';
import type { InhabitationScore } from '../phase2/score.js';
import type { PackageSummary } from '../../contracts/run.js';
import type { ModelCallTally, TokenUsage } from '../../contracts/usage.js';

/** One earlier attempt, as the history in a retry prompt shows it. */
export interface AttemptNote {
  attempt: number;
  /** `no_answer`, `invalid_payload`, `build_failed`, `built`. */
  outcome: string;
  /** Its first problems, one line each. */
  errors: string[];
}

/**
 * The artifact hashes behind one helper attempt, kept in the row file's trace: null where it did not get
 * that far.
 */
export interface AttemptTrace {
  attempt: number;
  /** Null for an answer read from --helper-dir (no prompt). */
  promptSha: string | null;
  answerSha: string | null;
  cached?: boolean;
  sourcesSha: string | null;
  problemsSha: string | null;
  modulesSha: string | null;
}

export type EntrypointStatus = 'tier_b_hit' | 'aborted' | 'failed';

export interface EntrypointResult {
  /** `0xHELPER::module::function` as it ran (or as the payload named it, when it could not run). */
  target: string;
  status: EntrypointStatus;
  /** The Move abort code (an exact integer; a string above 2^53). */
  abort_code: number | string | null;
  /** `0xADDR::module::function` where it aborted or failed. */
  abort_location: string | null;
  /** Modules of the target package entered while the function ran (`0xADDR::module`). */
  target_modules_accessed: string[];
  /** Why it did not run to the end. */
  error: string | null;
  /** Types of the objects its transaction created. */
  created_types: string[];
  /** Ids of those objects (`0x` + 64 hex digits, sorted): Sui derives them from the digest, so they are checkable. */
  created_ids: string[];
}

export const HELPER_FAILURE_STAGES = [
  'package_error',
  'timed_out',
  'no_answer',
  'invalid_payload',
  'build_failed',
  'no_entrypoints',
  'aborted',
  'no_target_touched',
  'target_touched',
  'targets_created',
] as const;
export type HelperFailureStage = (typeof HELPER_FAILURE_STAGES)[number];

export interface HelperRow {
  package_id: string;
  attempts: number;
  /** The attempt whose helper built (its run is the row's), or null. */
  successful_attempt: number | null;
  /** Per attempt, the compiler's errors one line each (`sources/m.move:3:5: error[E…]: …`); empty when not built. */
  build_errors: string[][];
  /** Per attempt, Sui's diagnostics parsed (errors and warnings, the first 50); empty when there were none. */
  build_diagnostics: MoveDiagnostic[][];
  /** The reported attempt's payload check. */
  validation: { ok: boolean; errors: string[] };
  /** Every attempt: how it ended and its first problems. */
  attempt_history: AttemptNote[];
  entrypoints: EntrypointResult[];
  /** The target's key types created by the helper's transactions (base types, as Phase II). */
  score: InhabitationScore;
  /** An entry function ran to the end and touched a module of the target. */
  ok: boolean;
  failure_stage: HelperFailureStage;
  /** The model's assumptions in the reported attempt's payload. */
  assumptions: string[];
  error: string | null;
  timed_out: boolean;
  elapsed_seconds: number | null;
  usage: TokenUsage;
  model_calls: ModelCallTally | null;
}

/** Where a package that ran without error stopped: the furthest stage it reached. */
export function helperFailureStage(row: Omit<HelperRow, 'failure_stage' | 'ok'>): HelperFailureStage {
  if (row.timed_out) return 'timed_out';
  if (row.error !== null) return 'package_error';
  const last = row.attempt_history.at(-1);
  if (row.successful_attempt === null) {
    if (!last || last.outcome === 'no_answer') return 'no_answer';
    return last.outcome === 'invalid_payload' ? 'invalid_payload' : 'build_failed';
  }
  if (row.entrypoints.length === 0) return 'no_entrypoints';
  const ran = row.entrypoints.filter((e) => e.status === 'tier_b_hit');
  if (ran.length === 0) return 'aborted';
  if (!ran.some((e) => e.target_modules_accessed.length > 0)) return 'no_target_touched';
  return row.score.created_hits > 0 ? 'targets_created' : 'target_touched';
}

export function finishHelperRow(row: Omit<HelperRow, 'failure_stage' | 'ok'>): HelperRow {
  const failure_stage = helperFailureStage(row);
  const ok = failure_stage === 'target_touched' || failure_stage === 'targets_created';
  return { ...row, ok, failure_stage };
}

/** What the run engine adds up of a row: pass and hit rate, usage. */
export function helperSummary(index: number, row: HelperRow): PackageSummary {
  return {
    index,
    packageId: row.package_id,
    metrics: {
      ok: row.ok ? 1 : 0,
      hit_rate: row.score.targets > 0 ? row.score.created_hits / row.score.targets : 0,
    },
    error: row.error,
    timedOut: row.timed_out,
    usage: row.usage,
  };
}
