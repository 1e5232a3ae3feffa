// The PTB executor (src/vm/ptb.ts) on Sui's command forms. Expected ids are Sui's derivation computed here
// with BLAKE2b-256 (blake2b256(0xf1 ‖ digest ‖ u64 LE creation number)); balances and owners follow from
// the commands by hand. The same PTBs then run through the real Sui runtime (the wheel's replay), which
// must create the same ids, transfer the same objects and fail at the same command.
import { blake2b } from '@noble/hashes/blake2.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTypeTag, type MoveVm } from '../../src/vm/index.js';
import {
  executePtb,
  type PtbArgument,
  type PtbCommand,
  type PtbEffects,
  type PtbInput,
} from '../../src/vm/ptb.js';
import { Oracle, type ReplayOutcome } from '../../scripts/vm-oracle.js';
import { useReplayOracle } from './support/replay-oracle.js';
import { replayState } from '../../scripts/vm-replay-ptb.js';
import { canonicalTypeName } from '../../src/vm/types.js';
import { byteVector, frameworkVm, fromHex, hex, u64 } from './support/vm.js';
import { skipUnlessCi } from '../support/required-in-ci.js';

let vm: MoveVm;
beforeAll(async () => {
  vm = await frameworkVm();
});

const SENDER = 'ab'.repeat(32);
const DIGEST = Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + 3) & 0xff);
const COIN_TYPE = `${'0'.repeat(63)}2::coin::Coin<${'0'.repeat(63)}2::sui::SUI>`;

/** The n-th id this transaction creates, by Sui's derivation. */
const nthId = (n: number) => hex(blake2b(Uint8Array.from([0xf1, ...DIGEST, ...u64(n)]), { dkLen: 32 }));

const input = (index: number): PtbArgument => ({ kind: 'Input', index });
const result = (index: number): PtbArgument => ({ kind: 'Result', index });
const nested = (index: number, resultIndex: number): PtbArgument => ({
  kind: 'NestedResult',
  index,
  resultIndex,
});
const pureSender: PtbInput = { kind: 'Pure', bytes: fromHex(SENDER) };
const pureU64 = (n: number): PtbInput => ({ kind: 'Pure', bytes: u64(n) });
const coinZero: PtbCommand = {
  kind: 'MoveCall',
  package: '0x2',
  module: 'coin',
  function: 'zero',
  typeArgs: ['0x2::sui::SUI'],
  args: [],
};
const kioskNew: PtbCommand = {
  kind: 'MoveCall',
  package: '0x2',
  module: 'kiosk',
  function: 'new',
  typeArgs: [],
  args: [],
};

/** `coin::value<SUI>(&Coin<SUI>)` on input 0. */
const coinValue: PtbCommand = {
  kind: 'MoveCall',
  package: '0x2',
  module: 'coin',
  function: 'value',
  typeArgs: ['0x2::sui::SUI'],
  args: [input(0)],
};

const JOIN_VEC = {
  kind: 'MoveCall',
  package: '0x2',
  module: 'pay',
  function: 'join_vec',
  typeArgs: ['0x2::sui::SUI'],
} as const;

interface Case {
  inputs: PtbInput[];
  commands: PtbCommand[];
}

const CASES: Record<string, Case> = {
  'kiosk::new, both results transferred': {
    inputs: [pureSender],
    commands: [
      kioskNew,
      { kind: 'TransferObjects', objects: [nested(0, 0), nested(0, 1)], address: input(0) },
    ],
  },
  'split a coin in two, merge one piece back, transfer the rest': {
    inputs: [pureSender, pureU64(0)],
    commands: [
      coinZero,
      { kind: 'SplitCoins', coin: result(0), amounts: [input(1), input(1)] },
      { kind: 'MergeCoins', destination: result(0), sources: [nested(1, 0)] },
      { kind: 'TransferObjects', objects: [result(0), nested(1, 1)], address: input(0) },
    ],
  },
  'split more than the coin holds': {
    inputs: [pureSender, pureU64(5)],
    commands: [
      coinZero,
      { kind: 'SplitCoins', coin: result(0), amounts: [input(1)] },
      { kind: 'TransferObjects', objects: [result(0), nested(1, 0)], address: input(0) },
    ],
  },
  'split the gas coin': {
    inputs: [pureSender, pureU64(1000)],
    commands: [
      { kind: 'SplitCoins', coin: { kind: 'GasCoin' }, amounts: [input(1)] },
      { kind: 'TransferObjects', objects: [nested(0, 0)], address: input(0) },
    ],
  },
  'MakeMoveVec of two coins, joined into a third by pay::join_vec': {
    inputs: [pureSender],
    commands: [
      coinZero,
      coinZero,
      coinZero,
      { kind: 'MakeMoveVec', type: null, elements: [result(0), result(1)] },
      { ...JOIN_VEC, args: [result(2), result(3)] },
      { kind: 'TransferObjects', objects: [result(2)], address: input(0) },
    ],
  },
};

