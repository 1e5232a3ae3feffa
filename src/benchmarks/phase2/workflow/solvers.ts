// Phase II agents as values. Each offers a number of plan items and, for each, produces a raw plan (or
// the reason it could not). Mock and search agents produce their plans offline; template-search asks the
// model to fill in a candidate; the model agent runs the progressive-exposure loop (spec §7.4).
import { ApplicationFailure, setCurrentDetails } from '@temporalio/workflow';
import { countFailedCall } from '../../../core/model-calls.js';
import { interpretPlanningReply } from './planning.js';
import type { PreparedVariant } from './prepare.js';
import type { PtbSpec } from '../../../core/phase2/ptb-spec.js';
import { phase2Io } from './io.js';
import { callModel } from '../../../workflow-kit/model-call.js';
import {
  answerShaFromFailure,
  failureKind,
  failureMessage,
  promptFitFromFailure,
  usageFromFailure,
} from '../../../workflow-kit/model-failures.js';
import {
  fittedBudget,
  truncatedTo,
  type PromptFit,
  type PromptTruncation,
} from '../../../core/prompt-fit.js';
import { SUMMARY_FUNCTIONS } from './prompts.js';
import { addUsage, ZERO_USAGE } from '../../../core/usage.js';
import type { ModelCallTally, TokenUsage } from '../../../contracts/usage.js';
import type { Phase2Options } from '../../../contracts/phase2-options.js';
import type { RealAgentSettings } from '../../../contracts/agent-settings.js';
import { FailureType } from '../../../contracts/failure-types.js';
import { countedCall, PackageFailure, PackageTimeout } from '../../../workflow-kit/counted-call.js';

/** Why the last plan failed, in the words the retry prompt passes on (upstream's `last_failure`). */
export type FailureContext = Record<string, string>;

export interface PlanRequest {
  runDir: string;
  packageId: string;
  interfaceSha: string;
  truth: string[];
  deadlineMs: number;
  /** The sender's objects by normalized type (empty offline). */
  inventory: Record<string, string[]>;
  /** 1-based plan attempt. */
  attempt: number;
  lastFailure: FailureContext | null;
}

/** One model round, kept in the row's trace. */
export interface PlanningRound {
  attempt: number;
  call: number;
  promptSha: string;
  answerSha: string | null;
  kind: 'plan' | 'need_more' | 'loop' | 'error';
  /** The answer came from the answer cache. */
  cached?: boolean;
  /** Why the call gave no usable answer (its failure's message), for the package's page. */
  error?: string;
  /** The summary's function budget lowered so the prompt fits the local model's context. */
  truncation?: PromptTruncation;
}

/**
 * A failed call's round: the answer it got, if one came but held nothing usable, and why it failed. A
 * round that has its answer is not the one that failed (the next prompt could not be made), and a package
 * that ran out of time says so on its own.
 */
function failedRound(round: PlanningRound | undefined, err: unknown): void {
  if (!round || round.answerSha !== null || err instanceof PackageTimeout) return;
  round.answerSha = answerShaFromFailure(err);
  round.error = failureMessage(err);
}

export type PlanResult =
  | { kind: 'plan'; raw: unknown; usage: TokenUsage; rounds: PlanningRound[] }
  | { kind: 'none'; failure: FailureContext; usage: TokenUsage; rounds: PlanningRound[] };

export interface Phase2Solver {
  /** Plan items to try: candidates, plan attempts, or one. */
  items(request: Omit<PlanRequest, 'attempt' | 'lastFailure'>): Promise<number>;
  plan(request: PlanRequest): Promise<PlanResult>;
  /** Whether `$smi_placeholder` arguments are filled from the inventory (search agents). */
  resolvesPlaceholders: boolean;
  /** Plans never depend on how earlier ones fared: they can be simulated together. */
  offline: boolean;
  /** An offline solver with many plans may prepare all their variants in one activity, in order. */
  prepareAll?(request: Omit<PlanRequest, 'attempt' | 'lastFailure'>): Promise<PreparedVariant[]>;
}

const offline = (raw: unknown): PlanResult => ({ kind: 'plan', raw, usage: ZERO_USAGE, rounds: [] });

/**
 * `calls` counts the agent's model calls, answered or failed; the package workflow turns a tally without
 * one answer into the row's error.
 */
export function phase2Solver(options: Phase2Options, calls: ModelCallTally): Phase2Solver {
  switch (options.agent) {
    case 'mock-empty':
    case 'mock-perfect':
      return {
        items: async () => 1,
        plan: async () => offline({ calls: [] }),
        resolvesPlaceholders: false,
        offline: true,
      };
    case 'mock-planfile':
      return planFileSolver(options);
    case 'baseline-search':
      return candidateSolver(options, 'baseline', calls);
    case 'template-search':
      return candidateSolver(options, 'template', calls);
    case 'real-openai-compatible':
    case 'local-llm':
      return exposureSolver(options, calls);
  }
}

