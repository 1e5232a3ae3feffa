// Phase I with a real model: one chat call, then the key types parsed out of whatever the model wrote.

import { extractTypeList } from '../core/json-extract.js';
import { sortedByCodePoint } from '../core/py-string.js';
import type { TokenUsage } from '../core/types.js';
import type { RealAgentSettings } from './config.js';
import { ModelMalformedOutput } from './model-errors.js';
import { completeChat, type CompleteChatOptions } from './openai-chat.js';

export interface KeyTypesPrediction {
  /** Sorted, without duplicates. */
  predicted: string[];
  usage: TokenUsage;
  rawContent: string;
  finishReason: string | null;
  model: string;
}

/**
 * Throws ModelEmptyContent when the model said nothing (Phase I then halves the prompt) and
 * ModelMalformedOutput when its text holds no `[...]` or `{"key_types": [...]}`; both carry the usage.
 */
export async function predictKeyTypesWithModel(
  settings: RealAgentSettings,
  apiKey: string,
  prompt: string,
  options: CompleteChatOptions,
): Promise<KeyTypesPrediction> {
  const answer = await completeChat(settings, apiKey, prompt, options);
  let types: Set<string>;
  try {
    types = extractTypeList(answer.content);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ModelMalformedOutput({ reason, content: answer.content, usage: answer.usage, cause: error });
  }
  return {
    predicted: sortedByCodePoint(types),
    usage: answer.usage,
    rawContent: answer.content,
    finishReason: answer.finishReason,
    model: answer.model,
  };
}
