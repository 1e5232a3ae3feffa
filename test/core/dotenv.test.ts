import { describe, expect, it } from 'vitest';
import { parseDotenv } from '../../src/core/dotenv.js';

describe('parseDotenv (harness §23.1, upstream test_env)', () => {
  it('skips comments, unquotes, keeps empty values', () => {
    const text = '# comment\nSMI_MODEL="m"\nEMPTY=\n\nNOEQUALS\n';
    expect(parseDotenv(text)).toEqual({ SMI_MODEL: 'm', EMPTY: '' });
  });

  it('splits at the first "=", strips, removes only matching quotes, later duplicates win', () => {
    const text = '  A = x=y  \r\nB=\'single\'\nC="mismatch\'\nD="\nA=second\n = novalue\nexport E=1\nF=""';
    expect(parseDotenv(text)).toEqual({
      A: 'second',
      B: 'single',
      C: '"mismatch\'',
      D: '"',
      'export E': '1',
      F: '',
    });
  });

  it('stores "__proto__" as a plain key', () => {
    const env = parseDotenv('__proto__=x');
    expect(Object.keys(env)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(env)).toBe(Object.prototype);
  });
});
