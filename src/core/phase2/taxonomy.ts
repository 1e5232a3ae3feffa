// Where a Phase II package stopped on the way to its targets, so a reader can tell "never planned" from
// "malformed", "causality broken", "aborted in simulation" and "ran but created no target" per model.
// Pure, computed from a finished row; the categories of aborts and error texts follow upstream's data model
// (spec/harness.md §25.1 AbortInfo, §25.6 failure_modes).
import { plural } from '../plural.js';
import type { Phase2Row } from './row.js';

/** In the order a package goes through them; the first that applies is the row's stage. */
export const FAILURE_STAGES = [
  'package_error',
  'timed_out',
  'never_planned',
  'no_targets',
  'malformed',
  'causality_broken',
  'empty_plan',
  'missing_dependency',
  'build_failed',
  'built_no_target',
  'aborted',
  'no_target_created',
  'partial_hit',
  'full_hit',
] as const;

export type FailureStage = (typeof FAILURE_STAGES)[number];

/**
 * The simulation status of a plan whose transaction was not built because the package needs packages its
 * corpus lacks (`local` mode): every call would fail to link. Its stage is `missing_dependency`, not
 * `build_failed` or `aborted`; `dry_run_error` names the storage ids to fetch.
 */
export const MISSING_DEPENDENCY_STATUS = 'missing_dependency';

/** How stage counts are named among a run's aggregate numbers (`stage:aborted`). */
export const STAGE_PREFIX = 'stage:';
export type StageCounts = Record<FailureStage, number>;

export const ABORT_CATEGORIES = [
  'unsupported_native',
  'assertion_failed',
  'object_error',
  'arithmetic_error',
  'vector_bounds_error',
  'type_error',
  'out_of_gas',
  'unknown',
] as const;

export type AbortCategory = (typeof ABORT_CATEGORIES)[number];

/** The abort code upstream's sandbox uses for a native it does not support. */
const E_NOT_SUPPORTED = '1000';
const NO_ANSWER = /^no answer from the model\b/;

/** §25.1 `AbortInfo.from_move_abort`: the code first, then words of the message; the first match wins. */
export function abortCategory(code: string | null, message: string): AbortCategory {
  if (code === E_NOT_SUPPORTED) return 'unsupported_native';
  const text = message.toLowerCase();
  if (text.includes('assert')) return 'assertion_failed';
  if (text.includes('object') || text.includes('ownership')) return 'object_error';
  if (['overflow', 'underflow', 'divide'].some((w) => text.includes(w))) return 'arithmetic_error';
  if (text.includes('vector') || text.includes('index')) return 'vector_bounds_error';
  if (text.includes('type') || text.includes('ability')) return 'type_error';
  if (text.includes('gas')) return 'out_of_gas';
  return 'unknown';
}

/** Whatever ran the reported attempt reported a failure (an abort, or any other execution error). */
function executionFailed(row: Phase2Row): boolean {
  return row.exec_ok === false || row.dry_run_exec_ok === false || row.dry_run_abort_code !== null;
}

export function failureStage(row: Phase2Row): FailureStage {
  const { targets, created_hits: hits } = row.score;
  if (row.error !== null) {
    if (NO_ANSWER.test(row.error)) return 'never_planned';
    return row.timed_out ? 'timed_out' : 'package_error';
  }
  if (row.timed_out) return 'timed_out';
  if (targets === 0) return 'no_targets';
  if (hits >= targets) return 'full_hit';
  if (hits > 0) return 'partial_hit';
  if (row.plan_attempts === 0) return 'never_planned';
  // No plan of the answers reached validation: they did not parse as a plan.
  if (!row.ptb_parse_ok || row.causality_valid === null) return 'malformed';
  if (row.causality_valid === false) return 'causality_broken';
  // A plan without calls builds and "runs" everywhere, and can create nothing: not a dry run that went well.
  if (row.plan_calls === 0) return 'empty_plan';
  // Before build_failed: no transaction is built for a package whose dependencies the corpus lacks.
  if (row.dry_run_status === MISSING_DEPENDENCY_STATUS) return 'missing_dependency';
  if (!row.tx_build_ok) return 'build_failed';
  if (executionFailed(row)) return 'aborted';
  return executed(row) ? 'no_target_created' : 'built_no_target';
}

/**
 * Whether something executed the reported attempt (dry-run, dev-inspect, `local`), not only built it
 * (build-only, whose hits come from the static scan). Rows stored before `exec_ok` existed say it by
 * their simulation mode.
 */
function executed(row: Phase2Row): boolean {
  if (row.exec_ok === undefined) return row.simulation_mode !== null && row.simulation_mode !== 'build_only';
  return row.exec_ok !== null;
}

/** What the simulation said about a failed execution. */
function abortMessage(row: Phase2Row): string {
  return [row.dry_run_effects_error, row.dry_run_status, row.dry_run_error].filter(Boolean).join(' ');
}

