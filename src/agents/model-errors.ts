// Every way a model call can fail, as error classes whose names are the Temporal failure types.
// `retryable` tells the activity whether Temporal should try again (rate limits, server errors, timeouts,
// dropped connections) or give up at once (bad request, bad key, unknown model, empty or unusable output).

import type { PromptFit } from '../core/prompt-fit.js';
import type { TokenUsage } from '../contracts/usage.js';
import { FailureType } from '../contracts/failure-types.js';

export const BODY_PREFIX_MAX_CHARS = 400;

/** What upstream logs of a response body: newlines flattened, cut to 400 characters. */
export function bodyPrefix(text: string, maxChars = BODY_PREFIX_MAX_CHARS): string {
  return text.replace(/\r\n|\r|\n/g, ' ').slice(0, maxChars);
}

/** The failure types of a model call. */
export type ModelErrorType = Extract<FailureType, `Model${string}`>;

interface HttpFailure {
  status: number;
  baseUrl: string;
  /** Response body, already scrubbed of the API key. */
  body: string;
}

export abstract class ModelError extends Error {
  abstract override readonly name: ModelErrorType;
  abstract readonly retryable: boolean;
  /** HTTP status when the server answered, else null. */
  readonly status: number | null;
  /** Start of the response body (or of the model's content), for diagnostics. */
  readonly bodyPrefix: string | null;
  /** Delay the provider asked for before the next attempt, if any. */
  readonly retryAfterMs: number | null;

  protected constructor(
    message: string,
    extra: {
      status?: number | null;
      body?: string | null;
      retryAfterMs?: number | null;
      cause?: unknown;
    } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.status = extra.status ?? null;
    this.bodyPrefix = extra.body == null ? null : bodyPrefix(extra.body);
    this.retryAfterMs = extra.retryAfterMs ?? null;
  }
}

function describeBody(body: string): string {
  const prefix = bodyPrefix(body).trim();
  return prefix === '' ? '(empty body)' : prefix;
}

/** 400, 422 and other 4xx the request itself caused: the same request will fail again. */
export class ModelRequestRejected extends ModelError {
  override readonly name = FailureType.ModelRequestRejected;
  readonly retryable = false;
  constructor(failure: HttpFailure) {
    super(
      `model request rejected (${failure.status}) at ${failure.baseUrl}: ${describeBody(failure.body)}; ` +
        'check SMI_MODEL, SMI_MAX_TOKENS, SMI_THINKING and SMI_RESPONSE_FORMAT',
      failure,
    );
  }
}

/** 401/403. */
export class ModelAuthFailed extends ModelError {
  override readonly name = FailureType.ModelAuthFailed;
  readonly retryable = false;
  constructor(failure: HttpFailure) {
    super(
      `authentication failed (${failure.status}) at ${failure.baseUrl}: check SMI_API_KEY ` +
        `(server said: ${describeBody(failure.body)})`,
      failure,
    );
  }
}

/** 404: wrong base URL or unknown model. */
export class ModelNotFound extends ModelError {
  override readonly name = FailureType.ModelNotFound;
  readonly retryable = false;
  constructor(failure: HttpFailure & { url: string }) {
    super(
      `endpoint not found (${failure.status}): ${failure.url}: check SMI_API_BASE_URL and SMI_MODEL ` +
        `(server said: ${describeBody(failure.body)})`,
      failure,
    );
  }
}

/** Billing or quota exhausted (429 with a quota message, or 402): waiting will not help. */
export class ModelQuotaExceeded extends ModelError {
  override readonly name = FailureType.ModelQuotaExceeded;
  readonly retryable = false;
  constructor(failure: HttpFailure & { hint?: string }) {
    super(
      `provider quota/billing error (${failure.status}) at ${failure.baseUrl}: ${describeBody(failure.body)}; ` +
        `top up the account or use another key${failure.hint ? `. ${failure.hint}` : ''}`,
      failure,
    );
  }
}

