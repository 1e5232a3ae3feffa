import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, parseJson } from '../../src/core/json-parse.js';
import { PyFloat } from '../../src/core/py-float.js';
import { pyDumps } from '../../src/core/pyjson.js';

describe('parseJson', () => {
  it('parses like JSON.parse by default', () => {
    const text = ' {"a": [1, 2.5, -0.0, true, false, null, "x\\u00e9\\n"], "b": {}} ';
    expect(parseJson(text)).toEqual(JSON.parse(text));
  });

  it('keeps int/float and big integers in lossless mode, so Python output round-trips', () => {
    const text = '{"f": 1.0, "i": 1, "e": 1e-05, "big": 123456789012345678901234567890, "neg": -0}';
    const v = parseJson(text, { lossless: true }) as Record<string, unknown>;
    expect(v['f']).toBeInstanceOf(PyFloat);
    expect(v['i']).toBe(1);
    expect(v['big']).toBe(123456789012345678901234567890n);
    expect(Object.is(v['neg'], 0)).toBe(true);
    expect(pyDumps(v)).toBe(
      '{"f": 1.0, "i": 1, "e": 1e-05, "big": 123456789012345678901234567890, "neg": 0}',
    );
  });

  it('accepts NaN and Infinity like Python', () => {
    expect(parseJson('[NaN, Infinity, -Infinity]')).toEqual([NaN, Infinity, -Infinity]);
  });

  it('stores "__proto__" as an ordinary key', () => {
    const v = parseJson('{"__proto__": {"x": 1}}') as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
  });

  it.each([
    ['', 'Expecting value', 0],
    ['hello', 'Expecting value', 0],
    ['{"a": 1} x', 'Extra data', 9],
    ['{"broken": ', 'Expecting value', 11],
    ['{a: 1}', 'Expecting property name enclosed in double quotes', 1],
    ['{"a" 1}', "Expecting ':' delimiter", 5],
    ['[1 2]', "Expecting ',' delimiter", 3],
    ['"abc', 'Unterminated string starting at', 0],
    ['"a\u0001"', 'Invalid control character at', 2],
    ['"\\x"', 'Invalid \\escape', 1],
    ['[1.]', "Expecting ',' delimiter", 2],
    ['01', 'Extra data', 1],
  ])('%j fails with %s at %i', (text, msg, pos) => {
    try {
      parseJson(text);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(JsonSyntaxError);
      expect((e as JsonSyntaxError).msg).toBe(msg);
      expect((e as JsonSyntaxError).pos).toBe(pos);
    }
  });

  it('formats positions like Python', () => {
    expect(() => parseJson('{\n  "a": x}')).toThrow('Expecting value: line 2 column 8 (char 9)');
  });
});
