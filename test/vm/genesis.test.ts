// The system objects of src/vm/genesis.ts, made by the framework's own creation functions, and used by
// PTBs. Expected values come from the framework's Move source and Sui's derivations, computed here:
//   random::create      Random { id: 0x8, inner: versioned::create(1, RandomInner { version 1, epoch,
//                       round 0, random_bytes [] }, ctx) }; Versioned { id: object::new(ctx), version }
//                       holds the inner value as dynamic field key 1u64
//   new_generator(r)    RandomGenerator { seed: hmac_sha3_256(random_bytes, fresh_object_address), 0, [] }
//   generate_u64(g)     buffer empty, so counter = 1 and the block hmac_sha3_256(seed, bcs(1u16)) fills it;
//                       then 8 bytes are popped from the back, the first one most significant: the u64
//                       whose little-endian bytes are block[24..32]
//   ids                 fresh: blake2b256(0xf1 ‖ digest ‖ u64 LE n); field: blake2b256(0xf0 ‖ parent ‖
//                       u64 LE key length ‖ key ‖ TypeTag), TypeTag::U64 = 2
import { blake2b } from '@noble/hashes/blake2.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha3_256 } from '@noble/hashes/sha3.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { genesisObjects, SYSTEM_OBJECT_IDS, type Genesis } from '../../src/vm/genesis.js';
import type { MoveVm } from '../../src/vm/index.js';
import { executePtb, type PtbCommand, type PtbInput } from '../../src/vm/ptb.js';
import { address, callOk, frameworkVm, fromHex, hex, u64 } from './support/vm.js';

let vm: MoveVm;
let genesis: Genesis;
beforeAll(async () => {
  vm = await frameworkVm();
  genesis = genesisObjects(vm, { timestampMs: 1_700_000_000_000n });
});

const SENDER = 'ab'.repeat(32);
const DIGEST = fromHex('3c'.repeat(32));
const RANDOM_BYTES = new Uint8Array(32).fill(0x5a); // genesisObjects' default
const blake = (...parts: Uint8Array[]) =>
  blake2b(Uint8Array.from(parts.flatMap((p) => [...p])), { dkLen: 32 });
const freshId = (digest: Uint8Array, n: number) => blake(Uint8Array.of(0xf1), digest, u64(n));
const randomInput: PtbInput = { kind: 'Object', id: '0x8' };
const newGenerator: PtbCommand = {
  kind: 'MoveCall',
  package: '0x2',
  module: 'random',
  function: 'new_generator',
  typeArgs: [],
  args: [{ kind: 'Input', index: 0 }],
};

function run(inputs: PtbInput[], commands: PtbCommand[]) {
  return executePtb(vm, { sender: SENDER, digest: DIGEST, inputs, commands, ...genesis });
}

describe('system objects made by the framework', () => {
  it('shares Clock, Random, DenyList and CoinRegistry at their well-known ids', () => {
    expect(genesis.objects.map((o) => [o.id, o.owner.kind])).toEqual([
      [SYSTEM_OBJECT_IDS.clock, 'shared'],
      [SYSTEM_OBJECT_IDS.random, 'shared'],
      [SYSTEM_OBJECT_IDS.denyList, 'shared'],
      [SYSTEM_OBJECT_IDS.coinRegistry, 'shared'],
    ]);
    // Clock { id, timestamp_ms }
    expect(hex(genesis.objects[0]!.bytes)).toBe(hex(address('0x6')) + hex(u64(1_700_000_000_000n)));
  });

  it("keeps Random's state in a versioned dynamic field, updated to round 0 with the random bytes", () => {
    // Made by 0x0 under the all-zero digest; versioned::create's object::new is its first fresh id.
    const versionedId = freshId(new Uint8Array(32), 0);
    // Random { id: 0x8, inner: Versioned { id, version: 1 } }
    expect(hex(genesis.objects[1]!.bytes)).toBe(hex(address('0x8')) + hex(versionedId) + hex(u64(1)));
    const fieldId = blake(Uint8Array.of(0xf0), versionedId, u64(8), u64(1), Uint8Array.of(2));
    const field = genesis.childObjects.find((c) => c.id === hex(fieldId))!;
    expect(field.parent).toBe(hex(versionedId));
    // Field { id, name: 1, value: RandomInner { version 1, epoch 0, randomness_round 0, random_bytes } }
    expect(hex(field.bytes)).toBe(
      hex(fieldId) + hex(u64(1)) + hex(u64(1)) + hex(u64(0)) + hex(u64(0)) + '20' + hex(RANDOM_BYTES),
    );
  });
});

