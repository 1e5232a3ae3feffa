// sui::ecvrf::ecvrf_verify against the vector of Sui's own Move tests (sui-framework
// tests/crypto/ecvrf_tests.move, produced with fastcrypto) and its abort codes. The wheel cannot check
// this native: its ecvrf_verify returns true for any input.
import { beforeAll, describe, expect, it } from 'vitest';
import type { MoveVm } from '../../src/vm/index.js';
import { aborted, bcsBytes, FALSE, run, TRUE, utf8 } from './support/crypto-calls.js';
import { frameworkVm } from './support/vm.js';

const OUTPUT =
  '4fad431c7402fa1d4a7652e975aeb9a2b746540eca0b1b1e59c8d19c14a7701918a8249136e355455b8bc73851f7fc62c84f2e39f685b281e681043970026ed8';
const PUBLIC_KEY = '1ea6f0f467574295a2cd5d21a3fd3a712ade354d520d3bd0fe6088d7b7c2e00e';
const PROOF =
  'd8ad2eafb4f2eaf317447726e541359f26dfce248431fe09984fdc73144abb6ceb006c57a29a742eae5a81dd04239870769e310a81046cbbaff8b0bd27a6d6affee167ebba50549b58ffdf9aa192f506';

let vm: MoveVm;
beforeAll(async () => {
  vm = await frameworkVm();
});

const verify = (
  output: Uint8Array | string,
  alpha: string,
  key: Uint8Array | string,
  proof: Uint8Array | string,
) =>
  run(vm, 'ecvrf', 'ecvrf_verify', [bcsBytes(output), bcsBytes(utf8(alpha)), bcsBytes(key), bcsBytes(proof)]);

describe('ecvrf_verify', () => {
  it("accepts Sui's vector and rejects another input, output or proof", () => {
    expect(verify(OUTPUT, 'Hello, world!', PUBLIC_KEY, PROOF)).toEqual(TRUE);
    expect(verify(OUTPUT, 'Hello, world?', PUBLIC_KEY, PROOF)).toEqual(FALSE);
    expect(
      verify(
        utf8('invalid hash, invalid hash, invalid hash, invalid hash, invalid '),
        'Hello, world!',
        PUBLIC_KEY,
        PROOF,
      ),
    ).toEqual(FALSE);
    const otherS = PROOF.slice(0, -2) + '05'; // still a canonical scalar
    expect(verify(OUTPUT, 'Hello, world!', PUBLIC_KEY, otherS)).toEqual(FALSE);
  });

  it('returns false for the identity as public key (ECVRF_validate_key)', () => {
    expect(verify(OUTPUT, 'Hello, world!', '00'.repeat(32), PROOF)).toEqual(FALSE);
  });

  it('aborts with 1 on a hash that is not 64 bytes, 2 on a bad key, 3 on a bad proof', () => {
    expect(verify(utf8('invalid hash'), 'Hello, world!', PUBLIC_KEY, PROOF)).toEqual(aborted(1, 'ecvrf'));
    expect(verify(OUTPUT, 'Hello, world!', utf8('invalid public key'), PROOF)).toEqual(aborted(2, 'ecvrf'));
    expect(verify(OUTPUT, 'Hello, world!', PUBLIC_KEY, utf8('invalid proof'))).toEqual(aborted(3, 'ecvrf'));
    // 32 bytes that are no ristretto255 encoding (a negative field element), and s ≥ the group order.
    expect(verify(OUTPUT, 'Hello, world!', '01' + '00'.repeat(31), PROOF)).toEqual(aborted(2, 'ecvrf'));
    expect(verify(OUTPUT, 'Hello, world!', PUBLIC_KEY, PROOF.slice(0, 96) + 'ff'.repeat(32))).toEqual(
      aborted(3, 'ecvrf'),
    );
  });
});
