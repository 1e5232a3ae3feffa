// The chat-completions request the agent sends (upstream §16.2), and how long one request may take.

import type { AnswerSchema } from './answer-schemas.js';
import { isOpenRouter } from './config.js';
import type { RealAgentSettings } from '../contracts/agent-settings.js';

/** Asks the model to behave; the task itself is in the user message. */
export const SYSTEM_PROMPT =
  'You are a careful assistant that analyses Sui Move packages. Answer with valid JSON only, no prose.';

/** OpenRouter uses these to attribute traffic; other providers do not get them. */
export const OPENROUTER_HEADERS: Readonly<Record<string, string>> = {
  'HTTP-Referer': 'https://github.com/MystenLabs/sui-move-interface-extractor',
  'X-Title': 'Sui Move Interface Extractor Benchmark',
};

export interface ChatRequestBody {
  model: string;
  temperature: number;
  messages: { role: 'system' | 'user'; content: string }[];
  max_tokens?: number;
  thinking?: { type: string; clear_thinking?: boolean };
  response_format?:
    | { type: 'json_object' }
    | { type: 'json_schema'; json_schema: { name: string; schema: unknown; strict: false } };
}

/**
 * `answer`: the answer's schema (its names bound to the prompt's), sent as `response_format` json_schema
 * instead of SMI_RESPONSE_FORMAT when the settings ask for structured answers (`--structured`); the one
 * place that rule lives, so the answer cache's key is always the request sent.
 */
export function buildChatRequestBody(
  settings: RealAgentSettings,
  prompt: string,
  systemPrompt: string = SYSTEM_PROMPT,
  answer?: AnswerSchema,
): ChatRequestBody {
  const body: ChatRequestBody = {
    model: settings.model,
    temperature: settings.temperature,
    messages: [
      { role: 'system', content: systemPrompt },
      { role: 'user', content: prompt },
    ],
  };
  if (settings.max_tokens !== null) body.max_tokens = settings.max_tokens;
  if (settings.thinking !== null) {
    body.thinking = { type: settings.thinking };
    if (settings.clear_thinking !== null) body.thinking.clear_thinking = settings.clear_thinking;
  }
  if (answer && settings.structured)
    // Not strict: OpenAI's strict mode refuses schemas with optional keys and open maps (helper files).
    body.response_format = {
      type: 'json_schema',
      json_schema: { name: answer.format, schema: answer.schema, strict: false },
    };
  else if (settings.response_format !== null) body.response_format = { type: settings.response_format };
  return body;
}

export function extraHeadersFor(settings: RealAgentSettings): Record<string, string> {
  return isOpenRouter(settings.base_url) ? { ...OPENROUTER_HEADERS } : {};
}

/**
 * The timeout for one HTTP request: what the caller allows, at least 1 s, and at least
 * `min_request_timeout_s` when configured (slow reasoning models need a floor even late in a package's budget).
 * Whole milliseconds, because the SDK rejects fractional timeouts.
 */
export function effectiveRequestTimeoutMs(settings: RealAgentSettings, timeoutMs: number): number {
  const floorMs = settings.min_request_timeout_s === null ? 0 : settings.min_request_timeout_s * 1000;
  return Math.ceil(Math.max(1000, timeoutMs, floorMs));
}
