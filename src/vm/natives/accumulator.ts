// Sui's accumulator natives: address balances (`funds_accumulator`, `accumulator`) and authenticated event
// streams (`event::emit_authenticated_impl`). None of them reads or changes a balance: each records an
// accumulator event on the transaction (`TransactionState.accumulatorEvents`), which Sui turns into the
// accumulator writes of the effects and applies in the settlement transaction at the end of the checkpoint.
// Address balances are taken as enabled (Sui's `enable_accumulators`; without it `add_to_accumulator_address`
// aborts with 1): this VM runs no particular protocol version.
import { arithmeticError, abort } from '../errors.js';
import { checkEvent } from '../gas/limits.js';
import { typeTagSize, valueSize } from '../gas/value-size.js';
import { canonicalTypeName, type Type } from '../types.js';
import { asAddress, asBigInt, asStruct, Struct, type Value } from '../values.js';
import { register, SUI, type NativeContext, type NativeTable } from './registry.js';
import type { AccumulatorEvent } from './transaction-state.js';

const U64_MAX = (1n << 64n) - 1n;

/** `funds_accumulator`'s E_OVERFLOW: a withdrawal of more than a u64 (the only balance width there is). */
const E_OVERFLOW = 0;

/**
 * Records a balance change. Like Sui's object runtime, the deposits (and the withdrawals) of one address and
 * type in a transaction may add up to at most u64::MAX, so that netting them for the effects cannot overflow.
 */
function recordAmount(
  ctx: NativeContext,
  accumulatorArg: Value,
  action: AccumulatorEvent['action'],
  addressArg: Value,
  type: Type,
  amount: bigint,
): void {
  const accumulator = asAddress(accumulatorArg);
  const address = asAddress(addressArg);
  const key = canonicalTypeName(type);
  let total = amount;
  for (const e of ctx.tx.accumulatorEvents)
    if (
      e.action === action &&
      e.address === address &&
      'amount' in e.value &&
      canonicalTypeName(e.type) === key
    )
      total += e.value.amount;
  if (total > U64_MAX)
    throw arithmeticError(`accumulator ${action} total ${total} of 0x${address} exceeds u64::MAX`);
  ctx.tx.accumulatorEvents.push({ accumulator, action, address, type, value: { amount } });
}

export function registerAccumulator(table: NativeTable): void {
  register(table, SUI, 'funds_accumulator', {
    // `value` is a `Balance<X>`: its one field is the amount.
    add_to_accumulator_address: (ctx, [type], [accumulator, recipient, value]) => {
      recordAmount(ctx, accumulator!, 'merge', recipient!, type!, asBigInt(asStruct(value!).fields[0]!));
      return [];
    },
    withdraw_from_accumulator_address: (ctx, [type], [accumulator, owner, value]) => {
      const amount = asBigInt(value!);
      if (amount > U64_MAX) throw abort(E_OVERFLOW, `withdrawal of ${amount} exceeds u64::MAX`);
      recordAmount(ctx, accumulator!, 'split', owner!, type!, amount);
      return [new Struct([amount])];
    },
  });
  register(table, SUI, 'accumulator', {
    emit_deposit_event: (ctx, [type], [accumulator, recipient, amount]) => {
      recordAmount(ctx, accumulator!, 'merge', recipient!, type!, asBigInt(amount!));
      return [];
    },
    emit_withdraw_event: (ctx, [type], [accumulator, owner, amount]) => {
      recordAmount(ctx, accumulator!, 'split', owner!, type!, asBigInt(amount!));
      return [];
    },
  });
  // An event like `event::emit`'s, also committed to the stream `stream_id` (the accumulator of type
  // `StreamHead`, always `accumulator_settlement::EventStreamHead`) by its index among the transaction's events.
  register(table, SUI, 'event', {
    emit_authenticated_impl: (ctx, [streamHead, eventType], [accumulator, streamId, event]) => {
      checkEvent(ctx.tx, typeTagSize(eventType!) + valueSize(event!));
      ctx.tx.events.push({ type: eventType!, value: event! });
      ctx.tx.accumulatorEvents.push({
        accumulator: asAddress(accumulator!),
        action: 'merge',
        address: asAddress(streamId!),
        type: streamHead!,
        value: { eventIndex: ctx.tx.events.length - 1 },
      });
      return [];
    },
  });
}