/** 429 without a quota message: retry, after `retryAfterMs` when the server said so. */
export class ModelRateLimited extends ModelError {
  override readonly name = FailureType.ModelRateLimited;
  readonly retryable = true;
  constructor(failure: HttpFailure & { retryAfterMs: number | null }) {
    const wait =
      failure.retryAfterMs === null ? '' : ` (server asks to retry after ${failure.retryAfterMs} ms)`;
    super(
      `rate limited (${failure.status}) at ${failure.baseUrl}${wait}: ${describeBody(failure.body)}`,
      failure,
    );
  }
}

/** 5xx. */
export class ModelServerError extends ModelError {
  override readonly name = FailureType.ModelServerError;
  readonly retryable = true;
  constructor(failure: HttpFailure & { retryAfterMs?: number | null }) {
    super(`server error (${failure.status}) at ${failure.baseUrl}: ${describeBody(failure.body)}`, failure);
  }
}

/** No complete answer within the request timeout (or a 408 from the server). */
export class ModelTimeout extends ModelError {
  override readonly name = FailureType.ModelTimeout;
  readonly retryable = true;
  readonly timeoutMs: number;
  /**
   * `localModel`: the file name of a model run in the worker, whose time counts its generation only (the
   * wait for a free generation slot is ModelSlotWaitExceeded's).
   */
  constructor(args: {
    baseUrl: string;
    timeoutMs: number;
    status?: number;
    body?: string;
    cause?: unknown;
    localModel?: string;
  }) {
    super(
      (args.localModel
        ? `the local model ${args.localModel} did not finish its answer within ${args.timeoutMs} ms of generation`
        : `model request timed out after ${args.timeoutMs} ms at ${args.baseUrl}`) +
        (args.status ? ` (${args.status}: ${describeBody(args.body ?? '')})` : '') +
        '; raise --per-package-timeout-seconds or SMI_MIN_REQUEST_TIMEOUT_SECONDS if the model is slow',
      args,
    );
    this.timeoutMs = args.timeoutMs;
  }
}

/**
 * Every generation slot of the local model stayed busy with other packages' answers for longer than a call
 * may wait: the machine is overloaded, not the model slow (ModelTimeout). The package's other calls would
 * wait alike, so it is not retried.
 */
export class ModelSlotWaitExceeded extends ModelError {
  override readonly name = 'ModelSlotWaitExceeded';
  readonly retryable = false;
  constructor(args: { localModel: string; waitedMs: number; slots: number }) {
    super(
      `the local model ${args.localModel} had no free generation slot within ${Math.round(args.waitedMs / 1000)} s ` +
        `(${args.slots} generation(s) at once on this worker, SMI_LOCAL_LLM_CONCURRENCY): other packages held ` +
        'them all; run fewer packages at once (--concurrency)',
    );
  }
}

/** The server could not be reached, or dropped the connection. */
export class ModelConnectionError extends ModelError {
  override readonly name = FailureType.ModelConnectionError;
  readonly retryable = true;
  constructor(args: { baseUrl: string; detail: string; cause?: unknown }) {
    super(
      `connection to ${args.baseUrl} failed: ${args.detail}; check SMI_API_BASE_URL and that the server is up`,
      args,
    );
  }
}

/** The caller aborted the request (e.g. the activity was cancelled). */
export class ModelRequestCancelled extends ModelError {
  override readonly name = FailureType.ModelRequestCancelled;
  readonly retryable = false;
  constructor(args: { baseUrl: string; cause?: unknown }) {
    super(`model request to ${args.baseUrl} was cancelled`, args);
  }
}

/**
 * Empty or whitespace-only content. Phase I halves the prompt when the message contains
 * "empty content" or "hit max_tokens", so both phrases are part of the contract.
 */
