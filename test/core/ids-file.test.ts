import { describe, expect, it } from 'vitest';
import { parseIdsFile } from '../../src/core/ids-file.js';

describe('parseIdsFile', () => {
  const text = '# header\n0x2\n\n  0x1  \n# comment\n0x2\n0x3\n';

  it('Phase I: keeps order, drops comments and blanks, strips, dedupes (upstream test_runner_utils)', () => {
    expect(parseIdsFile(text, { dedupe: true })).toEqual(['0x2', '0x1', '0x3']);
  });

  it('Phase II: keeps duplicates', () => {
    expect(parseIdsFile(text, { dedupe: false })).toEqual(['0x2', '0x1', '0x2', '0x3']);
  });

  it('splits lines like Python splitlines (\\r\\n, \\r, \\n)', () => {
    expect(parseIdsFile('0x1\r\n0x2\r0x3\n0x4', { dedupe: true })).toEqual(['0x1', '0x2', '0x3', '0x4']);
  });

  it('has no inline comments; `#` only counts at the start of a stripped line', () => {
    expect(parseIdsFile('0xabc # note\n   # indented comment\n', { dedupe: true })).toEqual(['0xabc # note']);
  });

  it('ignores a byte-order mark and Python whitespace', () => {
    expect(parseIdsFile('\ufeff0x1\n\u00a00x2\t\n', { dedupe: true })).toEqual(['0x1', '0x2']);
  });

  it('gives nothing for empty text', () => {
    expect(parseIdsFile('', { dedupe: true })).toEqual([]);
    expect(parseIdsFile('\n\n# x\n', { dedupe: false })).toEqual([]);
  });
});
