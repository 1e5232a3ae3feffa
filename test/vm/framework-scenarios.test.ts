// Framework code from ../shared/corpus executed end to end, asserting values and effects. Abort codes
// and locations are the ones the real Sui VM (sui-sandbox wheel) reports for the same calls.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blake2b } from '@noble/hashes/blake2.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { MoveVm, TransactionState, VmLoadError, type CallRequest } from '../../src/vm/index.js';
import { address, byteVector, callOk, frameworkVm, fromHex, hex, u64 } from './support/vm.js';
import { loadMoveVm } from '../../src/package-store/package-vm.js';

let vm: MoveVm;
beforeAll(async () => {
  vm = await frameworkVm();
});

const digest = fromHex('07'.repeat(32));
const objectId = (n: number) => hex(blake2b(Uint8Array.from([0xf1, ...digest, ...u64(n)]), { dkLen: 32 }));

function failure(request: CallRequest) {
  const result = vm.callFunction(request);
  if (result.success) throw new Error('expected the call to fail');
  return result.error;
}

describe('coin and balance', () => {
  it('coin::zero makes a coin with a fresh id and value 0', () => {
    const tx = new TransactionState({ digest });
    const { values } = callOk(vm, {
      package: '0x2',
      module: 'coin',
      function: 'zero',
      typeArgs: ['0x2::sui::SUI'],
      tx,
    });
    expect(values).toEqual([objectId(0) + hex(u64(0))]);
    const value = callOk(vm, {
      package: '0x2',
      module: 'coin',
      function: 'value',
      typeArgs: ['0x2::sui::SUI'],
      args: [fromHex(values[0]!)],
    });
    expect(value.values).toEqual([hex(u64(0))]);
  });

  it('balance::join adds, balance::split takes from the balance it mutates', () => {
    const sui = ['0x2::sui::SUI'];
    const joined = callOk(vm, {
      package: '0x2',
      module: 'balance',
      function: 'join',
      typeArgs: sui,
      args: [u64(5), u64(7)],
    });
    expect(joined.values).toEqual([hex(u64(12))]);
    expect(joined.result.mutatedReferences).toEqual([{ index: 0, bytes: u64(12) }]);
    const split = callOk(vm, {
      package: '0x2',
      module: 'balance',
      function: 'split',
      typeArgs: sui,
      args: [u64(12), u64(5)],
    });
    expect(split.values).toEqual([hex(u64(5))]);
    expect(split.result.mutatedReferences).toEqual([{ index: 0, bytes: u64(7) }]);
  });

  it('balance::join past u64::MAX is an arithmetic error in balance::join, not a wrapped value', () => {
    // join(self: &mut Balance<T>, balance: Balance<T>): u64 { let Balance { value } = balance; self.value = self.value + value; … }
    const error = failure({
      package: '0x2',
      module: 'balance',
      function: 'join',
      typeArgs: ['0x2::sui::SUI'],
      args: [u64(2n ** 64n - 1n), u64(1)],
    });
    expect(error.status).toBe('ARITHMETIC_ERROR');
    expect(error.location).toMatchObject({ module: 'balance', function: 'join' });
  });

  it('balance::split beyond the value aborts with ENotEnough (2) in balance::split', () => {
    const error = failure({
      package: '0x2',
      module: 'balance',
      function: 'split',
      typeArgs: ['0x2::sui::SUI'],
      args: [u64(5), u64(7)],
    });
    expect(error).toMatchObject({ status: 'ABORTED', code: 2n });
    expect(error.location).toMatchObject({ module: 'balance', function: 'split', offset: 10 });
  });
});

