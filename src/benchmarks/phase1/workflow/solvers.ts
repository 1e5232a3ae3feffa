// Phase I agents as values: each is a function from the package (its truth, its interface) to a prediction.
// Mock agents run in workflow code; the model agent calls the `complete` activity.
import { ApplicationFailure, log } from '@temporalio/workflow';
import { predictKeyTypesMock } from '../../../core/mock-agent.js';
import { packageTimeoutError } from '../../../core/package-timeout.js';
import { isModelAgent } from '../../../core/types.js';
import { localIoActivities } from '../../../workflow-kit/local-io.js';
import { callModel } from '../../../workflow-kit/model-call.js';
import {
  answerShaFromFailure,
  failureMessage,
  failureType,
  isDeadlineFailure,
  promptFitFromFailure,
  usageFromFailure,
} from '../../../workflow-kit/model-failures.js';
import { fittedBudget, truncatedTo, type PromptTruncation } from '../../../core/prompt-fit.js';
import type { Phase1Options } from '../../../contracts/phase1-options.js';
import { ZERO_USAGE, addUsage } from '../../../core/usage.js';
import type { TokenUsage } from '../../../contracts/usage.js';
import type { RealAgentSettings } from '../../../contracts/agent-settings.js';
import type { MockBehavior } from '../../../contracts/agents.js';
import { FailureType } from '../../../contracts/failure-types.js';

/**
 * The Phase I io activity it calls, as workflow code sees it (test/benchmarks/activity-fit.test.ts holds the
 * worker's to it): the prompt for an interface, stored with its vocabulary in the run's artifact store.
 */
export interface Phase1IoActivities {
  preparePhase1Prompt: (args: {
    runDir: string;
    interfaceSha: string;
    maxStructs: number;
    template?: string | null;
  }) => Promise<{
    promptSha: string;
    vocabularySha: string;
    structsIncluded: number;
    structsAvailable: number;
  }>;
}

const phase1Io = localIoActivities<Phase1IoActivities>();

/**
 * Upstream makes at most 4 prompt attempts, halving the struct budget when the answer comes back empty.
 * A prompt the local model measured too long for its context generated nothing: it is fitted (the budget
 * lowered until it fits) without counting as one of the 4.
 */
const MAX_PROMPT_ATTEMPTS = 4;
const MIN_STRUCTS_IN_PROMPT = 5;

export interface Phase1Problem {
  runDir: string;
  packageId: string;
  interfaceSha: string;
  truth: string[];
  startedMs: number;
}

/** One model request of a package, kept in its row so every stored answer can be traced back to it. */
export interface PromptTrace {
  promptSha: string;
  answerSha: string | null;
  structsIncluded: number;
  /** Why the request gave no usable answer (its failure's message), for the package's page. */
  error?: string;
}

export interface Prediction {
  predicted: string[];
  attempts: number;
  maxStructsUsed: number | null;
  timedOut: boolean;
  error: string | null;
  usage: TokenUsage;
  trace: PromptTrace[];
  /** The struct budget lowered to fit the local model's context, when it was. */
  truncation?: PromptTruncation;
}

export type Phase1Solver = (problem: Phase1Problem) => Promise<Prediction>;

export function phase1Solver(options: Phase1Options): Phase1Solver {
  if (isModelAgent(options.agent)) {
    const settings = options.agentSettings;
    if (!settings)
      throw ApplicationFailure.nonRetryable(
        'real agent selected without model settings',
        FailureType.InvalidConfig,
      );
    return modelSolver(settings, options);
  }
  return mockSolver(options.agent.slice('mock-'.length) as MockBehavior, options.seed);
}

/** A prediction made without asking a model (mock agents, or no interface to ask about). */
export function offlinePrediction(predicted: string[]): Prediction {
  return {
    predicted,
    attempts: 0,
    maxStructsUsed: null,
    timedOut: false,
    error: null,
    usage: ZERO_USAGE,
    trace: [],
  };
}