/**
 * A random PTB over coins and kiosks: coin::zero, SplitCoins of 0 or 1 (the coins are empty, so 1 fails),
 * MergeCoins, MakeMoveVec + pay::join_vec, kiosk::new, and a TransferObjects of whatever is left.
 */
function generatedPtb(seed: number): Case {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  const take = (live: PtbArgument[]) => live.splice(next(live.length), 1)[0]!;
  const inputs = [pureSender, pureU64(0), pureU64(1)];
  const commands: PtbCommand[] = [];
  const coins: PtbArgument[] = [];
  const others: PtbArgument[] = [];
  const steps = 2 + next(5);
  for (let step = 0; step < steps; step++) {
    const i = commands.length;
    const op = coins.length === 0 ? next(2) * 4 : next(5);
    if (op === 0) {
      commands.push(coinZero);
      coins.push(result(i));
    } else if (op === 1) {
      const amounts = Array.from({ length: 1 + next(2) }, () => input(next(8) === 0 ? 2 : 1));
      commands.push({ kind: 'SplitCoins', coin: coins[next(coins.length)]!, amounts });
      amounts.forEach((_, k) => coins.push(nested(i, k)));
    } else if (op === 2 && coins.length >= 2) {
      const destination = take(coins);
      commands.push({ kind: 'MergeCoins', destination, sources: [take(coins)] });
      coins.push(destination);
    } else if (op === 3 && coins.length >= 3) {
      const destination = take(coins);
      commands.push({ kind: 'MakeMoveVec', type: null, elements: [take(coins), take(coins)] });
      commands.push({ ...JOIN_VEC, args: [destination, result(i)] });
      coins.push(destination);
    } else {
      commands.push(kioskNew);
      others.push(nested(i, 0), nested(i, 1));
    }
  }
  const leftover = [...coins, ...others];
  if (leftover.length > 0) commands.push({ kind: 'TransferObjects', objects: leftover, address: input(0) });
  return { inputs, commands };
}

function run(c: Case): PtbEffects {
  return executePtb(vm, {
    sender: SENDER,
    digest: DIGEST,
    inputs: c.inputs,
    commands: c.commands,
    gasCoin: { id: '0', balance: 1_000_000n },
  });
}

