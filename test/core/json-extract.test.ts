import { describe, expect, it } from 'vitest';
import {
  extractJsonValue,
  extractTypeList,
  JsonExtractError,
  JsonParseError,
  safeJsonLoads,
} from '../../src/core/json-extract.js';
import { PyFloat } from '../../src/core/py-float.js';

describe('safeJsonLoads (harness §20.3, upstream test_utils / test_utils_robustness)', () => {
  it('parses clean JSON and noisy stdout', () => {
    expect(safeJsonLoads('{"a": 1}')).toEqual({ a: 1 });
    expect(safeJsonLoads('INFO starting\n{"ok": true}')).toEqual({ ok: true });
    expect(safeJsonLoads('{"ok": true}\nDONE in 3s')).toEqual({ ok: true });
    expect(safeJsonLoads('log [x]\n{"a": [1, 2]}\ntrailer')).toEqual({ a: [1, 2] });
    expect(safeJsonLoads('noise [1, 2] noise')).toEqual([1, 2]);
  });

  it('tries the object span before the array span', () => {
    expect(safeJsonLoads('text [1,2] and {"b":2}')).toEqual({ b: 2 });
  });

  it('reports context, position and a repr snippet', () => {
    expect(() => safeJsonLoads('Not JSON at all', 'tool output')).toThrow(JsonParseError);
    try {
      safeJsonLoads('{"broken": ', 'checkpoint');
      expect.unreachable();
    } catch (e) {
      const msg = (e as Error).message;
      expect(msg).toContain('JSON parse error in checkpoint: Expecting value');
      expect(msg).toContain('Position 11, snippet: \'{"broken": \'');
    }
  });

  it('cuts the snippet to 50 characters each side with ellipses', () => {
    const text = 'x'.repeat(80) + '!' + 'y'.repeat(80);
    const msg = (() => {
      try {
        safeJsonLoads(text);
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(msg).toMatch(
      /^JSON parse error: Expecting value: line 1 column 1 \(char 0\)\nPosition 0, snippet: 'x{50}\.\.\.'$/,
    );
  });

  it('can keep Python number types', () => {
    expect(safeJsonLoads('log {"f": 1.0}', '', { lossless: true })).toEqual({ f: new PyFloat(1) });
  });
});

describe('extractJsonValue (harness §29.9)', () => {
  it.each([
    ['Here you go: {"a": 1} thanks', { a: 1 }],
    ['text [1,2] and {"b":2}', { b: 2 }],
    ['```\n{"calls": []}\n```', { calls: [] }],
    ['prefix ```JSON {"x":1}``` ```json {"y":2}```', { x: 1 }],
    ['see {x} then ["0x1::m::S"]', ['0x1::m::S']],
    ['"just a string"', 'just a string'],
    ['42', 42],
    ['null', null],
  ])('%j', (text, expected) => {
    expect(extractJsonValue(text)).toEqual(expected);
  });

  it('fails on an unbalanced object with JsonExtractError', () => {
    expect(() => extractJsonValue('{"a": {"b": 1} garbage } ')).toThrow(JsonExtractError);
    expect(() => extractJsonValue('{"a": {"b": 1} garbage } ')).toThrow(
      /^no JSON found: JSON parse error in model response extraction/,
    );
  });
});

describe('extractTypeList (upstream test_json_extract)', () => {
  it('accepts an array, a fenced array and a key_types object', () => {
    expect(extractTypeList('["0x1::m::S","0x2::n::T"]')).toEqual(new Set(['0x1::m::S', '0x2::n::T']));
    expect(extractTypeList('```json\n["0x1::m::S"]\n```')).toEqual(new Set(['0x1::m::S']));
    expect(extractTypeList('{"key_types": ["0x1::m::S", 3, null]}')).toEqual(new Set(['0x1::m::S']));
  });

  it('rejects text without JSON and JSON of another shape', () => {
    expect(() => extractTypeList('hello world')).toThrow(JsonExtractError);
    expect(() => extractTypeList('{"types": []}')).toThrow(/unexpected JSON shape/);
    expect(() => extractTypeList('"x"')).toThrow(JsonExtractError);
  });
});
