// One model call from workflow code: the generic `complete` activity with the package's deadline as its
// schedule-to-close timeout, so retries (backoff, Retry-After) never outlive the package. A local model's
// call also gets the time it may wait for a free generation slot: its generation has the package's time.
import { proxyActivities } from '@temporalio/workflow';
import type { AnswerShape } from '../core/model-answer.js';
import type { AnswerFormat } from '../agents/answer-schemas.js';
import { LOCAL_SLOT_WAIT_MS } from '../contracts/agent-settings.js';
import { TASK_QUEUES } from '../temporal/names.js';
import { MODEL_RETRY_POLICY } from './retry-policies.js';
import type { RealAgentSettings } from '../contracts/agent-settings.js';
import type { TokenUsage } from '../contracts/usage.js';

/** What one model call gives back: the parsed answer, its cost, and where the answer is kept. */
export interface ModelAnswer<T = unknown> {
  parsed: T;
  usage: TokenUsage;
  answerSha: string;
  finishReason: string | null;
  /** The answer came from the answer cache: no request was sent. */
  cached?: boolean;
}

/** One model call as the `complete` activity takes it. */
export interface ModelRequest {
  runDir: string;
  promptSha: string;
  settings: RealAgentSettings;
  expect: AnswerShape;
  /** The call's place in its package, for the answer cache (absent in histories from before the cache). */
  cacheSlot?: string;
  /** The answer's schema, for a structured request (absent in histories from before structured answers). */
  format?: AnswerFormat;
  /** The names the prompt lists (an AnswerVocabulary in the artifact store), which bind the schema's. */
  vocabularySha?: string;
  /**
   * A local model's time for generating, counted from the moment it has a slot; the rest of the
   * activity's time is the bound on waiting for one. Absent: all of it is the generation's.
   */
  generationMs?: number;
}

/**
 * The model activity as workflow code sees it: declared here, since workflow code may not name the
 * activities room above it (the worker's `complete` takes and gives these types).
 */
export interface ModelActivities {
  complete: (request: ModelRequest) => Promise<ModelAnswer>;
}

export async function callModel(args: {
  runDir: string;
  promptSha: string;
  /** The names the prompt lists, which the answer's schema admits (stored beside the prompt). */
  vocabularySha?: string;
  settings: RealAgentSettings;
  expect: AnswerShape;
  /** The answer's schema: the local model's grammar, and `response_format` with `--structured`. */
  format: AnswerFormat;
  deadlineMs: number;
  /**
   * Where the call stands in its package (`attempt 2, call 1`): part of the answer cache's key, so that a
   * prompt asked again in a later attempt gets a fresh answer, while a later run gets the same sequence.
   */
  cacheSlot: string;
  /** Shown for the activity in the Temporal UI (`attempt 2 · model`). */
  summary?: string;
}): Promise<ModelAnswer> {
  const remainingMs = Math.max(1, args.deadlineMs - Date.now());
  const local = args.settings.local_model !== undefined;
  const activityMs = remainingMs + (local ? LOCAL_SLOT_WAIT_MS : 0);
  const llm = proxyActivities<ModelActivities>({
    taskQueue: TASK_QUEUES.llm,
    scheduleToCloseTimeout: activityMs,
    startToCloseTimeout: Math.max(1000, activityMs),
    heartbeatTimeout: '15 seconds',
    retry: { ...MODEL_RETRY_POLICY, maximumAttempts: Math.max(1, args.settings.max_request_retries ?? 6) },
    ...(args.summary ? { summary: args.summary } : {}),
  });
  return llm.complete({
    runDir: args.runDir,
    promptSha: args.promptSha,
    settings: args.settings,
    expect: args.expect,
    format: args.format,
    ...(args.vocabularySha ? { vocabularySha: args.vocabularySha } : {}),
    ...(local ? { generationMs: remainingMs } : {}),
    cacheSlot: args.cacheSlot,
  });
}