describe('the PTB executor, against Sui rules derived by hand', () => {
  it('passes NestedResults to TransferObjects and reports the created objects with owner and type', () => {
    const effects = run(CASES['kiosk::new, both results transferred']!);
    expect(effects.error).toBeNull();
    const owner = { kind: 'address', address: SENDER };
    expect(effects.created.map(({ bytes: _b, ...rest }) => rest)).toEqual([
      { id: nthId(0), type: `${'0'.repeat(63)}2::kiosk::Kiosk`, owner },
      { id: nthId(1), type: `${'0'.repeat(63)}2::kiosk::KioskOwnerCap`, owner },
    ]);
    // KioskOwnerCap { id, for: ID of the kiosk }
    expect(hex(effects.created[1]!.bytes)).toBe(nthId(1) + nthId(0));
  });

  it('splits and merges balances, deleting the merged coin', () => {
    const effects = run(CASES['split a coin in two, merge one piece back, transfer the rest']!);
    expect(effects.error).toBeNull();
    // coin::zero makes id 0, the two pieces ids 1 and 2; piece 1 is merged into coin 0 and so deleted.
    expect(effects.tx.createdIds).toEqual([nthId(0), nthId(1), nthId(2)]);
    expect(effects.created.map((c) => c.id)).toEqual([nthId(0), nthId(2)]);
    expect(effects.created.every((c) => c.type === COIN_TYPE)).toBe(true);
    expect(effects.returnValues.map((r) => r.length)).toEqual([1, 2, 0, 0]);
    // Each piece: Coin { id, balance: 0 }.
    expect(effects.returnValues[1]!.map((v) => hex(v.bytes))).toEqual([
      nthId(1) + hex(u64(0)),
      nthId(2) + hex(u64(0)),
    ]);
  });

  it('fails at the SplitCoins that asks for more than the balance', () => {
    const effects = run(CASES['split more than the coin holds']!);
    expect(effects.error).toMatchObject({ command: 1, status: 'InsufficientCoinBalance' });
    expect(effects.created).toEqual([]);
  });

  it('takes the gas coin by reference for SplitCoins and reports it mutated', () => {
    const effects = run(CASES['split the gas coin']!);
    expect(effects.error).toBeNull();
    expect(effects.created.map((c) => c.id)).toEqual([nthId(0)]);
    expect(effects.mutated).toEqual([
      {
        id: '0'.repeat(64),
        type: COIN_TYPE,
        owner: { kind: 'address', address: SENDER },
        bytes: fromHex('0'.repeat(64) + hex(u64(1_000_000 - 1000))),
      },
    ]);
  });

  it('builds a vector for MakeMoveVec that Move code consumes', () => {
    const effects = run(CASES['MakeMoveVec of two coins, joined into a third by pay::join_vec']!);
    expect(effects.error).toBeNull();
    expect(effects.created.map((c) => c.id)).toEqual([nthId(2)]);
    expect(effects.returnValues[3]![0]!.type).toBe(`vector<${COIN_TYPE}>`);
  });

  it('takes objects from the store: by &mut (mutated), by value (transferred), never an immutable one by value or &mut', () => {
    const coinId = 'c0'.repeat(32);
    const frozenId = 'f0'.repeat(32);
    const coinType = parseTypeTag('0x2::coin::Coin<0x2::sui::SUI>');
    const other = 'cd'.repeat(32);
    const objects = [
      {
        id: coinId,
        type: coinType,
        bytes: fromHex(coinId + hex(u64(100))),
        owner: { kind: 'address', address: SENDER } as const,
      },
      {
        id: frozenId,
        type: coinType,
        bytes: fromHex(frozenId + hex(u64(7))),
        owner: { kind: 'immutable' } as const,
      },
    ];
    const effects = executePtb(vm, {
      sender: SENDER,
      digest: DIGEST,
      objects,
      inputs: [{ kind: 'Object', id: coinId }, pureU64(30), { kind: 'Pure', bytes: fromHex(other) }],
      commands: [
        { kind: 'SplitCoins', coin: input(0), amounts: [input(1)] },
        { kind: 'TransferObjects', objects: [nested(0, 0)], address: input(2) },
      ],
    });
    expect(effects.error).toBeNull();
    expect(effects.created).toEqual([
      {
        id: nthId(0),
        type: COIN_TYPE,
        owner: { kind: 'address', address: other },
        bytes: fromHex(nthId(0) + hex(u64(30))),
      },
    ]);
    expect(effects.mutated.find((m) => m.id === coinId)).toEqual({
      id: coinId,
      type: COIN_TYPE,
      owner: { kind: 'address', address: SENDER },
      bytes: fromHex(coinId + hex(u64(70))),
    });

    const giveAway = (id: string) =>
      executePtb(vm, {
        sender: SENDER,
        digest: DIGEST,
        objects,
        inputs: [
          { kind: 'Object', id },
          { kind: 'Pure', bytes: fromHex(other) },
        ],
        commands: [{ kind: 'TransferObjects', objects: [input(0)], address: input(1) }],
      });
    const given = giveAway(coinId);
    expect(given.mutated.find((m) => m.id === coinId)?.owner).toEqual({ kind: 'address', address: other });
    const frozen = giveAway(frozenId);
    expect(frozen.error).toMatchObject({ command: 0, status: 'CommandArgumentError' });
    const splitFrozen = executePtb(vm, {
      sender: SENDER,
      digest: DIGEST,
      objects,
      inputs: [{ kind: 'Object', id: frozenId }, pureU64(1)],
      commands: [{ kind: 'SplitCoins', coin: input(0), amounts: [input(1)] }],
    });
    expect(splitFrozen.error).toMatchObject({ command: 0, status: 'CommandArgumentError' });
  });

  it('refuses what Sui refuses: a value without drop left unused, a moved value used again, Publish', () => {
    const unused = executePtb(vm, { sender: SENDER, digest: DIGEST, inputs: [], commands: [kioskNew] });
    expect(unused.error).toMatchObject({ command: 0, status: 'UnusedValueWithoutDrop' });

    const twice = executePtb(vm, {
      sender: SENDER,
      digest: DIGEST,
      inputs: [pureSender],
      commands: [
        coinZero,
        { kind: 'TransferObjects', objects: [result(0)], address: input(0) },
        { kind: 'TransferObjects', objects: [result(0)], address: input(0) },
      ],
    });
    expect(twice.error).toMatchObject({ command: 2, status: 'CommandArgumentError' });

    const publish = executePtb(vm, {
      sender: SENDER,
      digest: DIGEST,
      inputs: [],
      commands: [{ kind: 'Publish' }],
    });
    expect(publish.error).toMatchObject({ command: 0, status: 'FeatureNotYetSupported' });
  });

  it('gives an instantiation only the abilities its type arguments allow', () => {
    // Option<T> is declared copy + drop + store; KioskOwnerCap (key + store) has no drop, so neither has
    // Option<KioskOwnerCap>, and leaving one unused fails. Coin<T> keeps key + store whatever T, as T is
    // phantom (Coin<SUI> above, with SUI having drop only).
    const someCap: PtbCommand = {
      kind: 'MoveCall',
      package: '0x1',
      module: 'option',
      function: 'some',
      typeArgs: ['0x2::kiosk::KioskOwnerCap'],
      args: [nested(0, 1)],
    };
    const effects = executePtb(vm, {
      sender: SENDER,
      digest: DIGEST,
      inputs: [pureSender],
      commands: [kioskNew, someCap, { kind: 'TransferObjects', objects: [nested(0, 0)], address: input(0) }],
    });
    expect(effects.error).toMatchObject({ command: 1, status: 'UnusedValueWithoutDrop' });
    expect(vm.loader.abilitiesOf(parseTypeTag('0x1::option::Option<0x2::kiosk::KioskOwnerCap>'))).toBe(4);
    expect(vm.loader.abilitiesOf(parseTypeTag('0x1::option::Option<u64>'))).toBe(1 | 2 | 4);
    expect(vm.loader.abilitiesOf(parseTypeTag('0x2::coin::Coin<0x2::sui::SUI>'))).toBe(4 | 8);
    expect(vm.loader.abilitiesOf(parseTypeTag('vector<0x2::coin::Coin<0x2::sui::SUI>>'))).toBe(4);
  });

  it('checks argument types, pure bytes included', () => {
    const wrongType = executePtb(vm, {
      sender: SENDER,
      digest: DIGEST,
      inputs: [pureSender],
      commands: [kioskNew, { kind: 'MergeCoins', destination: nested(0, 0), sources: [] }],
    });
    expect(wrongType.error).toMatchObject({ command: 1, status: 'CommandArgumentError' });

    const shortBytes = executePtb(vm, {
      sender: SENDER,
      digest: DIGEST,
      inputs: [pureSender, { kind: 'Pure', bytes: Uint8Array.of(1, 2) }],
      commands: [coinZero, { kind: 'SplitCoins', coin: result(0), amounts: [input(1)] }],
    });
    expect(shortBytes.error).toMatchObject({ command: 1, status: 'CommandArgumentError' });
  });
});

