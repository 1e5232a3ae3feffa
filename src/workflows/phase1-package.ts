// One package, Phase I: extract the interface, ask the agent which structs have `key`, judge, record.
import {
  ActivityFailure,
  ApplicationFailure,
  TimeoutFailure,
  log,
  proxyActivities,
} from '@temporalio/workflow';
import type { LlmActivities } from '../activities/index.js';
import { ioLocal } from './io-activities.js';
import { scoreKeyTypes } from '../core/judge.js';
import { predictKeyTypesMock } from '../core/mock-agent.js';
import { sortedByCodePoint } from '../core/py-string.js';
import type { KeyTypeScore, MockBehavior, Phase1PackageRow, TokenUsage } from '../core/types.js';
import { TASK_QUEUES } from '../temporal/names.js';
import { MODEL_RETRY_POLICY } from './retry-policies.js';
import { ZERO_USAGE, addUsage, type Phase1PackageInput, type Phase1PackageSummary } from './phase1-types.js';

/** Upstream makes at most 4 prompt attempts, halving the struct budget when the answer comes back empty. */
const MAX_PROMPT_ATTEMPTS = 4;
const MIN_STRUCTS_IN_PROMPT = 5;

interface Prediction {
  predicted: string[];
  attempts: number;
  maxStructsUsed: number | null;
  timedOut: boolean;
  error: string | null;
  usage: TokenUsage;
}

export async function phase1Package(input: Phase1PackageInput): Promise<Phase1PackageSummary> {
  const startedMs = Date.now();
  const { options } = input;

  let truth: string[] = [];
  let interfaceSha: string | null = null;
  let extractionError: string | null = null;
  try {
    const extracted = await ioLocal.extractInterface({
      runDir: input.runDir,
      packageDir: input.packageDir,
      packageId: input.packageId,
    });
    truth = extracted.truth;
    interfaceSha = extracted.interfaceSha;
  } catch (err) {
    extractionError = `interface extraction failed: ${failureMessage(err)}`;
  }

  const prediction: Prediction =
    interfaceSha === null
      ? { predicted: [], attempts: 0, maxStructsUsed: null, timedOut: false, error: null, usage: ZERO_USAGE }
      : await predict(input, interfaceSha, truth, startedMs);

  // A package whose interface could not be read has no truth to judge against: it scores zero and
  // carries the error (upstream silently scored it against an empty truth set, spec §30 item 10).
  const score: KeyTypeScore =
    extractionError === null ? scoreKeyTypes(truth, prediction.predicted) : zeroScore();
  const error = extractionError ?? prediction.error;

  const row: Phase1PackageRow = {
    package_id: input.packageId,
    truth_key_types: truth.length,
    predicted_key_types: new Set(prediction.predicted).size,
    score,
    error,
    elapsed_seconds: (Date.now() - startedMs) / 1000,
    attempts: prediction.attempts,
    max_structs_used: prediction.maxStructsUsed,
    timed_out: prediction.timedOut,
    usage: prediction.usage,
  };
  if (options.includeTypeLists) {
    row.truth_key_types_list = sortedByCodePoint(truth);
    row.predicted_key_types_list = sortedByCodePoint(new Set(prediction.predicted));
  }

  await ioLocal.recordPackageResult({
    runDir: input.runDir,
    index: input.index,
    row,
    startedAtUnixSeconds: Math.floor(startedMs / 1000),
    finishedAtUnixSeconds: Math.floor(Date.now() / 1000),
  });

  return {
    index: input.index,
    packageId: input.packageId,
    precision: score.precision,
    recall: score.recall,
    f1: score.f1,
    error,
    timedOut: prediction.timedOut,
    usage: prediction.usage,
  };
}