function planFileSolver(options: Phase2Options): Phase2Solver {
  return {
    items: async () => 1,
    resolvesPlaceholders: false,
    offline: true,
    async plan({ packageId }) {
      if (!options.planFile)
        throw ApplicationFailure.nonRetryable('mock-planfile needs --plan-file', FailureType.InvalidConfig);
      const raw = await phase2Io.readPlanFromFile({ planFile: options.planFile, packageId });
      if (raw === null) throw new PackageFailure(`No PTB plan found in plan file for package: ${packageId}`);
      return offline(raw);
    },
  };
}

/** Upstream asks template-search about at most five candidates. */
const TEMPLATE_CANDIDATES = 5;

function candidateSolver(
  options: Phase2Options,
  kind: 'baseline' | 'template',
  calls: ModelCallTally,
): Phase2Solver {
  let candidates: PtbSpec[] = [];
  const prepareAll = ({ runDir, interfaceSha, inventory }: Omit<PlanRequest, 'attempt' | 'lastFailure'>) =>
    phase2Io.prepareBaselinePlans({
      runDir,
      interfaceSha,
      limit: options.baselineMaxCandidates,
      inventory,
      sender: options.sender,
      maxVariants: options.maxHeuristicVariants,
    });
  return {
    ...(kind === 'baseline' ? { prepareAll } : {}),
    resolvesPlaceholders: true,
    offline: kind === 'baseline',
    async items({ runDir, interfaceSha }) {
      const limit = kind === 'template' ? TEMPLATE_CANDIDATES : options.baselineMaxCandidates;
      const found = await phase2Io.listPlanCandidates({ runDir, interfaceSha, limit });
      candidates = found.length > 0 ? found : [{ calls: [] }];
      return candidates.length;
    },
    async plan(request) {
      const candidate = candidates[request.attempt - 1] ?? { calls: [] };
      if (kind === 'baseline') return offline(candidate);
      const settings = requireSettings(options);
      const prompt = await phase2Io.preparePhase2Prompt({
        runDir: request.runDir,
        interfaceSha: request.interfaceSha,
        kind: 'template',
        targets: request.truth,
        skeletonCalls: candidate.calls,
        templates: options.promptTemplates,
      });
      const round: PlanningRound = {
        attempt: request.attempt,
        call: 1,
        promptSha: prompt.promptSha,
        answerSha: null,
        kind: 'error',
      };
      try {
        const answer = await countedCall(calls, request.deadlineMs, () =>
          askPlanner(request, settings, prompt, `candidate ${request.attempt}`),
        );
        round.answerSha = answer.answerSha;
        if (answer.cached) round.cached = true;
        round.kind = 'plan';
        return { kind: 'plan', raw: answer.parsed, usage: answer.usage, rounds: [round] };
      } catch (err) {
        failedRound(round, err);
        if (err instanceof PackageFailure || err instanceof PackageTimeout) throw err;
        return {
          kind: 'none',
          failure: { harness_error: failureMessage(err) },
          usage: usageFromFailure(err),
          rounds: [round],
        };
      }
    },
  };
}

