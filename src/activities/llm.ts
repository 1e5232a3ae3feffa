// Activities on the llm queue: one model request per attempt, the same for every phase. Prompts are built
// elsewhere (pure code, in local activities) and travel as hashes into the artifact store; Temporal does
// the retrying (backoff, and the provider's Retry-After for 429s), so model rate limits never hold up
// the io queue.
import { Context } from '@temporalio/activity';
import type { RealAgentSettings } from '../agents/config.js';
import { ModelMalformedOutput } from '../agents/model-errors.js';
import { completeChat } from '../agents/openai-chat.js';
import { parseModelAnswer, type AnswerShape } from '../core/model-answer.js';
import type { TokenUsage } from '../core/types.js';
import { getArtifact, putArtifact } from '../run-store/artifacts.js';
import { runPaths } from '../run-store/paths.js';
import { asActivity } from './failures.js';

export type { AnswerShape } from '../core/model-answer.js';

export interface LlmActivityDeps {
  /** The model API key, read from the worker's own environment (it never enters workflow history). */
  resolveApiKey(): string;
}

export interface ModelAnswer<T = unknown> {
  parsed: T;
  usage: TokenUsage;
  answerSha: string;
  finishReason: string | null;
}

/** Time left for this HTTP request: the attempt's start-to-close or the overall deadline, whichever is first. */
function requestBudgetMs(): number {
  const info = Context.current().info;
  const margin = 250;
  let budget = info.startToCloseTimeoutMs - margin;
  if (info.scheduleToCloseTimeoutMs) {
    const untilDeadline = info.scheduledTimestampMs + info.scheduleToCloseTimeoutMs - Date.now() - margin;
    budget = Math.min(budget, untilDeadline);
  }
  return Math.max(1000, budget);
}

export function createLlmActivities(deps: LlmActivityDeps) {
  /**
   * Sends the stored prompt once and stores the raw answer. Throws ModelEmptyContent when the model said
   * nothing and ModelMalformedOutput when the text does not hold the expected shape; both carry the usage.
   */
  async function complete(args: {
    runDir: string;
    promptSha: string;
    settings: RealAgentSettings;
    expect: AnswerShape;
  }): Promise<ModelAnswer> {
    return asActivity(async () => {
      const store = runPaths(args.runDir).artifacts;
      const prompt = await getArtifact(store, args.promptSha);
      const answer = await completeChat(args.settings, deps.resolveApiKey(), prompt, {
        timeoutMs: requestBudgetMs(),
        signal: Context.current().cancellationSignal,
      });
      const answerSha = await putArtifact(store, answer.content);
      let parsed: unknown;
      try {
        parsed = parseModelAnswer(args.expect, answer.content);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new ModelMalformedOutput({
          reason,
          content: answer.content,
          usage: answer.usage,
          cause: error,
        });
      }
      return { parsed, usage: answer.usage, answerSha, finishReason: answer.finishReason };
    });
  }
  return { complete };
}
