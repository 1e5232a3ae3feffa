import { describe, expect, it } from 'vitest';
import {
  compareCodePoints,
  pyRepr,
  pySplitlines,
  pyStrip,
  sortedByCodePoint,
} from '../../src/core/py-string.js';

describe('Python string helpers', () => {
  it('pySplitlines matches str.splitlines', () => {
    expect(pySplitlines('a\x1cb\x85c\u2028d\re\r\nf\x0bg\x0ch\n')).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
    ]);
    expect(pySplitlines('')).toEqual([]);
    expect(pySplitlines('\n')).toEqual(['']);
    expect(pySplitlines('a\n\nb')).toEqual(['a', '', 'b']);
    expect(pySplitlines('a\r')).toEqual(['a']);
  });

  it('pyStrip matches str.strip (U+FEFF is not whitespace, U+001C is)', () => {
    expect(pyStrip(' \x1c\x1f\x85\ufeffx\ufeff\u3000')).toBe('\ufeffx\ufeff');
    expect(pyStrip('  ')).toBe('');
  });

  it('orders by code point, unlike UTF-16 comparison', () => {
    expect(compareCodePoints('\u{1F600}', '\uffff')).toBeGreaterThan(0);
    expect('\u{1F600}' < '\uffff').toBe(true); // what JS would do
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
    expect(compareCodePoints('b', 'b')).toBe(0);
    expect(sortedByCodePoint(['\u{1F600}', '\uffff', 'z', '\ud7ff'])).toEqual([
      'z',
      '\ud7ff',
      '\uffff',
      '\u{1F600}',
    ]);
  });

  it('pyRepr quotes and escapes like Python repr', () => {
    expect(pyRepr("it's")).toBe('"it\'s"');
    expect(pyRepr('a"b')).toBe("'a\"b'");
    expect(pyRepr('both\'"')).toBe("'both\\'\"'");
    expect(pyRepr('\x00\x7f\xa0\xad é\u2028\u{1F600}\\\n')).toBe(
      "'\\x00\\x7f\\xa0\\xad é\\u2028\u{1F600}\\\\\\n'",
    );
    expect(pyRepr('\ud800x\u{E0001}')).toBe("'\\ud800x\\U000e0001'");
  });
});