function exposureSolver(options: Phase2Options, calls: ModelCallTally): Phase2Solver {
  const settings = requireSettings(options);
  return {
    items: async () => Math.max(1, options.maxPlanAttempts),
    resolvesPlaceholders: false,
    offline: false,
    async plan(request) {
      let usage = ZERO_USAGE;
      const rounds: PlanningRound[] = [];
      const requested: string[] = [];
      // Upstream sends the retry prompt from the second attempt on, once something has failed.
      const retrying = request.attempt > 1 && request.lastFailure !== null;
      const ask = async (call: number, prompt: PromptRequest) => {
        const round: PlanningRound = {
          attempt: request.attempt,
          call,
          promptSha: '',
          answerSha: null,
          kind: 'error',
        };
        rounds.push(round);
        setCurrentDetails(
          `plan attempt ${request.attempt}, planning call ${call}/${options.maxPlanningCalls}`,
        );
        const answer = await fittedCall(round, (budget) =>
          phase2Io.preparePhase2Prompt({
            runDir: request.runDir,
            interfaceSha: request.interfaceSha,
            targets: request.truth,
            templates: options.promptTemplates,
            ...prompt,
            ...(budget.maxFunctions === SUMMARY_FUNCTIONS ? {} : { maxFunctions: budget.maxFunctions }),
            ...(budget.maxTargets === undefined ? {} : { maxTargets: budget.maxTargets }),
          }),
        );
        round.answerSha = answer.answerSha;
        if (answer.cached) round.cached = true;
        usage = addUsage(usage, answer.usage);
        return { answer, round };
      };
      /**
       * The call, its prompt fitted to a local model's context: a prompt measured too long is built again
       * with fewer functions in its summary (a rejection generates nothing: counted only when final).
       */
      const fittedCall = async (
        round: PlanningRound,
        prepare: (budget: PromptBudget) => Promise<PreparedPrompt>,
      ) => {
        const budget: PromptBudget = { maxFunctions: SUMMARY_FUNCTIONS };
        for (;;) {
          const prompt = await prepare(budget);
          round.promptSha = prompt.promptSha;
          try {
            return await countedCall(
              calls,
              request.deadlineMs,
              () => askPlanner(request, settings, prompt, `attempt ${request.attempt}, call ${round.call}`),
              true,
            );
          } catch (err) {
            const fit = promptFitFromFailure(err);
            if (!fit) throw err;
            const nothingToCut = prompt.functionsShown === 0 && prompt.targetsShown <= 1;
            if (nothingToCut || Date.now() >= request.deadlineMs) {
              countFailedCall(calls, failureKind(err), failureMessage(err));
              throw err;
            }
            round.truncation = fitBudget(budget, prompt, fit, round.truncation ?? null);
          }
        }
      };
      for (let call = 1; call <= options.maxPlanningCalls; call++) {
        if (Date.now() >= request.deadlineMs) throw new PackageTimeout();
        const budget = options.maxPlanningCalls - call + 1;
        try {
          const { answer, round } = await ask(call, {
            kind: retrying ? 'retry' : 'initial',
            requestedTargets: [...requested],
            inventory: request.inventory,
            lastFailure: request.lastFailure,
            budget,
          });
          const step = interpretPlanningReply(answer.parsed, requested);
          round.kind = step.kind;
          if (step.kind === 'plan') return { kind: 'plan', raw: step.raw, usage, rounds };
          if (step.kind === 'error')
            return { kind: 'none', failure: { harness_error: step.message }, usage, rounds };
          if (step.kind === 'need_more') {
            requested.push(...step.newTargets);
            continue;
          }
          // Every target asked for again: one last call, outside the budget, for a best-effort plan.
          const last = await ask(call + 1, {
            kind: 'loop',
            requestedTargets: [...requested],
            inventory: request.inventory,
            lastFailure: null,
            budget: null,
          });
          const final = interpretPlanningReply(last.answer.parsed, []);
          last.round.kind = final.kind;
          if (final.kind === 'plan') return { kind: 'plan', raw: final.raw, usage, rounds };
          return {
            kind: 'none',
            failure: { harness_error: 'no plan after repeated requests' },
            usage,
            rounds,
          };
        } catch (err) {
          failedRound(rounds.at(-1), err);
          if (err instanceof PackageTimeout || err instanceof PackageFailure) throw err;
          usage = addUsage(usage, usageFromFailure(err));
          return { kind: 'none', failure: { harness_error: failureMessage(err) }, usage, rounds };
        }
      }
      return {
        kind: 'none',
        failure: { harness_error: 'reached max planning calls without plan' },
        usage,
        rounds,
      };
    },
  };
}

/** What a planning prompt shows at most: lowered, functions first, to fit a local model's context. */
interface PromptBudget {
  maxFunctions: number;
  maxTargets?: number;
}

interface PreparedPrompt {
  promptSha: string;
  vocabularySha: string;
  functionsShown: number;
  targetsShown: number;
}

/**
 * Lowers the budget of a prompt measured too long: the summary's functions, and once none is left the
 * target types listed (at least one stays). Returns the truncation so far.
 */
function fitBudget(
  budget: PromptBudget,
  prompt: PreparedPrompt,
  fit: PromptFit,
  before: PromptTruncation | null,
): PromptTruncation {
  if (prompt.functionsShown > 0) {
    budget.maxFunctions = fittedBudget(prompt.functionsShown, fit);
    return truncatedTo(before, 'functions', prompt.functionsShown, fit, budget.maxFunctions);
  }
  budget.maxTargets = Math.max(1, fittedBudget(prompt.targetsShown, fit));
  const cut = truncatedTo(before, 'functions', 0, fit, 0);
  return { ...cut, targets_before: cut.targets_before ?? prompt.targetsShown, targets: budget.maxTargets };
}

/** One planning request of a stored prompt, its answer bound to the prompt's vocabulary. */
function askPlanner(
  request: PlanRequest,
  settings: RealAgentSettings,
  prompt: { promptSha: string; vocabularySha: string },
  cacheSlot: string,
) {
  return callModel({
    ...request,
    promptSha: prompt.promptSha,
    vocabularySha: prompt.vocabularySha,
    settings,
    expect: 'json_object',
    format: 'phase2_planning',
    cacheSlot,
  });
}

interface PromptRequest {
  kind: 'initial' | 'retry' | 'loop';
  requestedTargets: string[];
  inventory: Record<string, string[]>;
  lastFailure: FailureContext | null;
  budget: number | null;
}

function requireSettings(options: Phase2Options) {
  if (!options.agentSettings)
    throw ApplicationFailure.nonRetryable(`${options.agent} needs model settings`, FailureType.InvalidConfig);
  return options.agentSettings;
}
