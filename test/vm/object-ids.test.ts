// Object ids from `fresh_id` and dynamic-field ids, checked against Sui's published derivations
// computed here directly with BLAKE2b-256, and against the ids the real Sui runtime (the wheel's
// PTB replay) creates for the same digest:
//   new object:    blake2b256(0xf1 ‖ tx digest ‖ u64 LE creation number)
//   dynamic field: blake2b256(0xf0 ‖ parent ‖ u64 LE key length ‖ key BCS ‖ TypeTag BCS of the key type)
import { blake2b } from '@noble/hashes/blake2.js';
import { toBase58 } from '@mysten/sui/utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { TransactionState, type MoveVm } from '../../src/vm/index.js';
import { Oracle } from '../../scripts/vm-oracle.js';
import { useReplayOracle } from './support/replay-oracle.js';
import { address, byteVector, callOk, frameworkVm, fromHex, hex, u64 } from './support/vm.js';
import { skipUnlessCi } from '../support/required-in-ci.js';

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

describe.skipIf(skipUnlessCi(Oracle.available()))('fresh ids against the real Sui runtime', () => {
  const oracle = useReplayOracle();

  it('creates the same ids as a PTB with the same digest (two coin::zero, then transfer)', async () => {
    const sender = 'ab'.repeat(32);
    const ptbDigest = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) & 0xff);
    const zero = {
      type: 'MoveCall',
      package: '0x2',
      module: 'coin',
      function: 'zero',
      type_arguments: ['0x2::sui::SUI'],
      arguments: [],
    };
    const replay = await oracle().replay({
      transaction: {
        digest: toBase58(ptbDigest),
        sender: '0x' + sender,
        gas_budget: 1_000_000_000,
        gas_price: 1000,
        commands: [
          zero,
          zero,
          {
            type: 'TransferObjects',
            objects: [
              { type: 'Result', index: 0 },
              { type: 'Result', index: 1 },
            ],
            address: { type: 'Input', index: 0 },
          },
        ],
        inputs: [{ type: 'Pure', bytes: Buffer.from(sender, 'hex').toString('base64') }],
        effects: null,
      },
      objects: {},
      packages: {},
    });
    expect(replay.success).toBe(true);

    const tx = new TransactionState({ digest: ptbDigest, sender });
    for (let i = 0; i < 2; i++) {
      callOk(vm, { package: '0x2', module: 'coin', function: 'zero', typeArgs: ['0x2::sui::SUI'], tx });
    }
    const short = (id: string) => '0x' + id.replace(/^0+/, '');
    expect(tx.createdIds.map(short).sort()).toEqual([...replay.effects!.created].sort());
  });
});
