import { describe, expect, it } from 'vitest';
import {
  extractJsonValue,
  extractTypeList,
  JsonExtractError,
  JsonParseError,
  safeJsonLoads,
} from '../../src/core/json-extract.js';
import { PyFloat } from '../../src/core/py-float.js';
import { pyStrip } from '../../src/core/py-string.js';

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

describe('fence stripping in linear time', () => {
  // Upstream's pattern is the oracle; on short inputs its backtracking is harmless.
  const UPSTREAM_FENCE = /```(?:json)?\s*([\s\S]*?)\s*```/i;
  const viaRegex = (text: string): unknown => {
    const m = UPSTREAM_FENCE.exec(text);
    return safeJsonLoads(pyStrip(m ? (m[1] ?? '') : text), 'model response extraction');
  };
  const outcome = (f: () => unknown): string => {
    try {
      return JSON.stringify(f());
    } catch (e) {
      return `error: ${(e as Error).message.replace(/^no JSON found: /, '')}`;
    }
  };

  it('agrees with the upstream regex on random fence-heavy text', () => {
    const alphabet = [
      '`',
      '`',
      '`',
      'json',
      'JSON',
      'js',
      ' ',
      '\n',
      '\t',
      '{',
      '}',
      '"a"',
      ':',
      '1',
      '[',
      ']',
      'x',
    ];
    let seed = 12345;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let n = 0; n < 5000; n++) {
      const parts: string[] = [];
      const len = next() % 24;
      for (let k = 0; k < len; k++) parts.push(alphabet[next() % alphabet.length] as string);
      const text = parts.join('');
      expect(
        outcome(() => extractJsonValue(text)),
        JSON.stringify(text),
      ).toBe(outcome(() => viaRegex(text)));
    }
  });

  it.each([
    ['1 MB of blanks after a json fence', '```json' + ' '.repeat(1 << 20)],
    ['1 MB of newlines after a json fence', '```json' + '\n'.repeat(1 << 20)],
    ['1 MB of blanks between two fences', '```' + ' '.repeat(1 << 20) + 'x' + ' '.repeat(1 << 20) + '```'],
    ['1 MB of backticks', '`'.repeat(1 << 20)],
    ['1 MB of open braces', '{'.repeat(1 << 20)],
    ['1 MB of braces and brackets', '{['.repeat(1 << 19) + ']}'],
  ])('%s finishes well under a second', (_name, text) => {
    const started = performance.now();
    try {
      extractJsonValue(text);
    } catch (e) {
      expect(e).toBeInstanceOf(Error);
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
