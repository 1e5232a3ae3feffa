// Object ids from `fresh_id` and dynamic-field ids, checked against Sui's published derivations
// computed here directly with BLAKE2b-256:
//   new object:    blake2b256(0xf1 ‖ tx digest ‖ u64 LE creation number)
//   dynamic field: blake2b256(0xf0 ‖ parent ‖ u64 LE key length ‖ key BCS ‖ TypeTag BCS of the key type)
import { blake2b } from '@noble/hashes/blake2.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { TransactionState, type MoveVm } from '../../src/vm/index.js';
import { address, byteVector, callOk, frameworkVm, fromHex, hex, u64 } from './support/vm.js';

let vm: MoveVm;
beforeAll(async () => {
  vm = await frameworkVm();
});

const digest = fromHex('5a'.repeat(16) + 'c3'.repeat(16));
const blake = (...parts: Uint8Array[]) =>
  hex(blake2b(Uint8Array.from(parts.flatMap((p) => [...p])), { dkLen: 32 }));

describe('fresh object ids', () => {
  it('follow the creation counter of the transaction', () => {
    const tx = new TransactionState({ digest });
    const first = callOk(vm, { package: '0x2', module: 'tx_context', function: 'fresh_object_address', tx });
    const second = callOk(vm, { package: '0x2', module: 'object', function: 'new', tx });
    expect(first.values).toEqual([blake(Uint8Array.of(0xf1), digest, u64(0))]);
    // A UID is its id's 32 bytes in BCS.
    expect(second.values).toEqual([blake(Uint8Array.of(0xf1), digest, u64(1))]);
    expect(tx.idsCreated).toBe(2n);
    expect(tx.createdIds).toEqual([first.values[0], second.values[0]]);
  });
});

describe('dynamic field ids', () => {
  const parent = address('0xabc');

  it('hash a u64 key with TypeTag::U64 (variant 2)', () => {
    const { values } = callOk(vm, {
      package: '0x2',
      module: 'dynamic_field',
      function: 'hash_type_and_key',
      typeArgs: ['u64'],
      args: [parent, u64(7)],
    });
    expect(values).toEqual([blake(Uint8Array.of(0xf0), parent, u64(8), u64(7), Uint8Array.of(2))]);
  });

  it('hash a std::string::String key with its struct TypeTag', () => {
    const key = byteVector('name');
    const typeTag = Uint8Array.of(
      7, // TypeTag::Struct
      ...address('0x1'),
      ...byteVector('string'),
      ...byteVector('String'),
      0, // no type arguments
    );
    const { values } = callOk(vm, {
      package: '0x2',
      module: 'dynamic_field',
      function: 'hash_type_and_key',
      typeArgs: ['0x1::string::String'],
      args: [parent, key],
    });
    expect(values).toEqual([blake(Uint8Array.of(0xf0), parent, u64(key.length), key, typeTag)]);
  });
});
