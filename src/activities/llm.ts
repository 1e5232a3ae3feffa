// Activities on the llm queue: one model call per attempt. Temporal does the retrying (backoff, and the
// provider's Retry-After for 429s), so model rate limits never hold up the io queue.
import { Context } from '@temporalio/activity';
import type { RealAgentSettings } from '../agents/config.js';
import { predictKeyTypesWithModel } from '../agents/key-types-agent.js';
import { buildPhase1Prompt } from '../core/phase1-prompt.js';
import type { TokenUsage } from '../core/types.js';
import { getArtifact, putArtifact } from '../run-store/artifacts.js';
import { runPaths } from '../run-store/paths.js';
import { asActivity } from './failures.js';

export interface LlmActivityDeps {
  /** The model API key, read from the worker's own environment (it never enters workflow history). */
  resolveApiKey(): string;
}

export interface KeyTypesAnswer {
  predicted: string[];
  usage: TokenUsage;
  structsIncluded: number;
  promptSha: string;
  answerSha: string;
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
  async function predictKeyTypes(args: {
    runDir: string;
    packageId: string;
    interfaceSha: string;
    maxStructs: number;
    settings: RealAgentSettings;
  }): Promise<KeyTypesAnswer> {
    return asActivity(async () => {
      const store = runPaths(args.runDir).artifacts;
      const iface: unknown = JSON.parse(await getArtifact(store, args.interfaceSha));
      const { prompt, structsIncluded } = buildPhase1Prompt(iface, args.maxStructs);
      const promptSha = await putArtifact(store, prompt);
      const apiKey = deps.resolveApiKey();
      const answer = await predictKeyTypesWithModel(args.settings, apiKey, prompt, {
        timeoutMs: requestBudgetMs(),
        signal: Context.current().cancellationSignal,
      });
      const answerSha = await putArtifact(store, answer.rawContent);
      return { predicted: answer.predicted, usage: answer.usage, structsIncluded, promptSha, answerSha };
    });
  }
  return { predictKeyTypes };
}
