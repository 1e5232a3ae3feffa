import { describe, expect, it } from 'vitest';
import { compareUtf8, formatInterfaceJson, sortKeysDeep } from '../../src/move/index.js';

describe('formatInterfaceJson', () => {
  it('sorts keys at every depth in byte order and keeps array order', () => {
    const text = formatInterfaceJson({
      modules: { bump: 1, Ticket: 2, _x: 3, Counter: 4 },
      module_names: ['b', 'a'],
    });
    expect(text).toBe(
      [
        '{',
        '  "module_names": [',
        '    "b",',
        '    "a"',
        '  ],',
        '  "modules": {',
        '    "Counter": 4,',
        '    "Ticket": 2,',
        '    "_x": 3,',
        '    "bump": 1',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('prints empty containers compactly and ends with one newline', () => {
    expect(formatInterfaceJson({ b: [], a: {} })).toBe('{\n  "a": {},\n  "b": []\n}\n');
  });

  it('sorts objects nested inside arrays', () => {
    expect(sortKeysDeep([{ z: 1, a: [{ y: 1, b: 2 }] }])).toStrictEqual([{ a: [{ b: 2, y: 1 }], z: 1 }]);
  });

  it('shares the parts already in order and leaves its input as it was', () => {
    const ordered = { a: [1, { b: 2, c: 3 }], d: { e: null } };
    const input = { x: { y: 1, b: 2 }, a: ordered };
    const sorted = sortKeysDeep(input) as Record<string, unknown>;
    expect(Object.keys(sorted)).toEqual(['a', 'x']);
    expect(Object.keys(sorted.x as object)).toEqual(['b', 'y']);
    expect(sorted.a).toBe(ordered);
    expect(Object.keys(input)).toEqual(['x', 'a']);
    expect(Object.keys(input.x)).toEqual(['y', 'b']);
    expect(sortKeysDeep(ordered)).toBe(ordered);
    // An array whose items all stay is the same array; one that changes is a copy.
    const list = [ordered, { b: 1, a: 2 }];
    const sortedList = sortKeysDeep(list) as unknown[];
    expect(sortedList).not.toBe(list);
    expect(sortedList[0]).toBe(ordered);
    expect(Object.keys(list[1]!)).toEqual(['b', 'a']);
  });
});

describe('compareUtf8', () => {
  it('orders uppercase before underscore before lowercase', () => {
    expect(['bump', '_x', 'Ticket', 'Counter'].sort(compareUtf8)).toEqual([
      'Counter',
      'Ticket',
      '_x',
      'bump',
    ]);
  });

  it('puts a prefix first', () => {
    expect(['modules', 'module_names', 'module'].sort(compareUtf8)).toEqual([
      'module',
      'module_names',
      'modules',
    ]);
  });

  it('follows UTF-8 bytes where UTF-16 code units disagree', () => {
    // U+1F600 (surrogate pair D83D DE00) is after U+FF5E in UTF-8 but before it in UTF-16.
    expect(compareUtf8('\u{1F600}', '\uFF5E')).toBeGreaterThan(0);
    expect('\u{1F600}' < '\uFF5E').toBe(true);
  });
});
