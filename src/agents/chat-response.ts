// Reads the useful parts out of a chat-completions response (upstream §16.4), rejecting shapes we cannot trust.

import { priceUsage } from '../core/cost.js';
import { ModelBadResponse, ModelEmptyContent } from './model-errors.js';
import type { TokenUsage } from '../contracts/usage.js';
import type { ModelPricing } from '../contracts/agent-settings.js';

export interface ChatAnswer {
  content: string;
  finishReason: string | null;
  /** The model the server says answered, when it says so. */
  model: string | null;
  usage: TokenUsage;
}

interface ResponseContext {
  baseUrl: string;
  /** Raw response text, for the error message. */
  body: string;
  /** How the call's cost is known, if it is. */
  pricing?: ModelPricing | null;
}

export function readChatAnswer(data: unknown, context: ResponseContext): ChatAnswer {
  const badShape = (detail: string) =>
    new ModelBadResponse({ detail, baseUrl: context.baseUrl, body: context.body });
  if (!isRecord(data)) throw badShape('unexpected response shape (not a JSON object)');
  const choice = Array.isArray(data.choices) ? data.choices[0] : undefined;
  if (!isRecord(choice)) throw badShape('unexpected response shape (no choices[0])');

  const usage = priceUsage(readUsage(data.usage), context.pricing, reportedCost(data.usage));
  const finishReason = typeof choice.finish_reason === 'string' ? choice.finish_reason : null;
  const message = isRecord(choice.message) ? choice.message : null;
  // Some compatible servers answer in the legacy completions form (`choices[0].text`).
  const content = message?.content ?? choice.text;

  if (content === undefined || content === null) {
    // A message with null content (e.g. a reasoning model that spent its budget thinking) is an empty answer.
    if (message === null) throw badShape('unexpected response shape (no message content or text)');
  } else if (typeof content !== 'string') {
    throw badShape(`unexpected response content type (${Array.isArray(content) ? 'array' : typeof content})`);
  }
  if (typeof content !== 'string' || content.trim() === '') {
    throw new ModelEmptyContent({ hitMaxTokens: finishReason === 'length', usage });
  }
  return { content, finishReason, model: typeof data.model === 'string' ? data.model : null, usage };
}

/** Missing or non-numeric counts become 0, as upstream does. */
export function readUsage(raw: unknown): TokenUsage {
  const count = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : 0;
  const usage = isRecord(raw) ? raw : {};
  return {
    prompt_tokens: count(usage.prompt_tokens),
    completion_tokens: count(usage.completion_tokens),
    total_tokens: count(usage.total_tokens),
  };
}

/** OpenRouter's `usage.cost` (US dollars' worth of credits), when the response has one. */
function reportedCost(raw: unknown): number | null {
  const cost = isRecord(raw) ? raw.cost : undefined;
  return typeof cost === 'number' && Number.isFinite(cost) && cost >= 0 ? cost : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
