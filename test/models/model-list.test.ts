// Reading an endpoint's models list as upstream's smi-openrouter-models does (spec/harness.md §24.6).
import { describe, expect, it } from 'vitest';
import {
  extractPrice,
  filterModels,
  modelIdsText,
  ModelListError,
  parseModelList,
  perMillionTokens,
} from '../../src/models/model-list.js';

describe('prices', () => {
  it('takes numbers and numeric strings, nothing else (§24.6 _extract_price)', () => {
    expect(extractPrice(null)).toBeNull();
    expect(extractPrice(undefined)).toBeNull();
    expect(extractPrice(true)).toBeNull();
    expect(extractPrice(false)).toBeNull();
    expect(extractPrice(3)).toBe(3);
    expect(extractPrice(0.5)).toBe(0.5);
    expect(extractPrice('0.0000025')).toBe(0.0000025);
    expect(extractPrice(' 1e-6 ')).toBe(0.000001);
    expect(extractPrice('-1')).toBe(-1);
    expect(extractPrice('free')).toBeNull();
    expect(extractPrice('')).toBeNull();
    expect(extractPrice({})).toBeNull();
    expect(extractPrice([])).toBeNull();
  });

  it('per million tokens without float noise', () => {
    // 0.0000025 * 1e6 is 2.4999999999999996 in binary floating point.
    expect(perMillionTokens(0.0000025)).toBe(2.5);
    expect(perMillionTokens(0.00000015)).toBe(0.15);
    expect(perMillionTokens(0)).toBe(0);
  });
});

describe('the list', () => {
  const body = {
    data: [
      {
        id: 'b/model',
        name: 'Model B',
        context_length: 8192,
        pricing: { prompt: '0.000001', completion: '0.000002' },
      },
      { id: 'a/model', name: 7, context_length: '4096', pricing: { prompt: true, completion: 'x' } },
      { id: '', name: 'no id' },
      { name: 'id missing' },
      'not an object',
      { id: 42 },
      { id: ' c/spaced ', context_length: 1.5 },
      { id: 'b/model', name: 'again' },
    ],
  };

  it('skips items without a string id and nulls what is not the right type', () => {
    const models = parseModelList(body);
    expect(models.map((m) => m.id)).toEqual(['b/model', 'a/model', ' c/spaced ', 'b/model']);
    expect(models[0]).toEqual({
      id: 'b/model',
      name: 'Model B',
      context_length: 8192,
      prompt_price: 0.000001,
      completion_price: 0.000002,
    });
    expect(models[1]).toEqual({
      id: 'a/model',
      name: null,
      context_length: null,
      prompt_price: null,
      completion_price: null,
    });
    expect(models[2]!.context_length).toBeNull();
  });

  it('refuses a document without a data list', () => {
    expect(() => parseModelList({ models: [] })).toThrow(ModelListError);
    expect(() => parseModelList([])).toThrow('unexpected /models response');
  });

  it('writes ids trimmed, deduplicated and sorted, one per line', () => {
    expect(modelIdsText(parseModelList(body))).toBe('a/model\nb/model\nc/spaced\n');
    expect(modelIdsText([])).toBe('');
  });

  it('filters on the id and on the name, ignoring case', () => {
    const models = parseModelList(body);
    expect(filterModels(models, { contains: 'A/MOD' }).map((m) => m.id)).toEqual(['a/model']);
    expect(filterModels(models, { nameContains: 'model b' }).map((m) => m.id)).toEqual(['b/model']);
    expect(filterModels(models, { contains: 'model', nameContains: 'again' }).map((m) => m.name)).toEqual([
      'again',
    ]);
  });
});
