// Per-transaction state the Sui natives read and write: the transaction context, ids created, child
// objects (dynamic fields) and the effects recorded so far. A PTB executor keeps one across its commands.
import { checkNewId } from '../gas/limits.js';
import type { GasMeter } from '../gas/meter.js';
import { DEFAULT_GAS_BUDGET, DEFAULT_GAS_PRICE, meterFor } from '../gas/budget.js';
import type { Type } from '../types.js';
import { deriveObjectId } from './sui-ids.js';
import type { Value } from '../values.js';
import { normalizeId } from '../package-bytes.js';

export type Owner =
  | { kind: 'address'; address: string }
  | { kind: 'shared' }
  | { kind: 'immutable' }
  /** As given to `party_transfer_impl`; interpreting permissions is the executor's job. */
  | { kind: 'party'; defaultPermissions: bigint; addresses: string[]; permissions: bigint[] };

export interface TransferEffect {
  objectId: string;
  type: Type;
  owner: Owner;
  /** The object's value at the time of the transfer (owned by the effects from then on). */
  value: Value;
}

export interface EventEffect {
  type: Type;
  value: Value;
}

/**
 * A change to an accumulator (Sui's address balances and authenticated event streams), as the natives record
 * it; Sui applies these in a settlement transaction at the end of the checkpoint, not in this one.
 */
export interface AccumulatorEvent {
  /** The accumulator's id: the dynamic field of the accumulator root 0xacc keyed by `accumulator::Key<T>`. */
  accumulator: string;
  /** `merge` adds to the accumulator (a deposit, an event), `split` takes from it (a withdrawal). */
  action: 'merge' | 'split';
  /** The address whose accumulator it is: a balance's owner, or an event stream's id. */
  address: string;
  /** The accumulator's `T`: `0x2::balance::Balance<X>`, or `0x2::accumulator_settlement::EventStreamHead`. */
  type: Type;
  /** An amount (u64), or for an event stream the index in `events` of the event committed to it. */
  value: { amount: bigint } | { eventIndex: number };
}

export interface ChildObject {
  parent: string;
  type: Type;
  /** One-slot container, so `borrow_child_object` can hand out a reference into it. */
  cell: [Value];
}

/** An object a `Receiving` input of the transaction refers to: it may be received by its owner's UID. */
export interface ReceivableObject {
  /** The address owning it: the id of the object whose UID receives it. */
  owner: string;
  version: bigint;
  type: Type;
  bytes: Uint8Array;
}

export interface StoredChildBytes {
  parent: string;
  type: Type;
  bytes: Uint8Array;
}

export interface TransactionContextInput {
  /** 64 hex digits (with or without `0x`). Default: zero address. */
  sender?: string;
  /** 32-byte transaction digest, used to derive fresh object ids. Default: 32 zero bytes. */
  digest?: Uint8Array;
  epoch?: bigint;
  epochTimestampMs?: bigint;
  gasPrice?: bigint;
  gasBudget?: bigint;
  /** Gas sponsor, 64 hex digits. */
  sponsor?: string;
}

export class TransactionState {
  readonly sender: string;
  readonly digest: Uint8Array;
  readonly epoch: bigint;
  readonly epochTimestampMs: bigint;
  readonly gasPrice: bigint;
  readonly gasBudget: bigint;
  readonly sponsor: string | undefined;
  idsCreated = 0n;
  /** Ids made by `fresh_id` / `record_new_uid` in this transaction, in order. */
  readonly createdIds: string[] = [];
  readonly deletedIds: string[] = [];
  readonly transfers: TransferEffect[] = [];
  readonly events: EventEffect[] = [];
  readonly accumulatorEvents: AccumulatorEvent[] = [];
  /** Child objects by their own id (dynamic fields hang off their parent's id). */
  readonly children = new Map<string, ChildObject>();
  /**
   * The child objects as stored before the transaction, by id: Sui reads config settings from there
   * (`config::read_setting_impl`), not from what the transaction changed.
   */
  readonly storedChildren = new Map<string, StoredChildBytes>();
  /** Objects the transaction's `Receiving` inputs refer to, by id, and those `receive_impl` took, in order. */
  readonly receivable = new Map<string, ReceivableObject>();
  readonly receivedIds: string[] = [];
  /** Bytes of the events emitted so far, as Sui totals them against `max_event_emit_size_total`. */
  eventBytes = 0;
  /** The transaction's computation meter: every call and command of the transaction draws from it. */
  readonly gas: GasMeter;

  constructor(input: TransactionContextInput = {}) {
    this.sender = normalizeId(input.sender ?? '0');
    this.digest = input.digest ?? new Uint8Array(32);
    if (this.digest.length !== 32) throw new Error('transaction digest must be 32 bytes');
    this.epoch = input.epoch ?? 0n;
    this.epochTimestampMs = input.epochTimestampMs ?? 0n;
    this.gasPrice = input.gasPrice ?? DEFAULT_GAS_PRICE;
    this.gasBudget = input.gasBudget ?? DEFAULT_GAS_BUDGET;
    this.sponsor = input.sponsor === undefined ? undefined : normalizeId(input.sponsor);
    this.gas = meterFor(this.gasBudget, this.gasPrice);
  }

  /** The next object id of this transaction, as `tx_context::fresh_id` and Sui's SplitCoins make them. */
  freshId(): string {
    checkNewId(this.createdIds.length);
    const id = deriveObjectId(this.digest, this.idsCreated);
    this.idsCreated += 1n;
    this.createdIds.push(id);
    return id;
  }
}
