// Address balances and authenticated event streams: the accumulator natives of the corpus framework
// (mainnet-v1.62.1) and the PTB executor's funds checks. Expected values come from Sui's sources:
// - balance::send_funds(b, r) = funds_accumulator::add_impl(b, r) = add_to_accumulator_address(accumulator_address<
//   Balance<T>>(r), r, b); balance::redeem_funds(w) = withdraw_from_accumulator_address(accumulator_address(owner),
//   owner, limit) (the framework's bytecode); the natives (sui-move-natives funds_accumulator.rs, accumulator.rs,
//   event.rs) record a Merge / Split of the balance's value, abort with 0 (E_OVERFLOW) on a withdrawal above u64, and
//   the object runtime refuses merges or splits of one address and type adding up to more than u64::MAX
//   (ARITHMETIC_ERROR);
// - the accumulator's id is the dynamic field of the root 0xacc keyed by `accumulator::Key<T> { address }`
//   (sui-types accumulator_root.rs, AccumulatorValue::get_field_id), derived here by hand;
// - the effects net a balance's events into one write (AccumulatorWriteV1::merge and its unit tests: merges 50,
//   splits 100 and 30 give Split 80; equal amounts give Merge 0), and list an event stream's event indices;
// - a FundsWithdrawal input becomes `Withdrawal { owner: sender, limit: amount }` (sui-adapter loading/translate.rs);
//   reservations a balance does not cover, and withdrawals without a reservation whose running net peak a balance
//   does not cover, fail the transaction with InsufficientFundsForWithdraw (sui-core's funds checks).
import { blake2b } from '@noble/hashes/blake2.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Oracle } from '../../scripts/vm-oracle.js';
import { MoveVm, TransactionState } from '../../src/vm/index.js';
import { executePtb, type PtbArgument, type PtbCommand, type PtbRequest } from '../../src/vm/ptb.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { skipUnlessCi } from '../support/required-in-ci.js';
import { address, frameworkVm, fromHex, hex, u64 } from './support/vm.js';

const SENDER = 'ab'.repeat(32);
const RECIPIENT = 'cd'.repeat(32);
const SUI = '0x2::sui::SUI';
/** A PTB call of `0x2::balance::<fn><SUI>`. */
const balanceCall = (fn: string, args: PtbArgument[]): PtbCommand => ({
  kind: 'MoveCall',
  package: '0x2',
  module: 'balance',
  function: fn,
  typeArgs: [SUI],
  args,
});
const FRAMEWORK = '0'.repeat(63) + '2';
const BALANCE_SUI = `${FRAMEWORK}::balance::Balance<${FRAMEWORK}::sui::SUI>`;
const U64_MAX = (1n << 64n) - 1n;

/** BCS of a TypeTag::Struct with the given type parameters (already BCS). */
function structTag(module: string, name: string, params: Uint8Array[] = []): Uint8Array {
  const text = (s: string) => [s.length, ...new TextEncoder().encode(s)];
  return Uint8Array.from([
    7,
    ...address('0x2'),
    ...text(module),
    ...text(name),
    params.length,
    ...params.flatMap((p) => [...p]),
  ]);
}

/** Sui's dynamic field id of `Key<T> { address: owner }` under the accumulator root 0xacc. */
function accumulatorId(owner: string, t: Uint8Array): string {
  const keyType = structTag('accumulator', 'Key', [t]);
  const key = fromHex(owner);
  return hex(
    blake2b(Uint8Array.from([0xf0, ...address('0xacc'), ...u64(key.length), ...key, ...keyType]), {
      dkLen: 32,
    }),
  );
}

const BALANCE_TAG = structTag('balance', 'Balance', [structTag('sui', 'SUI')]);

function u256(value: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((value >> BigInt(8 * i)) & 0xffn);
  return out;
}

const withdrawalBytes = (owner: string, limit: bigint) =>
  Uint8Array.from([...fromHex(owner), ...u256(limit)]);

let vm: MoveVm;
beforeAll(async () => {
  vm = await frameworkVm();
});