/** A one-command PTB calling `fn` on pure inputs, one per argument. */
function callOnPure(
  target: string,
  typeArgs: string[],
  args: Uint8Array[],
  options: { pureInputsForAnyType?: boolean } = {},
): PtbEffects {
  const [pkg, module, fn] = target.split('::') as [string, string, string];
  return executePtb(vm, {
    sender: SENDER,
    digest: DIGEST,
    inputs: args.map((bytes) => ({ kind: 'Pure', bytes })),
    commands: [
      {
        kind: 'MoveCall',
        package: pkg,
        module,
        function: fn,
        typeArgs,
        args: args.map((_, i) => input(i)),
      },
    ],
    ...options,
  });
}

const argumentError = (command: number, index: number, kind: string) => ({
  command,
  status: 'CommandArgumentError',
  argument: { index, kind },
});

describe("pure inputs, by Sui's rule (primitives, strings, ID, and their vectors and options)", () => {
  const coinBytes = fromHex('c0'.repeat(32) + hex(u64(77)));
  // "é": valid UTF-8 (c3 a9), not ASCII.
  const eAcute = Uint8Array.of(2, 0xc3, 0xa9);

  it('refuses pure bytes for a struct parameter, InvalidUsageOfPureArg, unless asked to be as loose as upstream', () => {
    const strict = callOnPure('0x2::coin::value', ['0x2::sui::SUI'], [coinBytes]);
    expect(strict.error).toMatchObject(argumentError(0, 0, 'InvalidUsageOfPureArg'));
    const loose = callOnPure('0x2::coin::value', ['0x2::sui::SUI'], [coinBytes], {
      pureInputsForAnyType: true,
    });
    expect(loose.error).toBeNull();
    expect(loose.returnValues[0]!.map((v) => hex(v.bytes))).toEqual([hex(u64(77))]);
  });

  it('takes strings only when valid: UTF-8 for string::String, ASCII for ascii::String (InvalidBCSBytes)', () => {
    const utf8 = callOnPure('0x1::string::length', [], [eAcute]);
    expect(utf8.returnValues[0]!.map((v) => hex(v.bytes))).toEqual([hex(u64(2))]);
    expect(callOnPure('0x1::ascii::length', [], [eAcute]).error).toMatchObject(
      argumentError(0, 0, 'InvalidBCSBytes'),
    );
    expect(callOnPure('0x1::string::length', [], [Uint8Array.of(2, 0xff, 0xfe)]).error).toMatchObject(
      argumentError(0, 0, 'InvalidBCSBytes'),
    );
    // The loose option widens the types, not the validity of strings.
    const looseAscii = callOnPure('0x1::ascii::length', [], [eAcute], { pureInputsForAnyType: true });
    expect(looseAscii.error).toMatchObject(argumentError(0, 0, 'InvalidBCSBytes'));
  });

  it('reads an Option as a tag 0 or 1, a bool as 0 or 1, an ID as 32 bytes, with nothing left over', () => {
    const some = callOnPure('0x1::option::is_some', ['u64'], [Uint8Array.of(1, ...u64(5))]);
    expect(some.returnValues[0]!.map((v) => hex(v.bytes))).toEqual(['01']);
    // Move's Option is a vector, so [2, a, b] decodes as one, but Sui reads an option tag: only 0 or 1.
    const two = callOnPure('0x1::option::is_some', ['u64'], [Uint8Array.of(2, ...u64(5), ...u64(6))]);
    expect(two.error).toMatchObject(argumentError(0, 0, 'InvalidBCSBytes'));
    expect(callOnPure('0x1::option::some', ['bool'], [Uint8Array.of(2)]).error).toMatchObject(
      argumentError(0, 0, 'InvalidBCSBytes'),
    );
    const id = 'cd'.repeat(32);
    const toAddress = callOnPure('0x2::object::id_to_address', [], [fromHex(id)]);
    expect(toAddress.returnValues[0]!.map((v) => hex(v.bytes))).toEqual([id]);
    // SplitCoins' amounts are its arguments 1…: a u64 of nine bytes is refused at argument 1.
    const long = executePtb(vm, {
      sender: SENDER,
      digest: DIGEST,
      inputs: [{ kind: 'Pure', bytes: Uint8Array.of(...u64(1), 0) }],
      commands: [{ kind: 'SplitCoins', coin: { kind: 'GasCoin' }, amounts: [input(0)] }],
    });
    expect(long.error).toMatchObject(argumentError(0, 1, 'InvalidBCSBytes'));
  });
});

