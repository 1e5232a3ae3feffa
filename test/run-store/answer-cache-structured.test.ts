// The answer cache keys a request by what is sent: a structured request (`--structured`) carries its
// schema, so it is another entry than the plain request of the same prompt, and than another schema's
// (another format, or the same format bound to other names).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerSchema } from '../../src/agents/answer-schemas.js';
import { loadRealAgentSettings } from '../../src/agents/config.js';
import type { ChatCompletionResult } from '../../src/agents/openai-chat.js';
import { cachedOrSent, type AnswerCacheUse } from '../../src/run-store/answer-cache.js';

const plain = loadRealAgentSettings({ SMI_MODEL: 'm', SMI_API_BASE_URL: 'http://127.0.0.1:1/v1' }, {});
const answer = (content: string): ChatCompletionResult => ({
  content,
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  finishReason: 'stop',
  model: 'm',
});

describe('answer cache and structured requests', () => {
  it('keeps plain, structured and other-schema answers apart, and finds each again', async () => {
    const logDir = mkdtempSync(join(tmpdir(), 'smi-cache-structured-'));
    const use = (over: Partial<AnswerCacheUse>): AnswerCacheUse => ({
      logDir,
      settings: plain,
      prompt: 'which structs have key?',
      slot: 'attempt 1',
      ...over,
    });
    const structured = { ...plain, structured: true };
    const cases: [AnswerCacheUse, string][] = [
      [
        use({ answer: answerSchema('phase1_key_types') }),
        'plain (the format is not sent without --structured)',
      ],
      [use({ settings: structured, answer: answerSchema('phase1_key_types') }), 'structured, Phase I'],
      [
        use({
          settings: structured,
          answer: answerSchema('phase1_key_types', { types: ['0x2::coin::Coin'] }),
        }),
        'structured, Phase I, bound to one struct',
      ],
      [use({ settings: structured, answer: answerSchema('phase2_planning') }), 'structured, Phase II'],
    ];
    for (const [u, content] of cases)
      expect(await cachedOrSent(u, async () => answer(content))).toEqual({
        answer: answer(content),
        cached: false,
      });
    for (const [u, content] of cases) {
      const again = await cachedOrSent(u, () => Promise.reject(new Error('asked again')));
      expect(again).toEqual({ answer: answer(content), cached: true });
    }
    // Without --structured the format changes nothing: the plain request's entry answers.
    const plainAgain = await cachedOrSent(use({}), () => Promise.reject(new Error('asked again')));
    expect(plainAgain.answer.content).toBe('plain (the format is not sent without --structured)');
  });
});
