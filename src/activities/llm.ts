// Activities on the llm queue: one model request per attempt, the same for every phase. Prompts are built
// elsewhere (pure code, in local activities) and travel as hashes into the artifact store; Temporal does
// the retrying (backoff, and the provider's Retry-After for 429s), so model rate limits never hold up
// the io queue.
import { hostname } from 'node:os';
import { basename, dirname } from 'node:path';
import { Context } from '@temporalio/activity';
import { describeLocation, type LocatedValue } from '../agents/config.js';
import { ModelEmptyContent, ModelMalformedOutput, ModelRateLimited } from '../agents/model-errors.js';
import type { AdaptiveLimit, AdaptiveLimits } from '../agents/adaptive-limit.js';
import {
  answerSchema,
  vocabularyNames,
  type AnswerFormat,
  type AnswerSchema,
  type AnswerVocabulary,
} from '../agents/answer-schemas.js';
import type { LocalModels } from '../agents/local-llm.js';
import { LOCAL_MAX_TOKENS } from '../agents/local-model.js';
import { completeChat, type ChatCompletionResult } from '../agents/openai-chat.js';
import { parseModelAnswer } from '../core/model-answer.js';
import { ZERO_USAGE } from '../core/usage.js';
import { getArtifact, putArtifact } from '../run-store/artifacts.js';
import { cachedOrSent } from '../run-store/answer-cache.js';
import { runPaths } from '../run-store/paths.js';
import { asActivity } from '../activity-support/failures.js';
import type { TokenUsage } from '../contracts/usage.js';
import type { ModelAnswer, ModelRequest } from '../workflow-kit/model-call.js';
import type { RealAgentSettings } from '../contracts/agent-settings.js';

export type { AnswerShape } from '../core/model-answer.js';

export interface LlmActivityDeps {
  /**
   * The model API key, read from the worker's own environment (it never enters workflow history): from
   * `variable` when the model names one, else SMI_API_KEY and its fallbacks.
   */
  resolveApiKey(variable?: string): string;
  /**
   * The endpoint this worker's own environment names, if any. Runs call the endpoint of the command that
   * started them; a run that calls another one is reported through `warn`, once per run and endpoint.
   */
  ownBaseUrl?: LocatedValue | null;
  warn?: (line: string) => void;
  /** This worker's answer cache folder (SMI_MODEL_CACHE_DIR); default: beside the run directories. */
  modelCacheDir?: string | undefined;
}

/** What the pre-flight probe learned: who answered, and anything the user should know. */
export interface ModelProbeResult {
  model: string;
  note: string | null;
  /** The process that asked (`pid@host`): several workers may poll one server, each with its own key. */
  worker?: string;
}

/** This process, as the pre-flight names it (the CLI compares it with its own). */
const PROCESS_ID = `${process.pid}@${hostname()}`;

const PROBE_PROMPT = 'Reply with the JSON object {"ok": true} and nothing else.';
const PROBE_TIMEOUT_MS = 30_000;

/**
 * Why an answer stopped short, with the limit it ran into: the run's max_tokens (the local model's default
 * when the run set none), else the provider's own, known only by the tokens the answer used.
 */