describe('read-only object inputs: immutable objects, and shared ones passed with mutable: false', () => {
  const sharedId = '5a'.repeat(32);
  const frozenId = 'f0'.repeat(32);
  const coinType = parseTypeTag('0x2::coin::Coin<0x2::sui::SUI>');
  const objects = [
    {
      id: sharedId,
      type: coinType,
      bytes: fromHex(sharedId + hex(u64(100))),
      owner: { kind: 'shared' } as const,
    },
    {
      id: frozenId,
      type: coinType,
      bytes: fromHex(frozenId + hex(u64(7))),
      owner: { kind: 'immutable' } as const,
    },
  ];
  const run = (object: PtbInput, commands: PtbCommand[]) =>
    executePtb(vm, {
      sender: SENDER,
      digest: DIGEST,
      objects,
      inputs: [object, pureU64(1), pureSender],
      commands,
    });
  const split: PtbCommand = { kind: 'SplitCoins', coin: input(0), amounts: [input(1)] };
  const transferSplit: PtbCommand = {
    kind: 'TransferObjects',
    objects: [nested(0, 0)],
    address: input(2),
  };
  const give: PtbCommand = { kind: 'TransferObjects', objects: [input(0)], address: input(2) };

  it('a read-only shared object goes by & only: not by &mut (InvalidObjectByMutRef), not by value (InvalidObjectByValue)', () => {
    const readOnly = { kind: 'Object', id: sharedId, mutable: false } as const;
    const read = run(readOnly, [coinValue]);
    expect(read.error).toBeNull();
    expect(read.returnValues[0]!.map((v) => hex(v.bytes))).toEqual([hex(u64(100))]);
    // Read, not written: Sui does not list it as mutated.
    expect(read.mutated.map((m) => m.id)).not.toContain(sharedId);
    expect(run(readOnly, [split, transferSplit]).error).toMatchObject(
      argumentError(0, 0, 'InvalidObjectByMutRef'),
    );
    expect(run(readOnly, [give]).error).toMatchObject(argumentError(0, 0, 'InvalidObjectByValue'));
  });

  it('a mutable shared object (the default) may be split, and is mutated, still shared', () => {
    for (const mutable of [true, undefined]) {
      const effects = run({ kind: 'Object', id: sharedId, ...(mutable ? { mutable } : {}) }, [
        split,
        transferSplit,
      ]);
      expect(effects.error).toBeNull();
      expect(effects.mutated.find((m) => m.id === sharedId)).toMatchObject({
        owner: { kind: 'shared' },
        bytes: fromHex(sharedId + hex(u64(99))),
      });
    }
  });

  it('an immutable object: InvalidObjectByMutRef and InvalidObjectByValue; `mutable` on a non-shared input is refused', () => {
    const frozen = { kind: 'Object', id: frozenId } as const;
    expect(run(frozen, [coinValue]).error).toBeNull();
    expect(run(frozen, [split, transferSplit]).error).toMatchObject(
      argumentError(0, 0, 'InvalidObjectByMutRef'),
    );
    expect(run(frozen, [give]).error).toMatchObject(argumentError(0, 0, 'InvalidObjectByValue'));
    expect(() => run({ ...frozen, mutable: false }, [coinValue])).toThrow(/only a shared object/);
  });
});

/** Sui's dynamic-field id: blake2b256(0xf0 ‖ parent ‖ u64 LE key length ‖ key BCS ‖ key TypeTag BCS). */
const fieldId = (parent: string, key: Uint8Array, keyTypeTag: Uint8Array) =>
  hex(
    blake2b(Uint8Array.from([0xf0, ...fromHex(parent), ...u64(key.length), ...key, ...keyTypeTag]), {
      dkLen: 32,
    }),
  );