/** The category of the row's abort, null unless its stage is `aborted`. */
export function rowAbortCategory(row: Phase2Row): AbortCategory | null {
  if (failureStage(row) !== 'aborted') return null;
  return abortCategory(row.dry_run_abort_code, abortMessage(row));
}

/** §25.6: a failed row's error text in a bucket (the buckets of upstream's evaluation bundle). */
export function failureMode(error: string | null, timedOut: boolean): string {
  const text = (error ?? '').toLowerCase();
  if (text === '') return timedOut ? 'timeout' : 'other_';
  if (['rpc', 'http', 'connection'].some((w) => text.includes(w))) return 'infrastructure_rpc_failure';
  if (text.includes('rust extractor failed')) return 'infrastructure_extractor_failure';
  if (text.includes('missing field calls') || text.includes('json object')) return 'model_schema_violation';
  if (text.includes('causality') || text.includes('result reference')) return 'model_logic_causality_error';
  if (text.includes('bad_magic') || text.includes('binary header')) return 'data_corruption_bad_magic';
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((w) => w.replaceAll(':', ''));
  return `other_${words.join('_')}`;
}

export interface Phase2Taxonomy {
  /** How many rows stopped at each stage (every stage listed, in order). */
  failure_stages: StageCounts;
  /** The rows' `failure` codes counted (only codes that occur, in code order). */
  failure_codes: Record<string, number>;
  /** The mean of the rows' scoring_criteria scores (0.0 without rows). */
  avg_partial_credit: number;
  /** The aborted rows by abort category (only categories that occur). */
  abort_categories: Partial<Record<AbortCategory, number>>;
  /** Rows with an error or a time-out, by §25.6 bucket. */
  failure_modes: Record<string, number>;
}

export function phase2Taxonomy(rows: readonly Phase2Row[]): Phase2Taxonomy {
  const failure_stages = Object.fromEntries(FAILURE_STAGES.map((s) => [s, 0])) as StageCounts;
  const abort_categories: Partial<Record<AbortCategory, number>> = {};
  const failure_modes: Record<string, number> = {};
  const codes: Record<string, number> = {};
  let credit = 0;
  for (const row of rows) {
    failure_stages[failureStage(row)]++;
    const code = rowFailure(row)?.code;
    if (code) codes[code] = (codes[code] ?? 0) + 1;
    credit += scoringCriteria(row).score;
    const category = rowAbortCategory(row);
    if (category) abort_categories[category] = (abort_categories[category] ?? 0) + 1;
    if (row.error || row.timed_out) {
      const mode = failureMode(row.error, row.timed_out);
      failure_modes[mode] = (failure_modes[mode] ?? 0) + 1;
    }
  }
  const failure_codes = Object.fromEntries(Object.entries(codes).sort(([a], [b]) => (a < b ? -1 : 1)));
  return {
    failure_stages,
    failure_codes,
    avg_partial_credit: rows.length === 0 ? 0.0 : credit / rows.length,
    abort_categories,
    failure_modes,
  };
}

/** §25.1 `ScoringCriteria`: four steps towards the targets, a quarter point each (partial credit). */
export interface ScoringCriteria {
  compiles: boolean;
  imports_target: boolean;
  creates_target_type: boolean;
  executes_cleanly: boolean;
  score: number;
  phase_reached: 'build' | 'resolution' | 'synthesis' | 'execution' | 'validation';
}

/**
 * The steps as a Phase II plan takes them: a plan came out of the answers (compiles), its transaction was
 * built and calls something (imports_target: an empty plan imports nothing, upstream's E501), it created
 * a target (creates_target_type), and something executed it without failing (executes_cleanly; build-only
 * executes nothing, so never). Upstream's rubric, kept for its scripts: it credits steps, not results, so it
 * ranks nothing (a plan that builds and creates nothing earns 0.5; mock-perfect, with no plan, 0.25).
 */
export function scoringCriteria(row: Phase2Row): ScoringCriteria {
  const compiles =
    row.error === null && row.plan_attempts > 0 && row.ptb_parse_ok && row.causality_valid !== null;
  const imports_target = compiles && row.tx_build_ok && row.plan_calls !== 0;
  const creates_target_type = row.score.created_hits > 0;
  const executes_cleanly = creates_target_type && row.exec_ok === true;
  const flags = [compiles, imports_target, creates_target_type, executes_cleanly];
  const phase_reached = executes_cleanly
    ? 'validation'
    : creates_target_type
      ? 'execution'
      : imports_target
        ? 'synthesis'
        : compiles
          ? 'resolution'
          : 'build';
  return {
    compiles,
    imports_target,
    creates_target_type,
    executes_cleanly,
    score: 0.25 * flags.filter(Boolean).length,
    phase_reached,
  };
}

