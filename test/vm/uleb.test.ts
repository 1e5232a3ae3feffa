// The VM's one ULEB128 encoder (BCS lengths and tags: vectors, MakeMoveVec, VDF forms) against the
// encoding of the Sui SDK's BCS, an independent implementation of the same format; and its one strict
// length reader (pure inputs, VDF forms), with the `bcs` crate's rules worked out by hand.
import { bcs } from '@mysten/sui/bcs';
import { describe, expect, it } from 'vitest';
import { readSequenceLength, ulebBytes } from '../../src/vm/bcs-values.js';

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

describe('readSequenceLength', () => {
  const read = (bytes: number[], offset = 0) => readSequenceLength(Uint8Array.from(bytes), offset);

  it('reads what the encoder writes, and where it ends', () => {
    for (const n of [0, 127, 128, 16_384, 2 ** 31 - 1]) {
      const bytes = [0xaa, ...bcs.uleb128().serialize(n).toBytes(), 0xbb];
      expect(read(bytes, 1)).toEqual({ length: n, end: bytes.length - 1 });
    }
  });

  it('refuses what the bcs crate refuses', () => {
    expect(read([0x80, 0x00])).toBeNull(); // 0 spelled in two bytes: not canonical
    expect(read([0x80, 0x80, 0x80, 0x80, 0x08])).toBeNull(); // 2^31: past MAX_SEQUENCE_LENGTH
    expect(read([0x80, 0x80, 0x80, 0x80, 0x80, 0x01])).toBeNull(); // six bytes
    expect(read([0x80])).toBeNull(); // cut short
    expect(read([])).toBeNull();
  });
});
