// One package, Phase II (spec §7.3): extract the interface, let the agent plan, and for each plan and
// each of its variants normalize, validate, simulate and score; the row keeps the best attempt.
import { ActivityFailure, ApplicationFailure, patched } from '@temporalio/workflow';
import { resolvePlaceholders } from '../core/phase2/inventory.js';
import { preparePlanVariants, type PreparedVariant } from '../core/phase2/prepare.js';
import { preparePlaceholderPlan } from '../core/phase2/unknown-objects.js';
import { normalizeTypeString } from '../core/phase2/type-string.js';
import { scoreInhabitation } from '../core/phase2/score.js';
import { formatSimulationFeedback } from '../core/phase2/feedback.js';
import { packageTimeoutError } from '../core/package-timeout.js';
import { emptyModelCallTally, neverAnswered, neverAnsweredError } from '../core/model-calls.js';
import type { PlanResult } from '../sim/backends.js';
import type { SimulationRequest } from '../sim/types.js';
import type { SimActivities } from '../benchmarks/phase2/sim-activities.js';
import type { PtbSpec } from '../core/phase2/ptb-spec.js';
import { extractInterfaceOf, ioLocal } from './io-activities.js';
import { failureMessage, failureType } from './model-failures.js';
import { Phase2RowBuilder } from './phase2-row.js';
import {
  PackageFailure,
  PackageTimeout,
  phase2Solver,
  type FailureContext,
  type Phase2Solver,
  type PlanningRound,
  type PlanRequest,
} from './phase2-solvers.js';
import type { PackageSummary } from '../contracts/run.js';
import { simActivities } from './sim-activities.js';
import type { ModelCallTally } from '../contracts/usage.js';
import { MODEL_AGENTS } from '../contracts/agents.js';
import type { Phase2Options, Phase2PackageInput } from '../contracts/phase2-options.js';
import { FailureType } from '../contracts/failure-types.js';
import { PATCH } from './patches.js';

/** The inventory is only worth fetching for agents that fill placeholders or tell the model about it. */
const INVENTORY_AGENTS = new Set<string>(['baseline-search', 'template-search', ...MODEL_AGENTS]);

export async function phase2Package(input: Phase2PackageInput): Promise<PackageSummary> {
  const startedMs = Date.now();
  const options = input.options;
  const deadlineMs = startedMs + options.perPackageTimeoutSeconds * 1000;
  const row = new Phase2RowBuilder(input.packageId);
  const rounds: PlanningRound[] = [];
  const modelCalls = emptyModelCallTally();
  let interfaceSha: string | null = null;
  let targets: string[] | null = null;

  try {
    const extracted = await extractInterfaceOf(input, true).catch((err: unknown) => {
      throw new PackageFailure(`interface extraction failed: ${failureMessage(err)}`);
    });
    interfaceSha = extracted.interfaceSha;
    // Scored under their defining ids, as Sui tags created objects; histories recorded before the
    // activity returned them scored the interface's truth.
    targets = extracted.targets ?? extracted.truth;
    row.setTruth(targets);
    if (options.agent === 'mock-perfect') {
      row.perfect();
    } else {
      const inventory = await fetchInventory(options, deadlineMs);
      const problem = { interfaceSha, truth: extracted.truth, targets, deadlineMs, inventory };
      await tryPlans(input, problem, row, rounds, modelCalls);
    }
  } catch (err) {
    if (err instanceof PackageTimeout) {
      row.fail(packageTimeoutError(options.perPackageTimeoutSeconds), true);
    } else if (err instanceof PackageFailure) {
      row.fail(err.message, false);
    } else if (err instanceof ActivityFailure || err instanceof ApplicationFailure) {
      row.fail(failureMessage(err), false);
    } else {
      throw err;
    }
  }
  if (options.agentSettings) row.setModelCalls(modelCalls);
  row.setPromptTruncation(rounds.flatMap((round) => (round.truncation ? [round.truncation] : [])));
  // A model that was never heard is an error of the package, not a score of 0 (upstream: no error).
  if (!row.hasError() && neverAnswered(modelCalls)) row.fail(neverAnsweredError(modelCalls), false);

  const finished = row.build({
    elapsedSeconds: (Date.now() - startedMs) / 1000,
    includeCreatedTypes: options.includeCreatedTypes,
  });
  await ioLocal.recordPackageResult({
    phase: 'phase2',
    runDir: input.runDir,
    index: input.index,
    row: finished,
    trace: { interfaceSha, rounds, ...(targets ? { targets } : {}) },
    startedAtUnixSeconds: Math.floor(startedMs / 1000),
    finishedAtUnixSeconds: Math.floor(Date.now() / 1000),
    ...(input.round ? { round: input.round } : {}),
    ...(input.writeLogs === false ? { writeLogs: false } : {}),
  });
  return row.summary(input.index);
}

