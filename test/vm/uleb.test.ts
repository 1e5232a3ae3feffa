// The VM's one ULEB128 encoder (BCS lengths and tags: vectors, MakeMoveVec, VDF forms) against the
// encoding of the Sui SDK's BCS, an independent implementation of the same format.
import { bcs } from '@mysten/sui/bcs';
import { describe, expect, it } from 'vitest';
import { ulebBytes } from '../../src/vm/bcs-values.js';

describe('ulebBytes', () => {
  it.each([0, 1, 127, 128, 255, 300, 16_383, 16_384, 2_097_151, 2_097_152, 2 ** 31 - 1, 2 ** 32 - 1])(
    'writes %i as BCS does',
    (n) => {
      expect([...ulebBytes(n)]).toEqual([...bcs.uleb128().serialize(n).toBytes()]);
    },
  );

  it('writes the seven-bit groups low first, each but the last with its high bit set', () => {
    // 300 = 0b10_0101100: low group 0x2c with the continuation bit, then 0x02.
    expect([...ulebBytes(300)]).toEqual([0xac, 0x02]);
  });
});