export class ModelEmptyContent extends ModelError {
  override readonly name = FailureType.ModelEmptyContent;
  readonly retryable = false;
  readonly hitMaxTokens: boolean;
  /** Tokens the failed call still cost. */
  readonly usage: TokenUsage | null;
  constructor(args: { hitMaxTokens: boolean; usage?: TokenUsage | null }) {
    super(
      'model returned empty content' +
        (args.hitMaxTokens ? ' (model hit max_tokens; increase SMI_MAX_TOKENS or reduce prompt size)' : ''),
    );
    this.hitMaxTokens = args.hitMaxTokens;
    this.usage = args.usage ?? null;
  }
}

/**
 * The prompt and the answer's token budget do not fit the local model's context: the same prompt fails
 * again, a shorter one may not (Phase I halves its struct budget, as for an empty answer).
 */
export class ModelContextExceeded extends ModelError {
  override readonly name = FailureType.ModelContextExceeded;
  readonly retryable = false;
  readonly fit: PromptFit;
  constructor(args: { promptTokens: number; maxTokens: number; contextTokens: number }) {
    super(
      `prompt of ${args.promptTokens} tokens and an answer of up to ${args.maxTokens} do not fit the ` +
        `local model's context of ${args.contextTokens} tokens`,
    );
    this.fit = { promptTokens: args.promptTokens, roomTokens: args.contextTokens - args.maxTokens };
  }
}

/** The response is not a chat completion we understand (not JSON, no choices, non-string content). */
export class ModelBadResponse extends ModelError {
  override readonly name = FailureType.ModelBadResponse;
  readonly retryable = false;
  constructor(args: { detail: string; baseUrl: string; status?: number; body?: string; cause?: unknown }) {
    super(
      `${args.detail} from ${args.baseUrl}` + (args.body === undefined ? '' : `: ${describeBody(args.body)}`),
      args,
    );
  }
}

/** The content arrived but holds no usable JSON answer. Keeps the start of the content for diagnosis. */
export class ModelMalformedOutput extends ModelError {
  override readonly name = FailureType.ModelMalformedOutput;
  readonly retryable = false;
  readonly usage: TokenUsage | null;
  /** Where the answer is kept in the run's artifact store, so its page can show what the model said. */
  readonly answerSha: string | null;
  constructor(args: {
    reason: string;
    content: string;
    usage?: TokenUsage | null;
    answerSha?: string;
    cause?: unknown;
  }) {
    const contentPrefix = bodyPrefix(args.content, 200);
    super(`${args.reason} (content starts: ${JSON.stringify(contentPrefix)})`, {
      body: args.content,
      cause: args.cause,
    });
    this.usage = args.usage ?? null;
    this.answerSha = args.answerSha ?? null;
  }
}

/** Plain data for building a Temporal `ApplicationFailure` without this module depending on Temporal. */
export interface ModelFailureInfo {
  type: ModelErrorType;
  message: string;
  nonRetryable: boolean;
  /** Set for rate limits when the server sent Retry-After / retry-after-ms. */
  nextRetryDelayMs: number | null;
  details: {
    status: number | null;
    bodyPrefix: string | null;
    hitMaxTokens?: boolean;
    usage?: TokenUsage;
    answerSha?: string;
    /** ModelContextExceeded: how far the prompt is from fitting, so the caller can shorten it to fit. */
    fit?: PromptFit;
  };
}

export function toModelFailureInfo(error: ModelError): ModelFailureInfo {
  const details: ModelFailureInfo['details'] = { status: error.status, bodyPrefix: error.bodyPrefix };
  if (error instanceof ModelEmptyContent) details.hitMaxTokens = error.hitMaxTokens;
  if ((error instanceof ModelEmptyContent || error instanceof ModelMalformedOutput) && error.usage) {
    details.usage = error.usage;
  }
  if (error instanceof ModelMalformedOutput && error.answerSha) details.answerSha = error.answerSha;
  if (error instanceof ModelContextExceeded) details.fit = error.fit;
  return {
    type: error.name,
    message: error.message,
    nonRetryable: !error.retryable,
    nextRetryDelayMs: error.retryAfterMs,
    details,
  };
}