describe('accumulator natives', () => {
  it('balance::send_funds records a deposit to the recipient, at its accumulator', () => {
    const tx = new TransactionState({ sender: SENDER });
    const result = vm.callFunction({
      package: '0x2',
      module: 'balance',
      function: 'send_funds',
      typeArgs: [SUI],
      args: [u64(5), fromHex(RECIPIENT)],
      tx,
    });
    expect(result.success).toBe(true);
    expect(tx.accumulatorEvents).toHaveLength(1);
    const [event] = tx.accumulatorEvents;
    expect(event!.accumulator).toBe(accumulatorId(RECIPIENT, BALANCE_TAG));
    expect(event!).toMatchObject({ action: 'merge', address: RECIPIENT, value: { amount: 5n } });
    expect(tx.events).toEqual([]); // an accumulator event, not a Move event
  });

  it('balance::redeem_funds returns the withdrawn balance and records a withdrawal from the owner', () => {
    const tx = new TransactionState({ sender: SENDER });
    const result = vm.callFunction({
      package: '0x2',
      module: 'balance',
      function: 'redeem_funds',
      typeArgs: [SUI],
      args: [withdrawalBytes(SENDER, 7n)],
      tx,
    });
    expect(result.success && result.returnValues.map(hex)).toEqual([hex(u64(7))]);
    expect(tx.accumulatorEvents).toMatchObject([
      {
        accumulator: accumulatorId(SENDER, BALANCE_TAG),
        action: 'split',
        address: SENDER,
        value: { amount: 7n },
      },
    ]);
  });

  it('a withdrawal above u64 aborts with 0 (E_OVERFLOW) in withdraw_from_accumulator_address', () => {
    const result = vm.callFunction({
      package: '0x2',
      module: 'balance',
      function: 'redeem_funds',
      typeArgs: [SUI],
      args: [withdrawalBytes(SENDER, 1n << 64n)],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toMatchObject({
      status: 'ABORTED',
      code: 0n,
      location: { module: 'funds_accumulator', function: 'withdraw_from_accumulator_address', offset: 0 },
    });
  });

  it('deposits of one address and type adding up to more than u64::MAX fail with ARITHMETIC_ERROR', () => {
    const tx = new TransactionState({ sender: SENDER });
    const send = (amount: bigint) =>
      vm.callFunction({
        package: '0x2',
        module: 'balance',
        function: 'send_funds',
        typeArgs: [SUI],
        args: [u64(amount), fromHex(RECIPIENT)],
        tx,
      });
    expect(send(U64_MAX).success).toBe(true);
    // Another recipient has its own total.
    expect(
      vm.callFunction({
        package: '0x2',
        module: 'balance',
        function: 'send_funds',
        typeArgs: [SUI],
        args: [u64(1), fromHex(SENDER)],
        tx,
      }).success,
    ).toBe(true);
    const overflow = send(1n);
    expect(overflow.success || overflow.error.status).toBe('ARITHMETIC_ERROR');
    expect(tx.accumulatorEvents).toHaveLength(2);
  });

  it('accumulator::emit_deposit_event and emit_withdraw_event record a merge and a split', () => {
    const tx = new TransactionState();
    const accumulator = accumulatorId(SENDER, BALANCE_TAG);
    for (const fn of ['emit_deposit_event', 'emit_withdraw_event'])
      expect(
        vm.callFunction({
          package: '0x2',
          module: 'accumulator',
          function: fn,
          typeArgs: [`0x2::balance::Balance<${SUI}>`],
          args: [fromHex(accumulator), fromHex(SENDER), u64(9)],
          tx,
        }).success,
      ).toBe(true);
    expect(tx.accumulatorEvents.map((e) => [e.accumulator, e.action, e.value])).toEqual([
      [accumulator, 'merge', { amount: 9n }],
      [accumulator, 'split', { amount: 9n }],
    ]);
  });

  it("event::emit_authenticated emits the event and commits it to the stream of its type's package", () => {
    const tx = new TransactionState();
    const result = vm.callFunction({
      package: '0x2',
      module: 'event',
      function: 'emit_authenticated',
      typeArgs: ['0x2::object::ID'],
      args: [fromHex(RECIPIENT)],
      tx,
    });
    expect(result.success).toBe(true);
    expect(tx.events).toHaveLength(1);
    // The stream id is `type_name::original_id<T>()`: 0x2 for `object::ID`.
    const streamId = FRAMEWORK;
    expect(tx.accumulatorEvents).toMatchObject([
      {
        accumulator: accumulatorId(streamId, structTag('accumulator_settlement', 'EventStreamHead')),
        action: 'merge',
        address: streamId,
        value: { eventIndex: 0 },
      },
    ]);
  });
});

describe('address balances in a PTB', () => {
  const redeemAndSend = (amount: bigint, extra: Partial<PtbRequest> = {}) =>
    executePtb(vm, {
      sender: SENDER,
      digest: fromHex('11'.repeat(32)),
      inputs: [
        { kind: 'FundsWithdrawal', coinType: SUI, amount },
        { kind: 'Pure', bytes: fromHex(RECIPIENT) },
      ],
      commands: [
        balanceCall('redeem_funds', [{ kind: 'Input', index: 0 }]),
        balanceCall('send_funds', [
          { kind: 'Result', index: 0 },
          { kind: 'Input', index: 1 },
        ]),
      ],
      addressBalances: [{ owner: SENDER, coinType: SUI, balance: 150n }],
      ...extra,
    });

  it('a reserved withdrawal sent on: a split from the sender and a merge to the recipient in the effects', () => {
    const effects = redeemAndSend(100n);
    expect(effects.error).toBeNull();
    const writes = [
      {
        accumulator: accumulatorId(SENDER, BALANCE_TAG),
        address: SENDER,
        operation: 'split',
        value: { amount: 100n },
      },
      {
        accumulator: accumulatorId(RECIPIENT, BALANCE_TAG),
        address: RECIPIENT,
        operation: 'merge',
        value: { amount: 100n },
      },
    ].sort((a, b) => (a.accumulator < b.accumulator ? -1 : 1));
    expect(effects.accumulatorWrites).toEqual(writes.map((w) => ({ ...w, type: BALANCE_SUI })));
  });

  it('a reservation above the balance fails the transaction before any command: InsufficientFundsForWithdraw', () => {
    const effects = redeemAndSend(151n);
    expect(effects.success).toBe(false);
    expect(effects.error).toMatchObject({ command: null, status: 'InsufficientFundsForWithdraw' });
    expect(effects.tx.accumulatorEvents).toEqual([]);
    expect(effects.accumulatorWrites).toEqual([]);
    // With no balance given, the address has none.
    expect(redeemAndSend(1n, { addressBalances: [] }).error?.status).toBe('InsufficientFundsForWithdraw');
  });

  it('Move code cannot take more than the reservation: withdrawal_split aborts beyond its limit', () => {
    const effects = executePtb(vm, {
      sender: SENDER,
      digest: fromHex('12'.repeat(32)),
      inputs: [
        { kind: 'FundsWithdrawal', coinType: SUI, amount: 100n },
        { kind: 'Pure', bytes: u256(101n) },
      ],
      commands: [
        {
          kind: 'MoveCall',
          package: '0x2',
          module: 'funds_accumulator',
          function: 'withdrawal_split',
          typeArgs: [`0x2::balance::Balance<${SUI}>`],
          args: [
            { kind: 'Input', index: 0 },
            { kind: 'Input', index: 1 },
          ],
        },
      ],
      addressBalances: [{ owner: SENDER, coinType: SUI, balance: 1000n }],
    });
    expect(effects.error).toMatchObject({
      command: 0,
      status: 'ABORTED',
      location: { module: 'funds_accumulator', function: 'withdrawal_split' },
    });
  });

  it('a coin redeemed and sent back to the sender nets out: Merge 0 for the sender', () => {
    const effects = redeemAndSend(100n, {
      inputs: [
        { kind: 'FundsWithdrawal', coinType: SUI, amount: 100n },
        { kind: 'Pure', bytes: fromHex(SENDER) },
      ],
    });
    expect(effects.error).toBeNull();
    expect(effects.accumulatorWrites).toEqual([
      {
        accumulator: accumulatorId(SENDER, BALANCE_TAG),
        address: SENDER,
        type: BALANCE_SUI,
        operation: 'merge',
        value: { amount: 0n },
      },
    ]);
  });

  it('a withdrawal without a reservation is checked after execution against its running peak', () => {
    // A Withdrawal made of pure bytes (which only `pureInputsForAnyType` accepts): 100 out, 100 back, 100 out
    // again peaks at 100 however the steps net out.
    const run = (balance: bigint) =>
      executePtb(vm, {
        sender: SENDER,
        digest: fromHex('13'.repeat(32)),
        inputs: [
          { kind: 'Pure', bytes: withdrawalBytes(RECIPIENT, 100n) },
          { kind: 'Pure', bytes: withdrawalBytes(RECIPIENT, 100n) },
          { kind: 'Pure', bytes: fromHex(RECIPIENT) },
        ],
        commands: [0, 1].flatMap((i) => [
          {
            kind: 'MoveCall' as const,
            package: '0x2',
            module: 'balance',
            function: 'redeem_funds',
            typeArgs: [SUI],
            args: [{ kind: 'Input' as const, index: i }],
          },
          {
            kind: 'MoveCall' as const,
            package: '0x2',
            module: 'balance',
            function: 'send_funds',
            typeArgs: [SUI],
            args: [
              { kind: 'Result' as const, index: 2 * i },
              { kind: 'Input' as const, index: 2 },
            ],
          },
        ]),
        addressBalances: [{ owner: RECIPIENT, coinType: SUI, balance }],
        pureInputsForAnyType: true,
      });
    expect(run(100n).error).toBeNull();
    const short = run(99n);
    expect(short.error).toMatchObject({ command: null, status: 'InsufficientFundsForWithdraw' });
    expect(short.accumulatorWrites).toEqual([]);
    expect(short.events).toEqual([]);
  });

  it('without `pureInputsForAnyType` a Withdrawal cannot come from pure bytes, as in Sui', () => {
    const effects = executePtb(vm, {
      sender: SENDER,
      digest: fromHex('14'.repeat(32)),
      inputs: [{ kind: 'Pure', bytes: withdrawalBytes(SENDER, 1n) }],
      commands: [balanceCall('redeem_funds', [{ kind: 'Input', index: 0 }])],
    });
    expect(effects.error).toMatchObject({
      command: 0,
      argument: { index: 0, kind: 'InvalidUsageOfPureArg' },
    });
  });
});

// The wheel registers both funds natives as aborting with 1000 (its E_NOT_SUPPORTED); Sui's record the event.
describe.skipIf(skipUnlessCi(Oracle.available()))("the wheel's funds natives", () => {
  let oracle: Oracle;
  beforeAll(() => {
    oracle = Oracle.start(
      Object.entries(SHARED_PACKAGE_DIRS)
        .filter(([id]) => /^0x0{63}[123]$/.test(id))
        .map(([, dir]) => dir),
    );
  });
  afterAll(async () => {
    await oracle?.close();
  });

  it('abort with 1000 in funds_accumulator where ours (and Sui) record the deposit', async () => {
    const theirs = await oracle.call({
      package: '0x2',
      module: 'balance',
      function: 'send_funds',
      type_args: [SUI],
      args_hex: [hex(u64(5)), RECIPIENT],
    });
    expect(theirs).toMatchObject({
      success: false,
      status: 'ABORTED',
      code: 1000n,
      module: 'funds_accumulator',
    });
    const ours = vm.callFunction({
      package: '0x2',
      module: 'balance',
      function: 'send_funds',
      typeArgs: [SUI],
      args: [u64(5), fromHex(RECIPIENT)],
    });
    expect(ours.success).toBe(true);
  });
});
