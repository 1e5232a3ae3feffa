// One model call from workflow code: the generic `complete` activity with the package's deadline as its
// schedule-to-close timeout, so retries (backoff, Retry-After) never outlive the package. A local model's
// call also gets the time it may wait for a free generation slot: its generation has the package's time.
import { proxyActivities } from '@temporalio/workflow';
import type { LlmActivities } from '../activities/index.js';
import type { ModelAnswer } from '../activities/llm.js';
import type { AnswerShape } from '../core/model-answer.js';
import type { AnswerFormat } from '../agents/answer-schemas.js';
import { LOCAL_SLOT_WAIT_MS } from '../contracts/agent-settings.js';
import { TASK_QUEUES } from '../temporal/names.js';
import { MODEL_RETRY_POLICY } from './retry-policies.js';
import type { RealAgentSettings } from '../contracts/agent-settings.js';

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
  const llm = proxyActivities<LlmActivities>({
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