async function predict(
  input: Phase1PackageInput,
  interfaceSha: string,
  truth: string[],
  startedMs: number,
): Promise<Prediction> {
  const { options } = input;
  if (options.agent !== 'real-openai-compatible') {
    const behavior = options.agent.slice('mock-'.length) as MockBehavior;
    const predicted = [...predictKeyTypesMock(behavior, options.seed, new Set(truth))];
    return { predicted, attempts: 0, maxStructsUsed: null, timedOut: false, error: null, usage: ZERO_USAGE };
  }
  const settings = options.agentSettings;
  if (!settings)
    throw ApplicationFailure.nonRetryable('real agent selected without model settings', 'InvalidConfig');

  const deadlineMs = startedMs + options.perPackageTimeoutSeconds * 1000;
  let maxStructs = options.maxStructsInPrompt;
  let usage = ZERO_USAGE;
  let attempts = 0;
  let lastError: string | null = null;
  for (let round = 0; round < MAX_PROMPT_ATTEMPTS; round++) {
    const remainingMs = deadlineMs - Date.now();
    if (remainingMs <= 0) {
      return timedOut(options.perPackageTimeoutSeconds, attempts, maxStructs, usage);
    }
    attempts++;
    const llm = proxyActivities<LlmActivities>({
      taskQueue: TASK_QUEUES.llm,
      scheduleToCloseTimeout: remainingMs,
      startToCloseTimeout: Math.max(1000, remainingMs),
      heartbeatTimeout: '15 seconds',
      retry: { ...MODEL_RETRY_POLICY, maximumAttempts: Math.max(1, settings.max_request_retries ?? 6) },
    });
    try {
      const answer = await llm.predictKeyTypes({
        runDir: input.runDir,
        interfaceSha,
        maxStructs,
        settings,
        packageId: input.packageId,
      });
      usage = addUsage(usage, answer.usage);
      return {
        predicted: answer.predicted,
        attempts,
        maxStructsUsed: maxStructs,
        timedOut: false,
        error: null,
        usage,
      };
    } catch (err) {
      usage = addUsage(usage, usageFromFailure(err));
      if (isTimeout(err, deadlineMs))
        return timedOut(options.perPackageTimeoutSeconds, attempts, maxStructs, usage);
      lastError = failureMessage(err);
      // An empty answer usually means the prompt was too large for the model: retry with half the structs.
      const next = Math.max(MIN_STRUCTS_IN_PROMPT, Math.floor(maxStructs / 2));
      if (failureType(err) !== 'ModelEmptyContent' || next === maxStructs) break;
      log.info('empty model answer; halving the struct budget', { packageId: input.packageId, next });
      maxStructs = next;
    }
  }
  return {
    predicted: [],
    attempts,
    maxStructsUsed: maxStructs,
    timedOut: false,
    error: `real-agent call failed: ${lastError ?? 'unknown error'}`,
    usage,
  };
}

function timedOut(limitSeconds: number, attempts: number, maxStructs: number, usage: TokenUsage): Prediction {
  return {
    predicted: [],
    attempts,
    maxStructsUsed: attempts > 0 ? maxStructs : null,
    timedOut: true,
    error: `real-agent call failed: per-package timeout exceeded (${limitSeconds}s)`,
    usage,
  };
}

function zeroScore(): KeyTypeScore {
  return { tp: 0, fp: 0, fn: 0, precision: 0, recall: 0, f1: 0, missing_sample: [], extra_sample: [] };
}

function rootCause(err: unknown): unknown {
  return err instanceof ActivityFailure && err.cause ? err.cause : err;
}

/** Temporal gave up at the package deadline, or the last HTTP attempt ran into it. */
function isTimeout(err: unknown, deadlineMs: number): boolean {
  if (rootCause(err) instanceof TimeoutFailure) return true;
  return failureType(err) === 'ModelTimeout' && Date.now() >= deadlineMs - 1000;
}

function failureType(err: unknown): string | undefined {
  const cause = rootCause(err);
  return cause instanceof ApplicationFailure ? (cause.type ?? undefined) : undefined;
}

function failureMessage(err: unknown): string {
  const cause = rootCause(err);
  return cause instanceof Error ? cause.message : String(cause);
}

function usageFromFailure(err: unknown): TokenUsage {
  const cause = rootCause(err);
  const details = cause instanceof ApplicationFailure ? cause.details : undefined;
  const usage = (details?.[0] as { usage?: TokenUsage } | undefined)?.usage;
  return usage ?? ZERO_USAGE;
}