async function fetchInventory(options: Phase2Options, deadlineMs: number): Promise<Record<string, string[]>> {
  const online = options.simulationMode !== 'build-only' && options.rpcUrl !== null;
  if (!online || !INVENTORY_AGENTS.has(options.agent) || !options.sender || options.sender === '0x0')
    return {};
  return simActivities(deadlineMs - Date.now()).fetchSenderInventory({
    rpcUrl: options.rpcUrl!,
    sender: options.sender,
    ...(options.rpcProtocol ? { rpcProtocol: options.rpcProtocol } : {}),
  });
}

interface Problem {
  interfaceSha: string;
  /** The key types as the interface names them (original ids): what prompts show. */
  truth: string[];
  /** The same types under their defining ids: what plans are scored against. */
  targets: string[];
  deadlineMs: number;
  inventory: Record<string, string[]>;
}

/** Applies one variant's checks and simulation to the row; a failure context for the next prompt, if any. */
function recordVariant(
  row: Phase2RowBuilder,
  variant: PreparedVariant,
  result: PlanResult | null,
  truth: string[],
  feedback: boolean,
): FailureContext | null {
  row.setVariant(variant.name);
  row.recordCausality(variant.causality);
  row.addCorrections(variant.corrections, variant.correctionCounts);
  if (variant.spec === null) {
    const reason = `the plan does not follow the schema: ${variant.schemaErrors.join('; ')}`;
    row.schemaViolation(reason);
    return { harness_error: reason };
  }
  row.schemaValid();
  if (variant.unbuilt !== undefined) {
    row.notBuilt(variant.unbuilt);
    return { harness_error: `the transaction could not be built: ${variant.unbuilt}` };
  }
  if (result === null) return null;
  if (result.outcome === null) {
    row.simulationRejected(result.rejection);
    return { harness_error: `the transaction could not be built: ${result.rejection}` };
  }
  const outcome = result.outcome;
  const score = scoreInhabitation(truth, outcome.createdTypes.map(normalizeTypeString));
  row.recordSimulation(outcome, score, variant.spec.calls.length);
  return outcome.failure && feedback ? formatSimulationFeedback(outcome.failure, row.missingTargets()) : null;
}

function simulationRequest(input: Phase2PackageInput, spec: PtbSpec): SimulationRequest {
  const o = input.options;
  return {
    mode: o.simulationMode,
    spec,
    sender: o.sender,
    gasBudget: o.gasBudget,
    gasBudgetLadder: o.gasBudgetLadder,
    gasCoin: o.gasCoin,
    rpcUrl: o.rpcUrl,
    ...(o.rpcProtocol ? { rpcProtocol: o.rpcProtocol } : {}),
    packageDir: input.packageDir,
    requireDryRun: o.requireDryRun,
    ...(o.externalBin ? { externalBin: o.externalBin } : {}),
    // Where `local` finds the dependencies and the framework (a corpus may be made of links).
    ...(o.simulationMode === 'local' && input.corpusRoot ? { corpusRoot: input.corpusRoot } : {}),
    ...(o.simulationMode === 'local' && o.frameworkDir ? { frameworkDir: o.frameworkDir } : {}),
  };
}