function mockSolver(behavior: MockBehavior, seed: number): Phase1Solver {
  return async ({ truth }) => offlinePrediction([...predictKeyTypesMock(behavior, seed, new Set(truth))]);
}

function modelSolver(settings: RealAgentSettings, options: Phase1Options): Phase1Solver {
  return async (problem) => {
    const deadlineMs = problem.startedMs + options.perPackageTimeoutSeconds * 1000;
    let maxStructs = options.maxStructsInPrompt;
    // Like upstream, the row reports the budget of the last request actually sent.
    let maxStructsUsed: number | null = null;
    let usage = ZERO_USAGE;
    let attempts = 0;
    let lastError = 'unknown error';
    const trace: PromptTrace[] = [];
    let truncation: PromptTruncation | null = null;
    const failed = (error: string, timedOut: boolean): Prediction => ({
      predicted: [],
      attempts,
      maxStructsUsed,
      timedOut,
      error: `real-agent call failed: ${error}`,
      usage,
      trace,
      ...(truncation ? { truncation } : {}),
    });

    for (let round = 0; round < MAX_PROMPT_ATTEMPTS; round++) {
      if (Date.now() >= deadlineMs) {
        return failed(packageTimeoutError(options.perPackageTimeoutSeconds), true);
      }
      const prompt = await phase1Io.preparePhase1Prompt({
        runDir: problem.runDir,
        interfaceSha: problem.interfaceSha,
        maxStructs,
        template: options.promptTemplate ?? null,
      });
      attempts++;
      maxStructsUsed = maxStructs;
      const traced: PromptTrace = {
        promptSha: prompt.promptSha,
        structsIncluded: prompt.structsIncluded,
        answerSha: null,
      };
      trace.push(traced);
      try {
        const answer = await callModel({
          runDir: problem.runDir,
          promptSha: prompt.promptSha,
          vocabularySha: prompt.vocabularySha,
          settings,
          expect: 'key_types',
          format: 'phase1_key_types',
          deadlineMs,
          cacheSlot: `attempt ${attempts}`,
        });
        traced.answerSha = answer.answerSha;
        usage = addUsage(usage, answer.usage);
        const predicted = answer.parsed as string[];
        return {
          predicted,
          attempts,
          maxStructsUsed,
          timedOut: false,
          error: null,
          usage,
          trace,
          ...(truncation ? { truncation } : {}),
        };
      } catch (err) {
        usage = addUsage(usage, usageFromFailure(err));
        traced.answerSha = answerShaFromFailure(err);
        traced.error = failureMessage(err);
        if (isDeadlineFailure(err, deadlineMs)) return failed(deadlineWords(settings, err), true);
        lastError = failureMessage(err);
        const fit = promptFitFromFailure(err);
        if (fit && prompt.structsIncluded > 0) {
          const next = fittedBudget(prompt.structsIncluded, fit);
          truncation = truncatedTo(truncation, 'structs', prompt.structsIncluded, fit, next);
          log.info('prompt too long for the local model; fitting the struct budget', {
            packageId: problem.packageId,
            next,
          });
          maxStructs = next;
          round--; // a fit generated nothing: not one of the attempts
          continue;
        }
        // An empty answer usually means the prompt was too large for the model: retry with half the structs.
        const next = Math.max(MIN_STRUCTS_IN_PROMPT, Math.floor(maxStructs / 2));
        if (failureType(err) !== FailureType.ModelEmptyContent || next === maxStructs) break;
        log.info('prompt too large for the model; halving the struct budget', {
          packageId: problem.packageId,
          next,
        });
        maxStructs = next;
      }
    }
    return failed(lastError, false);
  };
}

/**
 * Upstream's words for a request that ran into the package deadline; a local model's name the model, and
 * its own timeout says that its generation (not a wait for a slot) took the time.
 */
function deadlineWords(settings: RealAgentSettings, err: unknown): string {
  if (!settings.local_model) return 'per-call timeout exceeded';
  if (failureType(err) === FailureType.ModelTimeout) return failureMessage(err);
  return `the local model ${settings.model} ran past the package's time (${failureMessage(err)})`;
}