/** §25.1 `ExecutionTrace`, as much of it as a row knows: whether something executed, and how it aborted. */
export function executionTrace(row: Phase2Row): Record<string, unknown> {
  const trace: Record<string, unknown> = {
    execution_attempted: row.exec_ok !== null && row.exec_ok !== undefined,
  };
  const category = rowAbortCategory(row);
  if (category) {
    trace['abort_info'] = {
      message: abortMessage(row),
      category,
      ...(row.dry_run_abort_code !== null ? { abort_code: row.dry_run_abort_code } : {}),
      ...(row.dry_run_abort_location !== null ? { abort_location: row.dry_run_abort_location } : {}),
    };
  }
  return trace;
}

/** §25.1 `Phase`, named by the hundreds of a code: E0xx build … E5xx validation. */
export type FailurePhase = 'build' | 'resolution' | 'typecheck' | 'synthesis' | 'execution' | 'validation';

const PHASES: FailurePhase[] = ['build', 'resolution', 'typecheck', 'synthesis', 'execution', 'validation'];

/** The upstream codes a Phase II row can be given (§25.1 `ErrorCode`), with their names. */
export const FAILURE_CODES = {
  E004: 'TYPE_SYNTAX_ERROR',
  E201: 'TYPE_MISMATCH',
  E301: 'NO_CONSTRUCTOR',
  E304: 'BCS_SERIALIZATION_FAILED',
  E403: 'TARGET_ABORTED',
  E404: 'UNSUPPORTED_NATIVE',
  E501: 'NO_TARGET_MODULES_ACCESSED',
} as const;

export type FailureCode = keyof typeof FAILURE_CODES;

/** §25.1 `Failure.to_dict()`: the phase follows from the code's number, as `Failure.from_code` derives it. */
export interface Failure {
  phase: FailurePhase;
  code: FailureCode;
  message: string;
}

export function failurePhase(code: string): FailurePhase {
  return PHASES[Math.min(Math.floor(Number(code.slice(1)) / 100), PHASES.length - 1)]!;
}

/** Upstream's helpers keep the first 500 characters of a failure's text (`evaluate_build_failure`). */
const MAX_MESSAGE = 500;

function failure(code: FailureCode, message: string): Failure {
  return { phase: failurePhase(code), code, message: message.slice(0, MAX_MESSAGE) };
}

/**
 * The row's `failure`, where one of upstream's codes fits its stage, as the spec's evaluate_* helpers map
 * failures (§25.2): a plan that did not parse is a syntax error (E004, their default); a result reference
 * to nothing is a type mismatch (E201); a transaction whose arguments could not be built is E304; an
 * abort is E403, or E404 for an unsupported native (code 1000); a transaction that ran or was built but
 * created no target is E301, "imports but nothing created" in `evaluate_from_run_dir`; an empty plan, which
 * calls nothing, is its E501, "no target modules accessed".
 * Null for rows that created a target, had nothing to create, or
 * stopped before any plan (an error, a time-out, a model never heard): no code describes those.
 */
export function rowFailure(row: Phase2Row): Failure | null {
  const targets = plural(row.score.targets, 'target type');
  switch (failureStage(row)) {
    case 'malformed':
      return failure('E004', `no answer parsed as a plan (${plural(row.plan_attempts, 'plan attempt')})`);
    case 'causality_broken':
      return failure('E201', row.causality_errors?.[0] ?? 'a result reference points at no earlier result');
    case 'empty_plan':
      return failure('E501', `an empty plan: no calls, so none of its ${targets} can be created`);
    case 'build_failed':
      return failure('E304', row.dry_run_error ?? 'the transaction could not be built');
    case 'aborted':
      return failure(
        rowAbortCategory(row) === 'unsupported_native' ? 'E404' : 'E403',
        abortMessage(row) || 'the transaction failed when executed',
      );
    case 'no_target_created':
    case 'built_no_target': {
      const executedIt = failureStage(row) === 'no_target_created';
      const message = executedIt
        ? `executed, but created none of its ${targets}`
        : `built, not executed: the functions it calls create none of its ${targets}`;
      return failure('E301', message);
    }
    default:
      return null;
  }
}

/**
 * Why the package stopped where it did, in words, for its row (`stop_reason`) and its page: the row's
 * error, the reason its last plan attempt gave no plan (an answer cut at the token limit says so, with
 * the limit), or what its stage's failure says. Older rows, without `plan_failure`, get their stage's
 * general reason.
 */
export function stopReason(row: Phase2Row): string {
  const { targets, created_hits: hits } = row.score;
  const stage = failureStage(row);
  switch (stage) {
    case 'package_error':
    case 'never_planned':
      return row.error ?? 'no plan was asked of the model';
    case 'timed_out':
      return row.error ?? 'the package ran out of time';
    case 'no_targets':
      return 'the package has no key type: there is nothing to create';
    case 'malformed':
      return row.plan_failure ?? rowFailure(row)!.message;
    case 'missing_dependency':
      return `the corpus lacks packages it depends on: ${row.dry_run_error ?? 'not named'}`;
    case 'partial_hit':
      return `created ${hits} of its ${plural(targets, 'target type')}`;
    case 'full_hit':
      return `created all of its ${plural(targets, 'target type')}`;
    default:
      return rowFailure(row)!.message;
  }
}
