import { describe, expect, it } from 'vitest';
import { isMoveIdentifier } from '../../src/move/identifier.js';

// Cases from move-core-types' rule, read by hand: a letter first, or `_` followed by at least one more
// identifier character; only ASCII letters, digits and `_`.
describe('isMoveIdentifier', () => {
  it.each(['a', '_a', 'A_1', '__', 'x'.repeat(200)])('accepts %j', (text) => {
    expect(isMoveIdentifier(text)).toBe(true);
  });

  it.each(['', '_', '9a', 'a-b', 'a b', 'é', 'a::b'])('refuses %j', (text) => {
    expect(isMoveIdentifier(text)).toBe(false);
  });
});
