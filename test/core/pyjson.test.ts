import { describe, expect, it } from 'vitest';
import { pyDumps, pyFloat, pyFloatRepr, pyJsonString } from '../../src/core/pyjson.js';

// Expected strings come from CPython 3.11's json.dumps.
describe('pyFloatRepr', () => {
  it.each([
    [1e-5, '1e-05'],
    [1e16, '1e+16'],
    [1e21, '1e+21'],
    [0.1, '0.1'],
    [100.0, '100.0'],
    [1.5e-7, '1.5e-07'],
    [1.0, '1.0'],
    [-0.0, '-0.0'],
    [0, '0.0'],
    [1e-4, '0.0001'],
    [123456789.123, '123456789.123'],
    [1e15, '1000000000000000.0'],
    [Number('12345678901234567'), '1.2345678901234568e+16'],
    [2.5e-300, '2.5e-300'],
    [-1.5, '-1.5'],
    [1 / 3, '0.3333333333333333'],
    [2 / 3, '0.6666666666666666'],
    [1e22, '1e+22'],
    [Number('9007199254740993'), '9007199254740992.0'],
    [5e-324, '5e-324'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [NaN, 'NaN'],
    [Infinity, 'Infinity'],
    [-Infinity, '-Infinity'],
  ])('%d → %s', (x, expected) => {
    expect(pyFloatRepr(x)).toBe(expected);
  });
});

describe('pyJsonString', () => {
  it('escapes like ensure_ascii=True (DEL included, "/" not)', () => {
    expect(pyJsonString('\x7f/é😀\x00\x1f')).toBe('"\\u007f/\\u00e9\\ud83d\\ude00\\u0000\\u001f"');
    expect(pyJsonString('a"b\\c\n\r\t\b\f')).toBe('"a\\"b\\\\c\\n\\r\\t\\b\\f"');
    expect(pyJsonString('\u2028\uffff')).toBe('"\\u2028\\uffff"');
  });
});

describe('pyDumps', () => {
  const value = {
    z: [pyFloat(1), 2, 0.5, { é: '\u2028\u{1F600}', a: null }],
    a: { y: true, x: [] },
    m: 1e-7,
    big: 2n ** 70n,
  };

  it('matches json.dumps(indent=2, sort_keys=True)', () => {
    expect(pyDumps(value, { indent: 2, sortKeys: true })).toBe(
      [
        '{',
        '  "a": {',
        '    "x": [],',
        '    "y": true',
        '  },',
        '  "big": 1180591620717411303424,',
        '  "m": 1e-07,',
        '  "z": [',
        '    1.0,',
        '    2,',
        '    0.5,',
        '    {',
        '      "a": null,',
        '      "\\u00e9": "\\u2028\\ud83d\\ude00"',
        '    }',
        '  ]',
        '}',
      ].join('\n'),
    );
  });

  it('matches json.dumps(sort_keys=True) with default and compact separators', () => {
    expect(pyDumps(value, { sortKeys: true })).toBe(
      '{"a": {"x": [], "y": true}, "big": 1180591620717411303424, "m": 1e-07, "z": [1.0, 2, 0.5, {"a": null, "\\u00e9": "\\u2028\\ud83d\\ude00"}]}',
    );
    expect(pyDumps(value, { sortKeys: true, separators: [',', ':'] })).toBe(
      '{"a":{"x":[],"y":true},"big":1180591620717411303424,"m":1e-07,"z":[1.0,2,0.5,{"a":null,"\\u00e9":"\\u2028\\ud83d\\ude00"}]}',
    );
  });

  it('sorts keys by code point, and keeps insertion order without sortKeys', () => {
    expect(pyDumps({ '\u{1F600}': 1, '\uffff': 2, a: 3 }, { sortKeys: true })).toBe(
      '{"a": 3, "\\uffff": 2, "\\ud83d\\ude00": 1}',
    );
    expect(pyDumps({ b: 1, a: 2 })).toBe('{"b": 1, "a": 2}');
  });

  it('prints the §29.2 float list like Python', () => {
    expect(pyDumps([1e-5, 1e16, 1e21, 0.1, 100.0, 1.5e-7].map(pyFloat))).toBe(
      '[1e-05, 1e+16, 1e+21, 0.1, 100.0, 1.5e-07]',
    );
  });

  it('prints integral plain numbers as Python ints, without exponent', () => {
    expect(pyDumps([1, -0, 1e21, 2 ** 60])).toBe('[1, 0, 1000000000000000000000, 1152921504606846976]');
  });

  it('handles empty containers, scalars, undefined properties and indent 0', () => {
    expect(pyDumps({}, { indent: 2 })).toBe('{}');
    expect(pyDumps([], { indent: 2 })).toBe('[]');
    expect(pyDumps('x')).toBe('"x"');
    expect(pyDumps(null)).toBe('null');
    expect(pyDumps({ a: undefined, b: 1 })).toBe('{"b": 1}');
    expect(pyDumps([1, [2]], { indent: 0 })).toBe('[\n1,\n[\n2\n]\n]');
  });

  it('refuses what Python cannot serialize', () => {
    expect(() => pyDumps(new Set([1]))).toThrow(TypeError);
    expect(() => pyDumps({ f: () => 1 })).toThrow(TypeError);
    const loop: Record<string, unknown> = {};
    loop['self'] = loop;
    expect(() => pyDumps(loop)).toThrow(/Circular/);
  });

  it('allows the same object twice when it is not a cycle', () => {
    const shared = { a: 1 };
    expect(pyDumps([shared, shared])).toBe('[{"a": 1}, {"a": 1}]');
  });
});
