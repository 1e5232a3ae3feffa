// sui::zklogin_verified_id / zklogin_verified_issuer natives against the vectors of Sui's Move tests
// (sui-framework tests/crypto/zklogin_verified_issuer_tests.move and zklogin_verified_id_tests.move:
// a Google identity, its address seed and salt hash, and the address they give). The framework's
// `check_zklogin_id` now aborts (EFunctionDisabled), so the id check is run on its native directly.
import { bn254_Fr } from '@noble/curves/bn254.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MoveVm } from '../../src/vm/index.js';
import { aborted, bcsBytes, FALSE, run, TRUE, utf8 } from './support/crypto-calls.js';
import { frameworkVm, fromHex } from './support/vm.js';

const ADDRESS = '1c6b623a2f2c91333df730c98d220f11484953b391a3818680f922c264cc0c6b';
const OTHER_ADDRESS = '006b623a2f2c91333df730c98d220f11484953b391a3818680f922c264cc0c6b';
const ISS = 'https://accounts.google.com';
const ADDRESS_SEED = 3006596378422062745101035755700472756930796952630484939867684134047976874601n;
const SALT_HASH = 15232766888716517538274372547598053531354666056102343895255590477425668733026n;
const SUB = '106294049240999307923';
const AUD = '575519204237-msop9ep45u2uo98hapqmngv8d84qdc8k.apps.googleusercontent.com';
/** The BN254 scalar field's order: seeds and salt hashes are taken modulo it. */
const FR_ORDER = bn254_Fr.ORDER;

const u256 = (n: bigint) => {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((n >> BigInt(8 * i)) & 0xffn);
  return out;
};
const text = (s: string | Uint8Array) => bcsBytes(typeof s === 'string' ? utf8(s) : s);

let vm: MoveVm;
beforeAll(async () => {
  vm = await frameworkVm();
});

const issuer = (address: string, seed: bigint, iss: string | Uint8Array) =>
  run(vm, 'zklogin_verified_issuer', 'check_zklogin_issuer_internal', [
    fromHex(address),
    u256(seed),
    text(iss),
  ]);

const id = (
  address: string,
  fields: Partial<Record<'name' | 'value' | 'iss' | 'aud', string | Uint8Array>> = {},
  pin = SALT_HASH,
) =>
  run(vm, 'zklogin_verified_id', 'check_zklogin_id_internal', [
    fromHex(address),
    text(fields.name ?? 'sub'),
    text(fields.value ?? SUB),
    text(fields.iss ?? ISS),
    text(fields.aud ?? AUD),
    u256(pin),
  ]);

describe('zklogin_verified_issuer', () => {
  it("matches Sui's test: the address of a seed and issuer, and three mismatches", () => {
    expect(issuer(ADDRESS, ADDRESS_SEED, ISS)).toEqual(TRUE);
    expect(issuer(OTHER_ADDRESS, ADDRESS_SEED, ISS)).toEqual(FALSE);
    expect(issuer(ADDRESS, 1234n, ISS)).toEqual(FALSE);
    expect(issuer(ADDRESS, ADDRESS_SEED, 'https://other.issuer.com')).toEqual(FALSE);
    // The public function wraps the native.
    const viaMove = run(vm, 'zklogin_verified_issuer', 'check_zklogin_issuer', [
      fromHex(ADDRESS),
      u256(ADDRESS_SEED),
      text(ISS),
    ]);
    expect(viaMove).toEqual(TRUE);
  });

  it('takes the seed modulo the field order and aborts 0 on an issuer that is not UTF-8', () => {
    expect(issuer(ADDRESS, ADDRESS_SEED + FR_ORDER, ISS)).toEqual(TRUE);
    expect(issuer(ADDRESS, ADDRESS_SEED, Uint8Array.of(0xff))).toEqual(aborted(0, 'zklogin_verified_issuer'));
  });
});

describe('zklogin_verified_id', () => {
  it("matches Sui's vector: sub, value, audience and salt hash give the same address as the seed", () => {
    expect(id(ADDRESS)).toEqual(TRUE);
    expect(id(OTHER_ADDRESS)).toEqual(FALSE);
    expect(id(ADDRESS, { value: '106294049240999307924' })).toEqual(FALSE);
    expect(id(ADDRESS, {}, SALT_HASH + 1n)).toEqual(FALSE);
    expect(id(ADDRESS, {}, SALT_HASH + FR_ORDER)).toEqual(TRUE);
  });

  it('aborts 0 on strings over their length, characters above U+00FF, or bytes that are not UTF-8', () => {
    const code0 = aborted(0, 'zklogin_verified_id');
    expect(id(ADDRESS, { name: 'x'.repeat(33) })).toEqual(code0);
    expect(id(ADDRESS, { value: 'x'.repeat(116) })).toEqual(code0);
    expect(id(ADDRESS, { aud: 'x'.repeat(146) })).toEqual(code0);
    expect(id(ADDRESS, { value: 'é'.repeat(115) })).toEqual(FALSE); // 115 characters, each one byte wide
    expect(id(ADDRESS, { value: '€' })).toEqual(code0);
    expect(id(ADDRESS, { iss: Uint8Array.of(0xc3) })).toEqual(code0);
  });
});
