// sui::poseidon::poseidon_bn254 (the framework's Move wrapper over poseidon_bn254_internal) against the
// vectors of Sui's Move tests (sui-framework tests/crypto/poseidon_tests.move), and the native's
// own refusals.
import { beforeAll, describe, expect, it } from 'vitest';
import type { MoveVm } from '../../src/vm/index.js';
import { aborted, bcsByteVectors, run } from './support/crypto-calls.js';
import { frameworkVm, hex } from './support/vm.js';

let vm: MoveVm;
beforeAll(async () => {
  vm = await frameworkVm();
});

const BN254_ORDER = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

const u256 = (n: bigint) => {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((n >> BigInt(8 * i)) & 0xffn);
  return out;
};
const bcsU256Vector = (items: bigint[]) => Uint8Array.of(items.length, ...items.flatMap((n) => [...u256(n)]));
const hash = (items: bigint[]) => run(vm, 'poseidon', 'poseidon_bn254', [bcsU256Vector(items)]);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => BigInt(from + i));

describe('poseidon_bn254', () => {
  it("gives Sui's vectors for 1, 2 and 15 inputs and for p − 1", () => {
    expect(hash([1n])).toEqual({
      ok: [hex(u256(18586133768512220936620570745912940619677854269274689475585506675881198879027n))],
    });
    expect(hash([1n, 2n])).toEqual({
      ok: [hex(u256(7853200120776062878684798364095072458815029376092732009249414926327459813530n))],
    });
    expect(hash(range(1, 15))).toEqual({
      ok: [hex(u256(4203130618016961831408770638653325366880478848856764494148034853759773445968n))],
    });
    expect(hash([BN254_ORDER - 1n])).toEqual({
      ok: [hex(u256(3366645945435192953002076803303112651887535928162668198103357554665518664470n))],
    });
  });

  it('aborts with ENonCanonicalInput (0) on p, EEmptyInput (1) on no input, ETooManyInputs (2) past 16', () => {
    expect(hash([BN254_ORDER])).toEqual(aborted(0, 'poseidon'));
    expect(hash([])).toEqual(aborted(1, 'poseidon'));
    // This framework's wrapper stops at 16 inputs; later ones hash longer inputs as a tree in Move.
    expect(hash(range(0, 29))).toEqual(aborted(2, 'poseidon'));
  });

  it('the native refuses 17 inputs, a non-canonical or short element with 0', () => {
    // Called directly: the Move wrapper never passes these.
    const native = (items: Uint8Array[]) => {
      const result = vm.callFunction({
        package: '0x2',
        module: 'poseidon',
        function: 'poseidon_bn254_internal',
        args: [bcsByteVectors(items)],
      });
      return result.success ? 'ok' : `${result.error.status} ${result.error.code}`;
    };
    expect(native([u256(1n)])).toBe('ok');
    expect(native(range(1, 17).map(u256))).toBe('ABORTED 0');
    expect(native([u256(BN254_ORDER)])).toBe('ABORTED 0');
    expect(native([u256(1n).subarray(0, 31)])).toBe('ABORTED 0');
  });
});
