// Natives run through the VM, against published test vectors and the Move/Sui documentation.
import { beforeAll, describe, expect, it } from 'vitest';
import type { MoveVm } from '../../src/vm/index.js';
import { address, byteVector, callOk, frameworkVm, fromHex, u64 } from './support/vm.js';

let vm: MoveVm;
beforeAll(async () => {
  vm = await frameworkVm();
});

const call = (pkg: string, module: string, fn: string, args: Uint8Array[], typeArgs: string[] = []) =>
  callOk(vm, { package: pkg, module, function: fn, args, typeArgs }).values;

describe('hash natives (FIPS 180-4, FIPS 202, RFC 7693 and Keccak reference digests of "abc")', () => {
  it('0x1::hash::sha2_256 and sha3_256', () => {
    expect(call('0x1', 'hash', 'sha2_256', [byteVector('abc')])).toEqual([
      '20ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    ]);
    expect(call('0x1', 'hash', 'sha3_256', [byteVector('abc')])).toEqual([
      '203a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532',
    ]);
  });

  it('0x2::hash::blake2b256 and keccak256', () => {
    expect(call('0x2', 'hash', 'blake2b256', [byteVector('abc')])).toEqual([
      '20bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319',
    ]);
    expect(call('0x2', 'hash', 'keccak256', [byteVector('abc')])).toEqual([
      '204e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
    ]);
  });
});

describe('signatures', () => {
  // RFC 8032, section 7.1, TEST 1 (empty message).
  const publicKey = fromHex('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
  const signature = fromHex(
    'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  );

  it('ed25519_verify accepts the RFC 8032 vector and rejects a changed message or a short key', () => {
    const verify = (sig: Uint8Array, key: Uint8Array, msg: Uint8Array) =>
      call('0x2', 'ed25519', 'ed25519_verify', [byteVector(sig), byteVector(key), byteVector(msg)]);
    expect(verify(signature, publicKey, new Uint8Array())).toEqual(['01']);
    expect(verify(signature, publicKey, Uint8Array.of(0))).toEqual(['00']);
    expect(verify(signature, publicKey.subarray(1), new Uint8Array())).toEqual(['00']);
  });
});

describe('address natives (Sui: the address is read as a big-endian number)', () => {
  it('to_u256(@0x1) is 1 and from_u256 inverts it', () => {
    const one = '01' + '00'.repeat(31); // u256 1, little-endian BCS
    expect(call('0x2', 'address', 'to_u256', [address('0x1')])).toEqual([one]);
    expect(call('0x2', 'address', 'from_u256', [fromHex(one)])).toEqual(['00'.repeat(31) + '01']);
  });

  it('from_bytes aborts with 0 (E_ADDRESS_PARSE_ERROR) at the native when the length is not 32', () => {
    const result = vm.callFunction({
      package: '0x2',
      module: 'address',
      function: 'from_bytes',
      args: [byteVector(new Uint8Array(31))],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toMatchObject({ status: 'ABORTED', code: 0n });
    expect(result.error.location).toMatchObject({ module: 'address', function: 'from_bytes', offset: 0 });
  });
});

describe('types::is_one_time_witness', () => {
  it('is true for 0x2::sui::SUI (one bool field, named after its module) and false for u64', () => {
    expect(call('0x2', 'types', 'is_one_time_witness', [Uint8Array.of(1)], ['0x2::sui::SUI'])).toEqual([
      '01',
    ]);
    expect(call('0x2', 'types', 'is_one_time_witness', [u64(1)], ['u64'])).toEqual(['00']);
  });
});

describe('string natives', () => {
  it('index_of and sub_string work on UTF-8 bytes', () => {
    // std::string::String is its byte vector in BCS.
    const text = byteVector('héllo');
    expect(call('0x1', 'string', 'index_of', [text, byteVector('llo')])).toEqual([hexU64(3)]);
    expect(call('0x1', 'string', 'substring', [text, u64(3), u64(6)])).toEqual(['036c6c6f']);
  });
});

function hexU64(value: number): string {
  return Buffer.from(u64(value)).toString('hex');
}