const U64_TAG = Uint8Array.of(2);
/** TypeTag of `0x2::dynamic_object_field::Wrapper<u64>`: Struct (7), address, module, name, one argument. */
const WRAPPER_U64_TAG = Uint8Array.of(
  7,
  ...fromHex('0'.repeat(63) + '2'),
  ...byteVector('dynamic_object_field'),
  ...byteVector('Wrapper'),
  1,
  2,
);
const FRAMEWORK = '0'.repeat(63) + '2';
const some = (n: number) => '01' + hex(u64(n));
const objectChange = (id: string, type: string, owner: unknown, bytes: string) => ({
  id,
  type,
  owner,
  bytes: fromHex(bytes),
});
const changes = (list: { id: string; type: string; owner: unknown; bytes: Uint8Array }[]) =>
  list.map((c) => ({ ...c, bytes: hex(c.bytes) })).sort((a, b) => a.id.localeCompare(b.id));

/** A MoveCall of a 0x2 function. */
const frameworkCall = (module: string, fn: string, typeArgs: string[], args: PtbArgument[]): PtbCommand => ({
  kind: 'MoveCall',
  package: '0x2',
  module,
  function: fn,
  typeArgs,
  args,
});
const BAG_ADD = frameworkCall('bag', 'add', ['u64', 'u64'], [result(0), input(1), input(2)]);
/** Dynamic fields made on fresh objects, which the wheel's replay can run too. */
const FIELD_CASES: Record<string, Case> = {
  'bag::add on a new bag': {
    inputs: [pureSender, pureU64(1), pureU64(2)],
    commands: [
      { ...kioskNew, module: 'bag' },
      BAG_ADD,
      { kind: 'TransferObjects', objects: [result(0)], address: input(0) },
    ],
  },
  'bag::add, then bag::remove': {
    inputs: [pureSender, pureU64(1), pureU64(2)],
    commands: [
      { ...kioskNew, module: 'bag' },
      BAG_ADD,
      frameworkCall('bag', 'remove', ['u64', 'u64'], [result(0), input(1)]),
      { kind: 'TransferObjects', objects: [result(0)], address: input(0) },
    ],
  },
  'object_bag::add of a new coin': {
    inputs: [pureSender, pureU64(1)],
    commands: [
      { ...kioskNew, module: 'object_bag' },
      coinZero,
      frameworkCall(
        'object_bag',
        'add',
        ['u64', '0x2::coin::Coin<0x2::sui::SUI>'],
        [result(0), input(1), result(1)],
      ),
      { kind: 'TransferObjects', objects: [result(0)], address: input(0) },
    ],
  },
};

