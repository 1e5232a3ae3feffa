import { describe, expect, it } from 'vitest';
import { JsonExtractError } from '../../src/core/json-extract.js';
import { parseModelAnswer } from '../../src/core/model-answer.js';

describe('parseModelAnswer: key_types', () => {
  it('reads a {"key_types": [...]} object wrapped in prose and a fence, sorted and without duplicates', () => {
    const content =
      'Sure! Here you go:\n```json\n{"key_types": ["0x2::coin::Coin", "0x1::m::S", "0x1::m::S"]}\n```\nHope it helps';
    expect(parseModelAnswer('key_types', content)).toEqual(['0x1::m::S', '0x2::coin::Coin']);
  });

  it('accepts a bare array and drops non-strings', () => {
    expect(parseModelAnswer('key_types', '["0x1::b::B", 7, null, "0x1::a::A"]')).toEqual([
      '0x1::a::A',
      '0x1::b::B',
    ]);
  });

  it('accepts an empty answer list', () => {
    expect(parseModelAnswer('key_types', '{"key_types": []}')).toEqual([]);
  });

  it('refuses text without JSON, and JSON of the wrong shape', () => {
    expect(() => parseModelAnswer('key_types', 'I cannot tell which structs have key.')).toThrow(
      /no JSON found/,
    );
    expect(() => parseModelAnswer('key_types', '{"structs": ["0x1::m::S"]}')).toThrow(
      /unexpected JSON shape/,
    );
  });
});

describe('parseModelAnswer: json_object', () => {
  it('returns the object found in the text', () => {
    expect(parseModelAnswer('json_object', 'plan:\n```json\n{"calls": []}\n```')).toEqual({ calls: [] });
  });

  it('refuses an array or a scalar', () => {
    expect(() => parseModelAnswer('json_object', '[1, 2]')).toThrow(JsonExtractError);
    expect(() => parseModelAnswer('json_object', '42')).toThrow(/expected a JSON object/);
  });
});
