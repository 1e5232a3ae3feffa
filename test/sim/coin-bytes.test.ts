// A local `Coin<SUI>`'s BCS, by hand: `Coin { id: UID { id: ID { bytes: address } }, balance: Balance { value: u64 } }`
// is the 32 address bytes, then the balance as 8 little-endian bytes.
import { describe, expect, it } from 'vitest';
import { suiCoinBytes } from '../../src/sim/chain-spelling.js';

describe('suiCoinBytes', () => {
  it('writes the id and then the balance, little-endian', () => {
    const hex = Buffer.from(suiCoinBytes('0x2', 0x0102030405060708n)).toString('hex');
    expect(hex).toBe('00'.repeat(31) + '02' + '0807060504030201');
  });

  it('takes the id in any hex spelling and the largest u64', () => {
    const bytes = suiCoinBytes('AB'.repeat(32), 2n ** 64n - 1n);
    expect(Buffer.from(bytes).toString('hex')).toBe('ab'.repeat(32) + 'ff'.repeat(8));
  });
});