describe("dynamic fields in the effects, as Sui lists them: objects owned by their parent's id", () => {
  const sender = { kind: 'address', address: SENDER } as const;
  const u64Field = `${FRAMEWORK}::dynamic_field::Field<u64,u64>`;

  it('a field added is created, owned by its parent', () => {
    const effects = run(FIELD_CASES['bag::add on a new bag']!);
    expect(effects.error).toBeNull();
    const field = fieldId(nthId(0), u64(1), U64_TAG);
    // Bag { id, size }; Field<u64, u64> { id, name, value }
    expect(changes(effects.created)).toEqual(
      changes([
        objectChange(nthId(0), `${FRAMEWORK}::bag::Bag`, sender, nthId(0) + hex(u64(1))),
        objectChange(field, u64Field, { kind: 'object', id: nthId(0) }, field + hex(u64(1)) + hex(u64(2))),
      ]),
    );
  });

  it('a field added and removed again is not listed', () => {
    const effects = run(FIELD_CASES['bag::add, then bag::remove']!);
    expect(effects.error).toBeNull();
    expect(effects.created.map((c) => c.id)).toEqual([nthId(0)]);
    expect(effects.deleted).toEqual([]);
  });

  it('an object in a dynamic object field is created, owned by the field, the field by the bag', () => {
    const effects = run(FIELD_CASES['object_bag::add of a new coin']!);
    expect(effects.error).toBeNull();
    const field = fieldId(nthId(0), u64(1), WRAPPER_U64_TAG);
    expect(changes(effects.created)).toEqual(
      changes([
        objectChange(nthId(0), `${FRAMEWORK}::object_bag::ObjectBag`, sender, nthId(0) + hex(u64(1))),
        objectChange(
          field,
          `${FRAMEWORK}::dynamic_field::Field<${FRAMEWORK}::dynamic_object_field::Wrapper<u64>,${FRAMEWORK}::object::ID>`,
          { kind: 'object', id: nthId(0) },
          field + hex(u64(1)) + nthId(1),
        ),
        objectChange(nthId(1), COIN_TYPE, { kind: 'object', id: field }, nthId(1) + hex(u64(0))),
      ]),
    );
  });

  // A LinkedTable<u64, u64> owned by the sender holding key 1 (value 10): LinkedTable { id, size, head, tail },
  // its node a Field<u64, Node<u64, u64>> { id, name, value: Node { prev, next, value } }.
  const table = 'aa'.repeat(32);
  const tableType = parseTypeTag('0x2::linked_table::LinkedTable<u64, u64>');
  const nodeType = parseTypeTag('0x2::dynamic_field::Field<u64, 0x2::linked_table::Node<u64, u64>>');
  const node1 = fieldId(table, u64(1), U64_TAG);
  const linkedTable = (commands: PtbCommand[]) =>
    executePtb(vm, {
      sender: SENDER,
      digest: DIGEST,
      objects: [
        {
          id: table,
          type: tableType,
          owner: sender,
          bytes: fromHex(table + hex(u64(1)) + some(1) + some(1)),
        },
      ],
      childObjects: [
        {
          id: node1,
          parent: table,
          type: nodeType,
          bytes: fromHex(node1 + hex(u64(1)) + '0000' + hex(u64(10))),
        },
      ],
      inputs: [{ kind: 'Object', id: table }, pureU64(2), pureU64(20)],
      commands,
    });
  const tableCall = (fn: string, args: PtbArgument[]) =>
    frameworkCall('linked_table', fn, ['u64', 'u64'], args);

  it('a field that existed and was changed is mutated; one added is created (linked_table::push_back)', () => {
    // push_back(2, 20): the old tail's node gets next = some(2), node 2 { prev: some(1), next: none, 20 }.
    const effects = linkedTable([tableCall('push_back', [input(0), input(1), input(2)])]);
    expect(effects.error).toBeNull();
    const node2 = fieldId(table, u64(2), U64_TAG);
    const nodeName = canonicalTypeName(nodeType);
    expect(changes(effects.created)).toEqual(
      changes([
        {
          id: node2,
          type: nodeName,
          owner: { kind: 'object', id: table },
          bytes: fromHex(node2 + hex(u64(2)) + some(1) + '00' + hex(u64(20))),
        },
      ]),
    );
    expect(changes(effects.mutated.filter((m) => m.id !== '0'.repeat(61) + '9a5'))).toEqual(
      changes([
        {
          id: table,
          type: canonicalTypeName(tableType),
          owner: sender,
          bytes: fromHex(table + hex(u64(2)) + some(1) + some(2)),
        },
        {
          id: node1,
          type: nodeName,
          owner: { kind: 'object', id: table },
          bytes: fromHex(node1 + hex(u64(1)) + '00' + some(2) + hex(u64(10))),
        },
      ]),
    );
  });

  it('a field that existed and was removed is deleted (linked_table::pop_front)', () => {
    const effects = linkedTable([tableCall('pop_front', [input(0)])]);
    expect(effects.error).toBeNull();
    expect(effects.returnValues[0]!.map((v) => hex(v.bytes))).toEqual([hex(u64(1)), hex(u64(10))]);
    expect(effects.deleted).toEqual([node1]);
    expect(effects.created).toEqual([]);
    expect(effects.mutated.find((m) => m.id === table)?.bytes).toEqual(
      fromHex(table + hex(u64(0)) + '00' + '00'),
    );
  });
});

describe('objects moving in and out of dynamic object fields', () => {
  const sender = { kind: 'address', address: SENDER } as const;
  const other = 'cd'.repeat(32);
  const bag = 'b0'.repeat(32);
  const coin = 'c0'.repeat(32);
  const coinType = parseTypeTag('0x2::coin::Coin<0x2::sui::SUI>');
  const bagType = parseTypeTag('0x2::object_bag::ObjectBag');
  const field = fieldId(bag, u64(1), WRAPPER_U64_TAG);
  const bagCall = (fn: string, args: PtbArgument[]) =>
    frameworkCall('object_bag', fn, ['u64', '0x2::coin::Coin<0x2::sui::SUI>'], args);

  it('an owned coin put into a bag is mutated, its owner now the field', () => {
    const effects = executePtb(vm, {
      sender: SENDER,
      digest: DIGEST,
      objects: [
        { id: bag, type: bagType, owner: sender, bytes: fromHex(bag + hex(u64(0))) },
        { id: coin, type: coinType, owner: sender, bytes: fromHex(coin + hex(u64(5))) },
      ],
      inputs: [{ kind: 'Object', id: bag }, pureU64(1), { kind: 'Object', id: coin }],
      commands: [bagCall('add', [input(0), input(1), input(2)])],
    });
    expect(effects.error).toBeNull();
    expect(effects.wrapped).toEqual([]);
    expect(effects.mutated.find((m) => m.id === coin)?.owner).toEqual({ kind: 'object', id: field });
    expect(effects.created.map((c) => [c.id, c.owner])).toEqual([[field, { kind: 'object', id: bag }]]);
  });

  it('a coin taken out of a bag and transferred is mutated with its new owner; its field is deleted', () => {
    const effects = executePtb(vm, {
      sender: SENDER,
      digest: DIGEST,
      objects: [{ id: bag, type: bagType, owner: sender, bytes: fromHex(bag + hex(u64(1))) }],
      childObjects: [
        {
          id: field,
          parent: bag,
          type: parseTypeTag(
            '0x2::dynamic_field::Field<0x2::dynamic_object_field::Wrapper<u64>, 0x2::object::ID>',
          ),
          bytes: fromHex(field + hex(u64(1)) + coin),
        },
        { id: coin, parent: field, type: coinType, bytes: fromHex(coin + hex(u64(5))) },
      ],
      inputs: [{ kind: 'Object', id: bag }, pureU64(1), { kind: 'Pure', bytes: fromHex(other) }],
      commands: [
        bagCall('remove', [input(0), input(1)]),
        { kind: 'TransferObjects', objects: [result(0)], address: input(2) },
      ],
    });
    expect(effects.error).toBeNull();
    expect(effects.deleted).toEqual([field]);
    expect(effects.created).toEqual([]);
    expect(effects.mutated.find((m) => m.id === coin)).toEqual({
      id: coin,
      type: COIN_TYPE,
      owner: { kind: 'address', address: other },
      bytes: fromHex(coin + hex(u64(5))),
    });
    expect(effects.mutated.find((m) => m.id === bag)?.bytes).toEqual(fromHex(bag + hex(u64(0))));
  });
});