async function tryPlans(
  input: Phase2PackageInput,
  problem: Problem,
  row: Phase2RowBuilder,
  rounds: PlanningRound[],
  modelCalls: ModelCallTally,
): Promise<void> {
  const options = input.options;
  const solver = phase2Solver(options, modelCalls);
  const base = { runDir: input.runDir, packageId: input.packageId, ...problem };
  const sim = () => simActivities(problem.deadlineMs - Date.now(), options.simulationMode);
  const checkDeadline = () => {
    if (Date.now() >= problem.deadlineMs) throw new PackageTimeout();
  };

  if (solver.offline) {
    // Plans that do not depend on earlier results are simulated in one activity, then applied in
    // upstream's order, stopping where upstream would have stopped.
    const variants = solver.prepareAll
      ? await solver.prepareAll(base)
      : await prepareOneByOne(solver, base, problem, options);
    checkDeadline();
    const runnable = variants.filter(simulated);
    const results =
      runnable.length > 0
        ? await sim().simulatePlans(runnable.map((v) => simulationRequest(input, v.spec!)))
        : [];
    let next = 0;
    for (const variant of variants) {
      row.startPlanAttempt(variant.attempt);
      recordVariant(
        row,
        variant,
        simulated(variant) ? (results[next++] ?? null) : null,
        problem.targets,
        false,
      );
      if (row.allTargetsHit()) return;
    }
    return;
  }

  let lastFailure: FailureContext | null = null;
  const items = await solver.items(base);
  for (let attempt = 1; attempt <= items; attempt++) {
    checkDeadline();
    row.startPlanAttempt(attempt);
    const planned = await solver.plan({ ...base, attempt, lastFailure });
    row.addUsage(planned.usage);
    rounds.push(...planned.rounds);
    if (planned.kind === 'none') {
      lastFailure = planned.failure;
      row.planFailed(planned.failure['harness_error'] ?? JSON.stringify(planned.failure));
      continue;
    }
    for (const variant of preparePlan(solver, planned.raw, problem, attempt, options)) {
      checkDeadline();
      const result = simulated(variant)
        ? await simulateOne(sim, simulationRequest(input, variant.spec!))
        : null;
      lastFailure =
        recordVariant(row, variant, result, problem.targets, options.simulationFeedback) ?? lastFailure;
      if (row.allTargetsHit()) return;
    }
  }
}

/** Every plan item's variants, item after item (mock agents and plan files have a single item). */
async function prepareOneByOne(
  solver: Phase2Solver,
  base: Omit<PlanRequest, 'attempt' | 'lastFailure'>,
  problem: Problem,
  options: Phase2Options,
): Promise<PreparedVariant[]> {
  const variants: PreparedVariant[] = [];
  const items = await solver.items(base);
  for (let attempt = 1; attempt <= items; attempt++) {
    const planned = await solver.plan({ ...base, attempt, lastFailure: null });
    if (planned.kind !== 'plan') continue;
    variants.push(...preparePlan(solver, planned.raw, problem, attempt, options));
  }
  return variants;
}

/** A variant that goes to the simulator: it follows the schema and its transaction can be built. */
const simulated = (variant: PreparedVariant): boolean =>
  variant.spec !== null && variant.unbuilt === undefined;

/**
 * A plan's variants, ready to simulate. Search agents' `$smi_placeholder` arguments become the sender's
 * objects, as upstream (spec §8.2); a plan needing an object the sender does not have is not built.
 */
function preparePlan(
  solver: Phase2Solver,
  raw: unknown,
  problem: Problem,
  attempt: number,
  options: Phase2Options,
): PreparedVariant[] {
  const { sender, maxHeuristicVariants } = options;
  if (!solver.resolvesPlaceholders) return preparePlanVariants(raw, attempt, sender, maxHeuristicVariants);
  const variants = preparePlaceholderPlan(raw, problem.inventory, attempt, sender, maxHeuristicVariants);
  // Histories recorded before the patch simulated such a plan's every variant with object 0x0.
  if (variants.some((v) => v.unbuilt !== undefined) && !patched(PATCH.unknownObjectsNotBuilt)) {
    const filled = resolvePlaceholders(raw, problem.inventory).spec;
    return preparePlanVariants(filled, attempt, sender, maxHeuristicVariants);
  }
  return variants;
}

/** One simulation; a plan the simulator rejects is a failed attempt, not a failed package. */
async function simulateOne(sim: () => SimActivities, request: SimulationRequest): Promise<PlanResult> {
  try {
    return { outcome: await sim().simulatePlan(request), rejection: null };
  } catch (err) {
    if (failureType(err) !== FailureType.SimulationRejected) throw err;
    return { outcome: null, rejection: failureMessage(err) };
  }
}
