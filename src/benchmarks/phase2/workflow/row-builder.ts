// Accumulates one Phase II package's attempts into its row (spec §7.3 step 4 defaults, §7.8 fields).
// Upstream's rules are kept where they decide scores (the best attempt by created hits, first causality);
// where upstream reported the last attempt's details, the row reports the best attempt's.
import type { PromptTruncation } from '../../../core/prompt-fit.js';
import { emptyPhase2Row, type InhabitationScore, type Phase2Row } from '../../../core/phase2/row.js';
import { scoreInhabitation } from '../../../core/phase2/score.js';
import { normalizeTypeString } from '../../../core/phase2/type-string.js';
import type { CausalityResult } from './validate.js';
import { sortedByCodePoint } from '../../../core/py-string.js';
import type { ModeUsed, SimulationOutcome } from '../../../sim/types.js';
import { addUsage, ZERO_USAGE } from '../../../core/usage.js';
import type { PackageSummary } from '../../../contracts/run.js';
import type { ModelCallTally, TokenUsage } from '../../../contracts/usage.js';

/** Upstream keeps at most five causality errors in a row. */
const MAX_CAUSALITY_ERRORS = 5;

/**
 * What fills the `dry_run_*` fields: a node's dry-run, and the local VM's execution, which is a dry run of
 * the same transaction done offline. Dev-inspect keeps upstream's meaning (`dev_inspect_ok`, no dry-run).
 */
const DRY_RUNS: readonly ModeUsed[] = ['dry_run', 'local'];

export class Phase2RowBuilder {
  private readonly row: Phase2Row;
  private truth: string[] = [];
  private best: InhabitationScore | null = null;
  private created: string[] = [];
  private usage: TokenUsage = ZERO_USAGE;
  private modelCalls: ModelCallTally | null = null;
  private causalityRecorded = false;
  private planAttemptsSeen = 0;

  constructor(packageId: string) {
    this.row = emptyPhase2Row(packageId);
  }

  setTruth(truth: string[]): void {
    this.truth = truth;
  }

  /** mock-perfect: every target counts as created, without simulating anything (so `exec_ok` stays null). */
  perfect(): void {
    this.created = this.truth.map(normalizeTypeString);
    this.best = scoreInhabitation(this.truth, this.created);
    this.row.dry_run_ok = true;
    this.row.dry_run_exec_ok = true;
    this.row.tx_build_ok = true;
  }

  startPlanAttempt(attempt: number): void {
    this.row.plan_attempts = attempt;
    this.planAttemptsSeen = attempt;
  }

  addUsage(usage: TokenUsage): void {
    this.usage = addUsage(this.usage, usage);
  }

  /** The deepest cut that fitted a planning prompt to the local model's context, if any was made. */
  setPromptTruncation(cuts: PromptTruncation[]): void {
    const deepest = cuts.reduce<PromptTruncation | null>((a, b) => (a && a.shown <= b.shown ? a : b), null);
    if (deepest) this.row.prompt_truncation = deepest;
  }

  /** The agent's model calls (agents that call no model leave it null). */
  setModelCalls(tally: ModelCallTally): void {
    this.modelCalls = tally;
  }

  hasError(): boolean {
    return this.row.error !== null;
  }

  setVariant(name: string): void {
    this.row.plan_variant = name;
  }

  /** Only the package's first plan variant decides the causality fields, as upstream. */
  recordCausality(result: CausalityResult): void {
    if (this.causalityRecorded) return;
    this.causalityRecorded = true;
    this.row.causality_valid = result.valid;
    this.row.causality_score = result.score;
    this.row.causality_errors =
      result.errors.length > 0 ? result.errors.slice(0, MAX_CAUSALITY_ERRORS) : null;
  }

  /** `counts` is normalization's histogram by correction kind. */
  addCorrections(corrections: string[], counts: Record<string, number>): void {
    if (corrections.length === 0) return;
    (this.row.formatting_corrections ??= []).push(...corrections);
    const histogram = (this.row.formatting_corrections_histogram ??= {});
    for (const [kind, n] of Object.entries(counts)) histogram[kind] = (histogram[kind] ?? 0) + n;
  }