const short = (id: string) => '0x' + id.replace(/^0+(?=.)/, '');

describe.skipIf(skipUnlessCi(Oracle.available()))('the PTB executor against the real Sui runtime', () => {
  const oracle = useReplayOracle();

  const replay = (c: Case): Promise<ReplayOutcome> =>
    oracle().replay(replayState({ sender: SENDER, digest: DIGEST, ...c }));

  /** Both sides agree on the outcome, the failing command, the ids made and kept, and the results. */
  async function expectSameOutcome(c: Case): Promise<boolean> {
    const ours = run(c);
    const theirs = await replay(c);
    const effects = theirs.effects!;
    expect(ours.success, ours.error?.message ?? theirs.error ?? '').toBe(theirs.success);
    expect(ours.error?.command ?? null).toBe(effects.failed_command_index);
    if (!ours.success) return false;
    // The wheel lists every id the transaction made (even one deleted again) and every object moved to an
    // address; ours: ids made, and objects created that still exist (all transferred here).
    expect(ours.tx.createdIds.map(short).sort()).toEqual([...effects.created].sort());
    expect(ours.created.map((o) => short(o.id)).sort()).toEqual(
      effects.transferred.filter((id) => !effects.deleted.includes(id)).sort(),
    );
    expect(ours.returnValues.map((r) => r.length)).toEqual(effects.return_values.slice(0, c.commands.length));
    return true;
  }

  for (const [name, c] of Object.entries(CASES)) it(name, async () => void (await expectSameOutcome(c)));

  it('agrees on 30 generated PTBs (fixed seeds)', async () => {
    let succeeded = 0;
    for (let seed = 1; seed <= 30; seed++) if (await expectSameOutcome(generatedPtb(seed))) succeeded++;
    // Both kinds occur: transactions that run to the end, and ones stopped by an overdrawn split.
    expect(succeeded).toBeGreaterThan(0);
    expect(succeeded).toBeLessThan(30);
    console.log(
      `generated PTBs: ${succeeded} of 30 succeed on both sides, the others fail at the same command`,
    );
  });

  it('creates the same objects when Move code adds dynamic fields to fresh objects', async () => {
    for (const name of ['bag::add on a new bag', 'object_bag::add of a new coin']) {
      const c = FIELD_CASES[name]!;
      const theirs = await replay(c);
      expect(theirs.success, theirs.error ?? '').toBe(true);
      expect(
        run(c)
          .created.map((o) => short(o.id))
          .sort(),
      ).toEqual([...theirs.effects!.created].sort());
    }
  });

  it('lists a field added and removed again as created, where Sui lists nothing (documented in src/vm/README.md)', async () => {
    const c = FIELD_CASES['bag::add, then bag::remove']!;
    const theirs = await replay(c);
    expect(theirs.success, theirs.error ?? '').toBe(true);
    expect(theirs.effects!.deleted).toEqual([]);
    expect([...theirs.effects!.created].sort()).toEqual(
      [nthId(0), fieldId(nthId(0), u64(1), U64_TAG)].map(short).sort(),
    );
    expect(run(c).created.map((o) => short(o.id))).toEqual([short(nthId(0))]);
  });

  it('is looser than Sui about values without drop (documented in src/vm/README.md)', async () => {
    const theirs = await replay({ inputs: [], commands: [kioskNew] });
    expect(theirs.success).toBe(true);
  });

  it('is looser than Sui about pure inputs: it takes a struct as pure bytes (documented in src/vm/README.md)', async () => {
    const theirs = await replay({
      inputs: [{ kind: 'Pure', bytes: fromHex('c0'.repeat(32) + hex(u64(77))) }],
      commands: [coinValue],
    });
    expect(theirs.success, theirs.error ?? '').toBe(true);
  });
});
