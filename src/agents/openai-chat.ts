// One chat-completions call through the official OpenAI SDK: exactly one HTTP request, no hidden retries.
// Retrying is Temporal's job, so every failure is turned into a ModelError that says whether to retry.

import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import {
  createBufferingFetch,
  DEFAULT_MAX_RESPONSE_BYTES,
  ResponseTooLargeError,
  type BufferedExchange,
} from './buffering-fetch.js';
import type { AnswerSchema } from './answer-schemas.js';
import { buildChatRequestBody, effectiveRequestTimeoutMs, extraHeadersFor } from './chat-request.js';
import { readChatAnswer } from './chat-response.js';
import { classifyHttpError } from './classify-http-error.js';
import {
  ModelBadResponse,
  ModelConnectionError,
  ModelRequestCancelled,
  ModelTimeout,
  type ModelError,
} from './model-errors.js';
import { scrubApiKey } from './redact.js';
import type { TokenUsage } from '../contracts/usage.js';
import type { RealAgentSettings } from '../contracts/agent-settings.js';

export interface CompleteChatOptions {
  /** Budget for this request; raised to 1 s and to `min_request_timeout_s` when those are larger. */
  timeoutMs: number;
  /** Aborts the request (e.g. Temporal activity cancellation). */
  signal?: AbortSignal;
  /** Replaces the default system message. */
  systemPrompt?: string;
  /** Cap on the response body; larger bodies fail as ModelBadResponse. */
  maxResponseBytes?: number;
  /** Ask for this answer schema in `response_format` (`--structured`). */
  answer?: AnswerSchema;
}

export interface ChatCompletionResult {
  content: string;
  usage: TokenUsage;
  finishReason: string | null;
  /** The model that answered (the server's word), else the configured one. */
  model: string;
}

/**
 * Sends the prompt once and returns the model's text.
 * Throws a ModelError for every failure, except that when `signal` aborts with its own Error reason that
 * reason is rethrown as is (so a Temporal CancelledFailure stays a cancellation).
 */
export async function completeChat(
  settings: RealAgentSettings,
  apiKey: string,
  prompt: string,
  options: CompleteChatOptions,
): Promise<ChatCompletionResult> {
  const timeoutMs = effectiveRequestTimeoutMs(settings, options.timeoutMs);
  const exchange: BufferedExchange = { lastBody: null };
  const client = new OpenAI({
    apiKey,
    baseURL: settings.base_url,
    maxRetries: 0,
    timeout: timeoutMs,
    defaultHeaders: extraHeadersFor(settings),
    fetch: createBufferingFetch(exchange, options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES),
    // Do not pick up OPENAI_ORG_ID / OPENAI_PROJECT_ID from the worker's environment.
    organization: null,
    project: null,
    // The SDK's own logging could print request details; our errors carry what is needed.
    logLevel: 'off',
  });
  const body = buildChatRequestBody(settings, prompt, options.systemPrompt, options.answer);

  let data: unknown;
  try {
    // `thinking` is not in the SDK's types; the SDK sends every body field as given.
    data = await client.chat.completions.create(body as OpenAI.ChatCompletionCreateParamsNonStreaming, {
      timeout: timeoutMs,
      signal: options.signal,
    });
  } catch (error) {
    throw toModelError(error, {
      baseUrl: settings.base_url,
      timeoutMs,
      body: scrubApiKey(exchange.lastBody ?? '', apiKey),
      signal: options.signal,
    });
  }
  const answer = readChatAnswer(data, {
    baseUrl: settings.base_url,
    body: scrubApiKey(exchange.lastBody ?? '', apiKey),
    pricing: settings.pricing ?? null,
  });
  return {
    content: answer.content,
    usage: answer.usage,
    finishReason: answer.finishReason,
    model: answer.model ?? settings.model,
  };
}

interface FailureContext {
  baseUrl: string;
  timeoutMs: number;
  body: string;
  signal: AbortSignal | undefined;
}

function toModelError(error: unknown, context: FailureContext): ModelError | Error {
  const { baseUrl, timeoutMs, body, signal } = context;
  if (error instanceof APIUserAbortError || signal?.aborted) {
    // A caller-supplied reason (Temporal aborts with a CancelledFailure) is passed through untouched.
    const reason: unknown = signal?.reason;
    if (reason instanceof Error && reason.name !== 'AbortError') return reason;
    return new ModelRequestCancelled({ baseUrl, cause: error });
  }
  const tooLarge = findCause(error, ResponseTooLargeError);
  if (tooLarge) return new ModelBadResponse({ detail: tooLarge.message, baseUrl, cause: error });
  if (error instanceof APIConnectionTimeoutError)
    return new ModelTimeout({ baseUrl, timeoutMs, cause: error });
  if (error instanceof APIConnectionError) {
    return new ModelConnectionError({ baseUrl, detail: describeCauses(error), cause: error });
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    return classifyHttpError({
      status: error.status,
      getHeader: (name) => error.headers?.get(name),
      body: body || error.message,
      baseUrl,
      url: `${baseUrl}/chat/completions`,
      timeoutMs,
    });
  }
  if (error instanceof SyntaxError) {
    return new ModelBadResponse({ detail: 'response body is not valid JSON', baseUrl, body, cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** The SDK wraps what fetch throws (as a connection error); look through the `cause` chain. */
function findCause<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | null {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current instanceof type) return current;
    current = current.cause;
  }
  return null;
}

/** "Connection error.: fetch failed: connect ECONNREFUSED 127.0.0.1:1": the useful part is deep in `cause`. */
function describeCauses(error: Error): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current.message && !parts.includes(current.message)) parts.push(current.message);
    current = current.cause;
  }
  return parts.join(': ');
}
