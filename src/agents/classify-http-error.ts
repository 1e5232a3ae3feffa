// Maps a non-2xx answer from a chat-completions endpoint to the model error taxonomy.

import {
  ModelAuthFailed,
  ModelBadResponse,
  ModelNotFound,
  ModelQuotaExceeded,
  ModelRateLimited,
  ModelRequestRejected,
  ModelServerError,
  ModelTimeout,
  type ModelError,
} from './model-errors.js';
import { parseRetryAfterMs } from './retry-after.js';

export interface HttpErrorAnswer {
  status: number;
  getHeader: (name: string) => string | null | undefined;
  /** Response body, already scrubbed of the API key. */
  body: string;
  baseUrl: string;
  /** Full URL of the request, for the 404 message. */
  url: string;
  /** The request timeout in force, for the 408 message. */
  timeoutMs: number;
}

export function classifyHttpError(answer: HttpErrorAnswer): ModelError {
  const { status, body, baseUrl } = answer;
  const failure = { status, body, baseUrl };
  if (status === 401 || status === 403) return new ModelAuthFailed(failure);
  if (status === 404) return new ModelNotFound({ ...failure, url: answer.url });
  if (status === 402 || (status === 429 && isQuotaMessage(body))) {
    return new ModelQuotaExceeded({ ...failure, hint: quotaHint(baseUrl) });
  }
  const retryAfterMs = parseRetryAfterMs(answer.getHeader);
  if (status === 429) return new ModelRateLimited({ ...failure, retryAfterMs });
  if (status === 408) return new ModelTimeout({ ...failure, timeoutMs: answer.timeoutMs });
  if (status >= 500) return new ModelServerError({ ...failure, retryAfterMs });
  if (status >= 400) return new ModelRequestRejected(failure);
  return new ModelBadResponse({ detail: `unexpected HTTP status ${status}`, ...failure });
}

/**
 * Billing problems come back as 429 from several providers; retrying them only burns time.
 * Upstream's markers (Z.AI / Zhipu wording and error code 1113) plus OpenAI's `insufficient_quota`.
 */
export function isQuotaMessage(body: string): boolean {
  const description = describeApiError(body);
  const lower = description.toLowerCase();
  return (
    lower.includes('insufficient balance') ||
    lower.includes('no resource package') ||
    lower.includes('insufficient_quota') ||
    description.startsWith('1113:')
  );
}

/** `code: message` from an OpenAI-style error body, else the message, else the raw body. */
export function describeApiError(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  const error = isRecord(parsed) && 'error' in parsed ? parsed.error : parsed;
  if (typeof error === 'string') return error;
  if (!isRecord(error)) return body;
  const message = typeof error.message === 'string' ? error.message : null;
  const code = typeof error.code === 'string' || typeof error.code === 'number' ? String(error.code) : null;
  const type = typeof error.type === 'string' ? error.type : null;
  if (message === null) return body;
  const label = code ?? type;
  return label ? `${label}: ${message}` : message;
}

function quotaHint(baseUrl: string): string | undefined {
  if (!baseUrl.includes('api.z.ai/api/paas/v4')) return undefined;
  return 'Z.AI coding-plan keys are billed on https://api.z.ai/api/coding/paas/v4; point SMI_API_BASE_URL there';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