describe('PTBs over the system objects', () => {
  it('reads the Clock', () => {
    const effects = run(
      [{ kind: 'Object', id: '0x6' }],
      [
        {
          kind: 'MoveCall',
          package: '0x2',
          module: 'clock',
          function: 'timestamp_ms',
          typeArgs: [],
          args: [{ kind: 'Input', index: 0 }],
        },
      ],
    );
    expect(effects.error).toBeNull();
    expect(hex(effects.returnValues[0]![0]!.bytes)).toBe(hex(u64(1_700_000_000_000n)));
  });

  it('random::new_generator derives its seed from the random bytes and a fresh address; generate_u64 reads it', () => {
    const effects = run([randomInput], [newGenerator]);
    expect(effects.error).toBeNull();
    const seed = hmac(sha3_256, RANDOM_BYTES, freshId(DIGEST, 0));
    const generator = effects.returnValues[0]![0]!;
    expect(generator.type).toBe(`${'0'.repeat(63)}2::random::RandomGenerator`);
    // RandomGenerator { seed: vector<u8>, counter: u16, buffer: vector<u8> }
    expect(hex(generator.bytes)).toBe('20' + hex(seed) + '0000' + '00');
    // Random is read by reference: neither mutated nor created.
    expect(effects.mutated.map((m) => m.id)).not.toContain(SYSTEM_OBJECT_IDS.random);

    const next = callOk(vm, {
      package: '0x2',
      module: 'random',
      function: 'generate_u64',
      args: [generator.bytes],
    });
    const block = hmac(sha3_256, seed, Uint8Array.of(1, 0));
    expect(next.values).toEqual([hex(block.subarray(24, 32))]);
    // The rest of the block stays in the buffer, counter 1.
    expect(hex(next.result.mutatedReferences[0]!.bytes)).toBe(
      '20' + hex(seed) + '0100' + '18' + hex(block.subarray(0, 24)),
    );
  });

  it('refuses a Move call after a command that used Random, before running anything', () => {
    const generate: PtbCommand = {
      kind: 'MoveCall',
      package: '0x2',
      module: 'random',
      function: 'generate_u64',
      typeArgs: [],
      args: [{ kind: 'Result', index: 0 }],
    };
    const refused = run([randomInput], [newGenerator, generate]);
    expect(refused.error).toMatchObject({ command: 1, status: 'PostRandomCommandRestrictions' });
    expect(refused.mutated).toEqual([]);
    expect(refused.tx.idsCreated).toBe(0n);
    // TransferObjects and MergeCoins may follow.
    const sender = { kind: 'Pure', bytes: fromHex(SENDER) } as const;
    const split = run(
      [randomInput, sender],
      [
        newGenerator,
        { kind: 'SplitCoins', coin: { kind: 'GasCoin' }, amounts: [] },
        { kind: 'TransferObjects', objects: [], address: { kind: 'Input', index: 1 } },
      ],
    );
    expect(split.error).toMatchObject({ command: 1, status: 'PostRandomCommandRestrictions' });
    const merged = run(
      [randomInput, sender],
      [newGenerator, { kind: 'MergeCoins', destination: { kind: 'GasCoin' }, sources: [] }],
    );
    expect(merged.error).toBeNull();
  });

  it('has an empty DenyList and CoinRegistry that framework code reads', () => {
    const effects = run(
      [
        { kind: 'Object', id: '0xc' },
        { kind: 'Object', id: '0x403' },
        { kind: 'Pure', bytes: fromHex(SENDER) },
      ],
      [
        {
          kind: 'MoveCall',
          package: '0x2',
          module: 'coin_registry',
          function: 'exists',
          typeArgs: ['0x2::sui::SUI'],
          args: [{ kind: 'Input', index: 0 }],
        },
        {
          kind: 'MoveCall',
          package: '0x2',
          module: 'coin',
          function: 'deny_list_v2_contains_next_epoch',
          typeArgs: ['0x2::sui::SUI'],
          args: [
            { kind: 'Input', index: 1 },
            { kind: 'Input', index: 2 },
          ],
        },
      ],
    );
    expect(effects.error).toBeNull();
    expect(effects.returnValues.map((r) => hex(r[0]!.bytes))).toEqual(['00', '00']);
  });
});