describe('vec_map', () => {
  const types = ['u64', 'u64'];
  // VecMap<u64,u64> { contents: vector<Entry { key, value }> } with entries (1, 10) and (2, 20).
  const map = Uint8Array.of(2, ...u64(1), ...u64(10), ...u64(2), ...u64(20));

  it('round-trips keys and values, and reads through the reference get returns', () => {
    const built = callOk(vm, {
      package: '0x2',
      module: 'vec_map',
      function: 'from_keys_values',
      typeArgs: types,
      args: [Uint8Array.of(2, ...u64(1), ...u64(2)), Uint8Array.of(2, ...u64(10), ...u64(20))],
    });
    expect(built.values).toEqual([hex(map)]);
    const inserted = callOk(vm, {
      package: '0x2',
      module: 'vec_map',
      function: 'insert',
      typeArgs: types,
      args: [map, u64(3), u64(30)],
    });
    const grown = inserted.result.mutatedReferences[0]!.bytes;
    expect(hex(grown)).toBe(hex(Uint8Array.of(3, ...map.subarray(1), ...u64(3), ...u64(30))));
    const got = callOk(vm, {
      package: '0x2',
      module: 'vec_map',
      function: 'get',
      typeArgs: types,
      args: [grown, u64(2)],
    });
    expect(got.values).toEqual([hex(u64(20))]);
    const parts = callOk(vm, {
      package: '0x2',
      module: 'vec_map',
      function: 'into_keys_values',
      typeArgs: types,
      args: [grown],
    });
    expect(parts.values).toEqual([
      hex(Uint8Array.of(3, ...u64(1), ...u64(2), ...u64(3))),
      hex(Uint8Array.of(3, ...u64(10), ...u64(20), ...u64(30))),
    ]);
  });

  it('insert of an existing key aborts with EKeyAlreadyExists (0) in vec_map::insert', () => {
    const error = failure({
      package: '0x2',
      module: 'vec_map',
      function: 'insert',
      typeArgs: types,
      args: [map, u64(1), u64(3)],
    });
    expect(error).toMatchObject({ status: 'ABORTED', code: 0n });
    expect(error.location).toMatchObject({ module: 'vec_map', function: 'insert', offset: 10 });
  });
});

describe('clock, events, transfers', () => {
  it('clock::timestamp_ms reads the Clock object', () => {
    const clock = Uint8Array.of(...address('0x6'), ...u64(1_700_000_000_000n));
    expect(
      callOk(vm, { package: '0x2', module: 'clock', function: 'timestamp_ms', args: [clock] }).values,
    ).toEqual([hex(u64(1_700_000_000_000n))]);
  });

  it('event::emit records the event with its type', () => {
    const { result } = callOk(vm, {
      package: '0x2',
      module: 'event',
      function: 'emit',
      typeArgs: ['u64'],
      args: [u64(5)],
    });
    expect(result.tx.events).toEqual([{ type: { kind: 'u64' }, value: 5n }]);
  });

  it('kiosk::new then transfer::public_share_object shares the kiosk', () => {
    const tx = new TransactionState({ digest, sender: '0xa11ce' });
    const created = callOk(vm, { package: '0x2', module: 'kiosk', function: 'new', tx });
    const [kiosk, cap] = created.values;
    expect(kiosk!.slice(0, 64)).toBe(objectId(0));
    expect(cap!.slice(0, 64)).toBe(objectId(1));
    callOk(vm, {
      package: '0x2',
      module: 'transfer',
      function: 'public_share_object',
      typeArgs: ['0x2::kiosk::Kiosk'],
      args: [fromHex(kiosk!)],
      tx,
    });
    expect(tx.transfers.map((t) => ({ id: t.objectId, owner: t.owner, type: t.type.kind }))).toEqual([
      { id: objectId(0), owner: { kind: 'shared' }, type: 'datatype' },
    ]);
  });
});

describe('dynamic fields and tables across calls of one transaction', () => {
  it('add, exists, borrow, remove, and remove again aborts with 1 in the native', () => {
    const tx = new TransactionState({ digest });
    const uid = fromHex(callOk(vm, { package: '0x2', module: 'object', function: 'new', tx }).values[0]!);
    const kv = ['u64', 'u64'];
    const call = (fn: string, typeArgs: string[], args: Uint8Array[]) =>
      vm.callFunction({ package: '0x2', module: 'dynamic_field', function: fn, typeArgs, args, tx });
    expect(call('add', kv, [uid, u64(1), u64(42)]).success).toBe(true);
    expect(tx.children.size).toBe(1);
    const exists = call('exists_', ['u64'], [uid, u64(1)]);
    expect(exists.success && exists.returnValues.map(hex)).toEqual(['01']);
    const borrowed = call('borrow', kv, [uid, u64(1)]);
    expect(borrowed.success && borrowed.returnValues.map(hex)).toEqual([hex(u64(42))]);
    const removed = call('remove', kv, [uid, u64(1)]);
    expect(removed.success && removed.returnValues.map(hex)).toEqual([hex(u64(42))]);
    const again = call('remove', kv, [uid, u64(1)]);
    expect(again.success).toBe(false);
    if (again.success) return;
    expect(again.error).toMatchObject({ status: 'ABORTED', code: 1n });
    expect(again.error.location).toMatchObject({
      module: 'dynamic_field',
      function: 'remove_child_object',
      offset: 0,
    });
  });

  it('table add / contains / borrow / remove / destroy_empty', () => {
    const tx = new TransactionState({ digest });
    const kv = ['u64', 'u64'];
    const call = (fn: string, args: Uint8Array[]) =>
      callOk(vm, { package: '0x2', module: 'table', function: fn, typeArgs: kv, args, tx });
    let table = fromHex(call('new', []).values[0]!);
    expect(hex(table)).toBe(objectId(0) + hex(u64(0)));
    table = call('add', [table, u64(9), u64(900)]).result.mutatedReferences[0]!.bytes;
    expect(hex(table)).toBe(objectId(0) + hex(u64(1)));
    expect(call('contains', [table, u64(9)]).values).toEqual(['01']);
    expect(call('borrow', [table, u64(9)]).values).toEqual([hex(u64(900))]);
    const removed = call('remove', [table, u64(9)]);
    expect(removed.values).toEqual([hex(u64(900))]);
    table = removed.result.mutatedReferences[0]!.bytes;
    call('destroy_empty', [table]);
    expect(tx.deletedIds).toContain(objectId(0));
  });
});

