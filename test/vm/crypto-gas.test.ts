// Gas of Sui's crypto natives (src/vm/gas/crypto-costs.ts), each called directly on the corpus framework.
// Expected figures are derived by hand from `sui-protocol-config` at protocol version 104 (the version that
// last set each value is named) and the charging code of sui-move-natives `crypto/*.rs`. Around the native
// the meter adds, as for any native called on its own (see gas.test.ts): the call instruction 1, then the
// result pushed: 1 for the height plus its size (a bool 8; a `vector<u8>` of n bytes 2 + n). So:
//   a bool result adds 10; a 32-byte vector 36; a 48-byte vector 52.
import { beforeAll, describe, expect, it } from 'vitest';
import type { MoveVm } from '../../src/vm/index.js';
import { bcsBytes } from './support/crypto-calls.js';
import { frameworkVm, fromHex } from './support/vm.js';

let vm: MoveVm;
beforeAll(async () => {
  vm = await frameworkVm();
});

/** Internal units a direct call of `0x2::module::fn` uses, and whether it succeeded. */
function gasOf(module: string, fn: string, args: Uint8Array[]): { success: boolean; units: number } {
  const result = vm.callFunction({ package: '0x2', module, function: fn, args, typeArgs: [] });
  return { success: result.success, units: result.tx.gas.usedInternal };
}

const zeros = (n: number) => bcsBytes(new Uint8Array(n));
const u8 = (n: number) => Uint8Array.of(n);

const G1_GENERATOR =
  '97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb';
/** The BLS12-381 scalar 2, big-endian as fastcrypto reads scalars. */
const SCALAR_TWO = bcsBytes(fromHex('00'.repeat(31) + '02'));

describe('crypto natives cost what Sui charges at protocol 104', () => {
  it('blake2b256 of 300 bytes: 10 (v70) + 2 × 300 (v1) + 2 × ⌈300 / 128⌉ = 3 blocks (v1) = 616, + 36', () => {
    expect(gasOf('hash', 'blake2b256', [zeros(300)])).toEqual({ success: true, units: 652 });
  });

  it('keccak256 of 272 bytes: 10 (v70) + 544 + 2 × ⌈272 / 136⌉ = 2 blocks (blake2b would count 3) = 558, + 36', () => {
    expect(gasOf('hash', 'keccak256', [zeros(272)])).toEqual({ success: true, units: 594 });
  });

  it('bls12381_min_pk_verify, 100-byte message: 49 282 (v70) + 2 × 100 + 2 × ⌈100 / 64⌉ (v1) = 49 486, + 10', () => {
    // Bytes that are no key or signature: Sui answers false after charging the message.
    expect(gasOf('bls12381', 'bls12381_min_pk_verify', [zeros(96), zeros(48), zeros(100)])).toEqual({
      success: true,
      units: 49_496,
    });
  });

  it('bls12381_min_sig_verify, 64-byte message: 44 064 (v70) + 128 + 2 × 1 block = 44 194, + 10', () => {
    expect(gasOf('bls12381', 'bls12381_min_sig_verify', [zeros(48), zeros(96), zeros(64)])).toEqual({
      success: true,
      units: 44_204,
    });
  });

  it('ed25519_verify, 200-byte message: 1 802 (v70) + 2 × 200 + 2 × ⌈200 / 128⌉ (v1) = 2 206, + 10', () => {
    expect(gasOf('ed25519', 'ed25519_verify', [zeros(64), zeros(32), zeros(200)])).toEqual({
      success: true,
      units: 2_216,
    });
  });

  it('secp256k1_verify prices the message by the hash argument: 1 470 (v70) + 200 + 2 per block', () => {
    const verify = (hash: number) =>
      gasOf('ecdsa_k1', 'secp256k1_verify', [zeros(64), zeros(33), zeros(100), u8(hash)]);
    // sha256 (1): ⌈100 / 64⌉ = 2 blocks → 1 674; keccak256 (0): ⌈100 / 136⌉ = 1 block → 1 672; + 10 each.
    expect(verify(1)).toEqual({ success: true, units: 1_684 });
    expect(verify(0)).toEqual({ success: true, units: 1_682 });
  });

  it('group_ops add prices by the group argument: scalar 10, G1 1 556 (v70), + 36 / + 52', () => {
    const g1 = bcsBytes(G1_GENERATOR);
    expect(gasOf('group_ops', 'internal_add', [u8(0), SCALAR_TWO, SCALAR_TWO])).toEqual({
      success: true,
      units: 46,
    });
    expect(gasOf('group_ops', 'internal_add', [u8(1), g1, g1])).toEqual({ success: true, units: 1_608 });
  });

  it('group_ops multi-scalar multiplication of one G1 term', () => {
    // Decoding: (scalar 7 + G1 2 848) × 1; then base 62 648 + 1 333 per addition (all v70). Additions for
    // n = 1: ⌊log2 1⌋ = 0 → window 1 → ⌈255 / 1⌉ = 255 windows × (1 + 2¹ + 1) = 1 020 → 1 359 660.
    // 2 855 + 62 648 + 1 359 660 = 1 425 163, + 52 for the 48-byte point.
    const msm = gasOf('group_ops', 'internal_multi_scalar_mul', [u8(1), SCALAR_TWO, bcsBytes(G1_GENERATOR)]);
    expect(msm).toEqual({ success: true, units: 1_425_215 });
  });
});