  schemaViolation(reason: string): void {
    this.row.schema_violation_count += 1;
    this.planFailed(reason);
  }

  /** A plan attempt that gave no plan: the latest reason is the row's, should no plan ever come. */
  planFailed(reason: string): void {
    this.row.plan_failure = reason;
  }

  /** The first plan that passes the schema: how many attempts it took. */
  schemaValid(): void {
    this.row.schema_violation_attempts_until_first_valid ??= this.planAttemptsSeen;
  }

  simulationRejected(reason: string): void {
    this.row.sim_attempts += 1;
    this.row.semantic_failure_count += 1;
    this.row.dry_run_error = reason;
  }

  /**
   * A plan no transaction could be built from, without asking a simulator (it needs an object nobody can
   * name): a failed plan, not a simulation. Its reason describes the row until something is simulated.
   */
  notBuilt(reason: string): void {
    this.row.semantic_failure_count += 1;
    if (this.best === null) this.row.dry_run_error = reason;
  }

  /** `planCalls`: the simulated plan's calls (0: an empty plan). */
  recordSimulation(outcome: SimulationOutcome, score: InhabitationScore, planCalls: number): void {
    const r = this.row;
    r.sim_attempts += outcome.attempts;
    r.tx_build_ok = r.tx_build_ok || outcome.txBuildOk;
    if (outcome.execOk === false) r.semantic_failure_count += 1;
    if (outcome.execOk === true) r.semantic_failure_attempts_until_first_success ??= this.planAttemptsSeen;
    // A strictly better attempt replaces the best one, and its details describe the row.
    if (this.best !== null && score.created_hits <= this.best.created_hits) return;
    this.best = score;
    this.created = outcome.createdTypes.map(normalizeTypeString);
    const dryRun = DRY_RUNS.includes(outcome.modeUsed);
    r.simulation_mode = outcome.modeUsed;
    r.plan_calls = planCalls;
    r.fell_back_to_dev_inspect = outcome.fellBack;
    r.exec_ok = outcome.execOk;
    r.dev_inspect_ok = outcome.modeUsed === 'dev_inspect';
    r.dry_run_ok = dryRun && outcome.execOk === true;
    r.dry_run_exec_ok = dryRun ? outcome.execOk : r.dry_run_exec_ok;
    r.dry_run_error = outcome.dryRunError;
    r.gas_budget_used = outcome.gasBudgetUsed;
    r.dry_run_status = outcome.failure?.status ?? null;
    r.dry_run_effects_error = outcome.failure?.effectsError ?? null;
    r.dry_run_abort_code = outcome.failure?.abortCode ?? null;
    r.dry_run_abort_location = outcome.failure?.abortLocation ?? null;
  }

  allTargetsHit(): boolean {
    return this.best !== null && this.best.targets > 0 && this.best.created_hits === this.best.targets;
  }

  missingTargets(): string[] {
    const created = new Set(this.created);
    return this.truth.filter((t) => !created.has(normalizeTypeString(t)));
  }

  fail(error: string, timedOut: boolean): void {
    this.row.error = error;
    this.row.timed_out = timedOut;
    if (!timedOut) this.row.ptb_parse_ok = false;
  }

  build(args: { elapsedSeconds: number; includeCreatedTypes: boolean }): Phase2Row {
    const score = scoreInhabitation(this.truth, this.created);
    return {
      ...this.row,
      score,
      elapsed_seconds: args.elapsedSeconds,
      created_object_types_list: args.includeCreatedTypes ? sortedByCodePoint(new Set(this.created)) : null,
      usage: this.usage,
      model_calls: this.modelCalls,
    };
  }

  summary(index: number): PackageSummary {
    const score = scoreInhabitation(this.truth, this.created);
    return {
      index,
      packageId: this.row.package_id,
      metrics: { hit_rate: score.targets > 0 ? score.created_hits / score.targets : 0 },
      error: this.row.error,
      timedOut: this.row.timed_out,
      usage: this.usage,
    };
  }
}
