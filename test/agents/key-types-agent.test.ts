import { describe, expect, it } from 'vitest';
import { predictKeyTypesWithModel } from '../../src/agents/key-types-agent.js';
import { ModelEmptyContent, ModelMalformedOutput, ModelRateLimited } from '../../src/agents/model-errors.js';
import { buildPhase1Prompt } from '../../src/core/phase1-prompt.js';
import { constantReply, repliesByPackage, type StubReply } from '../support/openai-stub.js';
import { useStubModel } from '../support/stub-model.js';

const API_KEY = 'sk-key-types-test-000000';

const model = useStubModel();

function predict(reply: StubReply, prompt = 'which structs have key?') {
  model.stub.setHandler(constantReply(reply));
  return predictKeyTypesWithModel(model.settings, API_KEY, prompt, { timeoutMs: 5000 });
}

describe('predictKeyTypesWithModel', () => {
  it('reads a {"key_types": [...]} object wrapped in prose and a fence, sorted', async () => {
    const content =
      'Sure! Here you go:\n```json\n{"key_types": ["0x2::coin::Coin", "0x1::m::S", "0x1::m::S"]}\n```\nHope it helps';
    const result = await predict({
      content,
      usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
    });
    expect(result.predicted).toEqual(['0x1::m::S', '0x2::coin::Coin']);
    expect(result.rawContent).toBe(content);
    expect(result.usage).toEqual({ prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 });
    expect(model.stub.requests).toHaveLength(1);
  });

  it('accepts a bare array and drops non-strings', async () => {
    const result = await predict({ content: '["0x1::b::B", 7, null, "0x1::a::A"]' });
    expect(result.predicted).toEqual(['0x1::a::A', '0x1::b::B']);
  });

  it('accepts an empty answer list', async () => {
    expect((await predict({ content: '{"key_types": []}' })).predicted).toEqual([]);
  });

  it('text without JSON → ModelMalformedOutput with a content prefix and the usage', async () => {
    const error = await predict({
      content: 'I cannot tell which structs have key.',
      usage: { prompt_tokens: 9, completion_tokens: 8, total_tokens: 17 },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelMalformedOutput);
    const malformed = error as ModelMalformedOutput;
    expect(malformed.retryable).toBe(false);
    expect(malformed.message).toContain('no JSON found');
    expect(malformed.message).toContain('I cannot tell');
    expect(malformed.usage).toEqual({ prompt_tokens: 9, completion_tokens: 8, total_tokens: 17 });
  });

  it('JSON of the wrong shape → ModelMalformedOutput', async () => {
    const error = await predict({ content: '{"structs": ["0x1::m::S"]}' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelMalformedOutput);
    expect((error as Error).message).toContain('unexpected JSON shape');
  });

  it('empty content → ModelEmptyContent, with hitMaxTokens on finish_reason length', async () => {
    const plain = await predict({ content: '' }).catch((e: unknown) => e);
    expect(plain).toBeInstanceOf(ModelEmptyContent);
    expect((plain as ModelEmptyContent).hitMaxTokens).toBe(false);

    const cut = await predict({ content: ' ', finishReason: 'length' }).catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(ModelEmptyContent);
    expect((cut as Error).message).toContain('hit max_tokens');
  });

  it('passes transport errors through unchanged', async () => {
    const error = await predict({ status: 429, headers: { 'retry-after': '1' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelRateLimited);
    expect(model.stub.requests).toHaveLength(1);
  });

  it('works with a real Phase I prompt and per-package scripted replies', async () => {
    const iface = (id: string) => ({
      package_id: id,
      modules: {
        m: { address: id, structs: { S: { abilities: ['key'], fields: [{ name: 'id', type: {} }] } } },
      },
    });
    model.stub.setHandler(
      repliesByPackage(
        { '0xaa': { content: '{"key_types": ["0xaa::m::S"]}' } },
        { content: '{"key_types": []}' },
      ),
    );
    const forA = await predictKeyTypesWithModel(
      model.settings,
      API_KEY,
      buildPhase1Prompt(iface('0xaa'), 10).prompt,
      {
        timeoutMs: 5000,
      },
    );
    const forB = await predictKeyTypesWithModel(
      model.settings,
      API_KEY,
      buildPhase1Prompt(iface('0xbb'), 10).prompt,
      {
        timeoutMs: 5000,
      },
    );
    expect(forA.predicted).toEqual(['0xaa::m::S']);
    expect(forB.predicted).toEqual([]);
    expect(Object.fromEntries(model.stub.countByPackage())).toEqual({ '0xaa': 1, '0xbb': 1 });
    expect(model.stub.requests[0]?.prompt).not.toContain('"abilities"');
  });
});