describe('bag: values of different types under one UID', () => {
  it('add / contains_with_type / borrow / remove / length / destroy_empty', () => {
    const tx = new TransactionState({ digest });
    const call = (fn: string, typeArgs: string[], args: Uint8Array[]) =>
      callOk(vm, { package: '0x2', module: 'bag', function: fn, typeArgs, args, tx });
    // Bag { id: UID, size: u64 }
    let bag = fromHex(call('new', [], []).values[0]!);
    expect(hex(bag)).toBe(objectId(0) + hex(u64(0)));
    bag = call('add', ['u64', 'u64'], [bag, u64(1), u64(100)]).result.mutatedReferences[0]!.bytes;
    const name = byteVector('name');
    bag = call('add', ['vector<u8>', 'bool'], [bag, name, Uint8Array.of(1)]).result.mutatedReferences[0]!
      .bytes;
    expect(hex(bag)).toBe(objectId(0) + hex(u64(2)));
    expect(call('length', [], [bag]).values).toEqual([hex(u64(2))]);
    // The key is there, but not with a u64 value: the value's type is part of the check.
    expect(call('contains', ['vector<u8>'], [bag, name]).values).toEqual(['01']);
    expect(call('contains_with_type', ['vector<u8>', 'u64'], [bag, name]).values).toEqual(['00']);
    expect(call('contains_with_type', ['vector<u8>', 'bool'], [bag, name]).values).toEqual(['01']);
    expect(call('borrow', ['u64', 'u64'], [bag, u64(1)]).values).toEqual([hex(u64(100))]);
    const wrongType = vm.callFunction({
      package: '0x2',
      module: 'bag',
      function: 'borrow',
      typeArgs: ['vector<u8>', 'u64'],
      args: [bag, name],
      tx,
    });
    expect(wrongType.success ? null : wrongType.error).toMatchObject({ status: 'ABORTED', code: 2n });
    for (const [key, types, value] of [
      [u64(1), ['u64', 'u64'], hex(u64(100))],
      [name, ['vector<u8>', 'bool'], '01'],
    ] as const) {
      const removed = call('remove', [...types], [bag, key]);
      expect(removed.values).toEqual([value]);
      bag = removed.result.mutatedReferences[0]!.bytes;
    }
    expect(call('is_empty', [], [bag]).values).toEqual(['01']);
    call('destroy_empty', [], [bag]);
    expect(tx.deletedIds).toContain(objectId(0));
    expect(tx.children.size).toBe(0);
  });
});

describe('limits and bad requests', () => {
  it('stops a long computation at the instruction budget, with its location', () => {
    const error = failure({
      package: '0x1',
      module: 'u64',
      function: 'to_string',
      args: [u64(2n ** 64n - 1n)],
      instructionLimit: 50,
    });
    expect(error.status).toBe('INSTRUCTION_LIMIT_EXCEEDED');
    expect(error.location?.address).toBe('0x' + '0'.repeat(63) + '1');
  });

  it('rejects wrong argument counts, type-argument counts and malformed BCS', () => {
    expect(() => vm.callFunction({ package: '0x1', module: 'u64', function: 'max', args: [u64(1)] })).toThrow(
      VmLoadError,
    );
    expect(() => vm.callFunction({ package: '0x1', module: 'vector', function: 'empty' })).toThrow(
      /type arguments/,
    );
    expect(() =>
      vm.callFunction({ package: '0x1', module: 'u64', function: 'max', args: [u64(1), Uint8Array.of(1)] }),
    ).toThrow(/argument 1/);
    expect(() => vm.callFunction({ package: '0x1', module: 'nope', function: 'f' })).toThrow(/not loaded/);
  });

  it('names the missing framework packages', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'vm-no-framework-'));
    try {
      await expect(loadMoveVm({ corpusRoot: empty })).rejects.toThrow(/missing 0x1, 0x2/);
    } finally {
      rmSync(empty, { recursive: true });
    }
  });
});