function cutAnswerReason(settings: RealAgentSettings, usage: TokenUsage): string {
  const limit = settings.max_tokens ?? (settings.local_model ? LOCAL_MAX_TOKENS : null);
  return limit !== null
    ? `answer cut at the token limit (max_tokens ${limit})`
    : `answer cut at the token limit (the provider's, after ${usage.completion_tokens} completion tokens)`;
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

/** Sends within the endpoint's adaptive limit, and tells it how the call went (a 429, or an answer). */
async function sendWithin<T>(limit: AdaptiveLimit | undefined, send: () => Promise<T>): Promise<T> {
  if (!limit) return send();
  const release = await limit.acquire();
  try {
    const answer = await send();
    limit.answered();
    return answer;
  } catch (err) {
    if (err instanceof ModelRateLimited) limit.rateLimited();
    throw err;
  } finally {
    release();
  }
}

/** The vocabulary a prompt's preparation stored (none: the schema's names stay free). */
async function readVocabulary(store: string, sha: string | undefined): Promise<AnswerVocabulary> {
  return sha ? (JSON.parse(await getArtifact(store, sha)) as AnswerVocabulary) : {};
}

/** A cached answer sent nothing and costs nothing; it is counted apart. */
function cachedUsage(settings: RealAgentSettings): TokenUsage {
  return { ...ZERO_USAGE, ...(settings.pricing ? { cost_usd: 0 } : {}), cached_calls: 1 };
}

/**
 * `limits`: the worker's adaptive sending per endpoint and model (none: calls are not held back);
 * `local`: the GGUF models this worker runs itself (`--agent local-llm`), loaded on first use.
 */
export function createLlmActivities(
  deps: LlmActivityDeps,
  limits: AdaptiveLimits | undefined,
  local: LocalModels,
) {
  const reported = new Set<string>();
  /** Says once per run and endpoint when a run's endpoint is not the one this worker is configured with. */
  function noteEndpoint(run: string, settings: RealAgentSettings): void {
    const own = deps.ownBaseUrl;
    const baseUrl = settings.base_url;
    if (settings.local_model || !own || !deps.warn || own.value.replace(/\/+$/, '') === baseUrl) return;
    const key = `${run}\n${baseUrl}`;
    if (reported.has(key)) return;
    reported.add(key);
    deps.warn(
      `warning: run ${run} calls the model at ${baseUrl}, as the command that started it said; this ` +
        `worker's ${describeLocation(own)} (${own.value}) is not used for it`,
    );
  }

  /**
   * One tiny request with the run's settings and this worker's key, before a run starts: an answer of any
   * content means endpoint, key and model work; a 429 too (the provider is just busy).
   */
  async function probeModel(args: { runId: string; settings: RealAgentSettings }): Promise<ModelProbeResult> {
    return asActivity(async () => {
      noteEndpoint(args.runId, args.settings);
      // A local model is checked by loading it here, where the run's calls will be made.
      if (args.settings.local_model) {
        await local.load(args.settings.local_model);
        return { model: args.settings.model, note: 'loaded in-process', worker: PROCESS_ID };
      }
      try {
        const answer = await completeChat(
          args.settings,
          deps.resolveApiKey(args.settings.api_key_env),
          PROBE_PROMPT,
          {
            timeoutMs: PROBE_TIMEOUT_MS,
            signal: Context.current().cancellationSignal,
          },
        );
        return { model: answer.model, note: null, worker: PROCESS_ID };
      } catch (err) {
        if (err instanceof ModelEmptyContent)
          return { model: args.settings.model, note: 'answered with no text', worker: PROCESS_ID };
        if (err instanceof ModelRateLimited)
          return { model: args.settings.model, note: err.message, worker: PROCESS_ID };
        throw err;
      }
    });
  }

  /**
   * Sends the stored prompt once and stores the raw answer. Throws ModelEmptyContent when the model said
   * nothing and ModelMalformedOutput when the text does not hold the expected shape; both carry the usage.
   */
  async function complete(args: ModelRequest): Promise<ModelAnswer> {
    return asActivity(async () => {
      noteEndpoint(basename(args.runDir), args.settings);
      const store = runPaths(args.runDir).artifacts;
      const prompt = await getArtifact(store, args.promptSha);
      const answerFormat = args.format
        ? await boundSchema(args.settings, args.format, await readVocabulary(store, args.vocabularySha))
        : null;
      const cacheUse = args.settings.cache_answers
        ? {
            logDir: dirname(args.runDir),
            configuredDir: deps.modelCacheDir,
            settings: args.settings,
            prompt,
            slot: args.cacheSlot ?? '',
            ...(answerFormat ? { answer: answerFormat } : {}),
          }
        : null;
      const { answer: sent, cached } = await cachedOrSent(cacheUse, () =>
        send(args.settings, prompt, answerFormat, args.generationMs),
      );
      const answer = cached ? { ...sent, usage: cachedUsage(args.settings) } : sent;
      const answerSha = await putArtifact(store, answer.content);
      let parsed: unknown;
      try {
        parsed = parseModelAnswer(args.expect, answer.content);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // An answer cut by the token budget is malformed for that reason, not for the model's JSON.
        const reason =
          answer.finishReason === 'length'
            ? `${cutAnswerReason(args.settings, sent.usage)}: ${message}`
            : message;
        throw new ModelMalformedOutput({
          reason,
          content: answer.content,
          usage: answer.usage,
          answerSha,
          cause: error,
        });
      }
      return {
        parsed,
        usage: answer.usage,
        answerSha,
        finishReason: answer.finishReason,
        ...(cached ? { cached: true } : {}),
      };
    });
  }
  /** The answer's schema; a local model's lists hold no more names than its answer's tokens can write. */
  async function boundSchema(
    settings: RealAgentSettings,
    format: AnswerFormat,
    vocabulary: AnswerVocabulary,
  ): Promise<AnswerSchema> {
    if (!settings.local_model) return answerSchema(format, vocabulary);
    const maxTokens = settings.max_tokens ?? LOCAL_MAX_TOKENS;
    const fit = await local.namesThatFit(settings.local_model, vocabularyNames(vocabulary), maxTokens);
    return answerSchema(format, vocabulary, fit);
  }

  /** One request: to the worker's own local model, or to the endpoint within its adaptive limit. */
  function send(
    settings: RealAgentSettings,
    prompt: string,
    answer: AnswerSchema | null,
    generationMs: number | undefined,
  ): Promise<ChatCompletionResult> {
    const timeoutMs = requestBudgetMs();
    const signal = Context.current().cancellationSignal;
    if (settings.local_model) {
      const generation = Math.min(timeoutMs, generationMs ?? timeoutMs);
      return local.complete(settings.local_model, prompt, {
        answer,
        maxTokens: settings.max_tokens ?? LOCAL_MAX_TOKENS,
        timeoutMs: generation,
        ...(generationMs === undefined ? {} : { slotWaitMs: timeoutMs - generation }),
        signal,
      });
    }
    return sendWithin(
      limits?.for(settings.base_url, settings.model, settings.requests_per_second ?? null),
      () =>
        completeChat(settings, deps.resolveApiKey(settings.api_key_env), prompt, {
          timeoutMs,
          signal,
          ...(answer ? { answer } : {}),
        }),
    );
  }
  return { complete, probeModel };
}
