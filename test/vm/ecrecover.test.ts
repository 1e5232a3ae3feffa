// secp256k1_ecrecover and secp256r1_ecrecover against the vectors of Sui's Move tests
// (sui-framework tests/crypto/ecdsa_k1_tests.move, ecdsa_r1_tests.move), and the abort codes Sui's
// natives (ecdsa_k1.rs, ecdsa_r1.rs over fastcrypto) give on malformed input: an unknown hash 0 before
// anything else, bytes that are no signature 1, a signature no key follows from 0. The wheel cannot
// answer here: its natives take the vectors by value and stop with INTERNAL_TYPE_ERROR.
import { beforeAll, describe, expect, it } from 'vitest';
import type { MoveVm } from '../../src/vm/index.js';
import { aborted, bcsBytes, run, utf8 } from './support/crypto-calls.js';
import { frameworkVm } from './support/vm.js';

let vm: MoveVm;
beforeAll(async () => {
  vm = await frameworkVm();
});

const KECCAK256 = 0;
const SHA256 = 1;
const SECP256K1_N = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141';
const K1_KEY = '02337cca2171fdbfcfd657fa59881f46269f1e590b5ffab6023686c7ad2ecc2c1c';
const R1_KEY = '0227322b3a891a0a280d6bc1fb2cbb23d28f54906fd6407f5f741f6def5762609a';

const recover = (module: 'ecdsa_k1' | 'ecdsa_r1', sig: string, msg: Uint8Array, hash: number) =>
  run(vm, module, module === 'ecdsa_k1' ? 'secp256k1_ecrecover' : 'secp256r1_ecrecover', [
    bcsBytes(sig),
    bcsBytes(msg),
    Uint8Array.of(hash),
  ]);
const key = (hex: string) => ({ ok: [(hex.length / 2).toString(16).padStart(2, '0') + hex] });
const hello = utf8('Hello, world!');

describe('secp256k1_ecrecover', () => {
  it("recovers Sui's vectors with keccak256 and sha256", () => {
    const keccakSig =
      '7e4237ebfbc36613e166bfc5f6229360a9c1949242da97ca04867e4de57b2df30c8340bcb320328cf46d71bda51fcb519e3ce53b348eec62de852e350edbd88600';
    const shaSig =
      'e5847245b38548547f613aaea3421ad47f5b95a222366fb9f9b8c57568feb19c7077fc31e7d83e00acc1347d08c3e1ad50a4eeb6ab044f25c861ddc7be5b8f9f01';
    expect(recover('ecdsa_k1', keccakSig, hello, KECCAK256)).toEqual(key(K1_KEY));
    expect(recover('ecdsa_k1', shaSig, hello, SHA256)).toEqual(key(K1_KEY));
  });

  it('aborts with 0 on an unknown hash even when the signature is malformed too', () => {
    expect(recover('ecdsa_k1', '00'.repeat(10), hello, 2)).toEqual(aborted(0, 'ecdsa_k1'));
  });

  it('aborts with 1 (INVALID_SIGNATURE) on bytes that are no signature', () => {
    const r = '11'.repeat(32);
    expect(recover('ecdsa_k1', r + r, hello, KECCAK256)).toEqual(aborted(1, 'ecdsa_k1')); // 64 bytes
    expect(recover('ecdsa_k1', r + r + '04', hello, KECCAK256)).toEqual(aborted(1, 'ecdsa_k1')); // recovery id 4
    expect(recover('ecdsa_k1', SECP256K1_N + r + '00', hello, KECCAK256)).toEqual(aborted(1, 'ecdsa_k1')); // r = n
    expect(recover('ecdsa_k1', r + SECP256K1_N + '00', hello, KECCAK256)).toEqual(aborted(1, 'ecdsa_k1')); // s = n
  });

  it('aborts with 0 (FAIL_TO_RECOVER_PUBKEY) when no key follows: zero r and s parse but do not recover', () => {
    expect(recover('ecdsa_k1', '00'.repeat(65), utf8('\u0000'), KECCAK256)).toEqual(aborted(0, 'ecdsa_k1'));
  });
});

describe('secp256r1_ecrecover', () => {
  it("recovers Sui's vectors with keccak256 and sha256", () => {
    const keccakSig =
      '209841acabd0fdf6d25fa0948b2f5c6c74f930eede89c6fce59502218a3134a147535921bf0cdf5d1990f6f0b3dadb8c05069ddc531db057d325857ce198a52900';
    const shaSig =
      '26d84720652d8bc4ddd1986434a10b3b7b69f0e35a17c6a5987e6d1cba69652f4384a342487642df5e44592d304bea0ceb0fae2e347fa3cec5ce1a8144cfbbb200';
    expect(recover('ecdsa_r1', keccakSig, hello, KECCAK256)).toEqual(key(R1_KEY));
    expect(recover('ecdsa_r1', shaSig, hello, SHA256)).toEqual(key(R1_KEY));
  });

  it('a zero r or s is no signature there (the p256 crate refuses it): 1', () => {
    expect(recover('ecdsa_r1', '00'.repeat(32) + '11'.repeat(32) + '00', hello, KECCAK256)).toEqual(
      aborted(1, 'ecdsa_r1'),
    );
  });
});
