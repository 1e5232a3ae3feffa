// A programmable transaction block executor over MoveVm: Sui's command forms (MoveCall, SplitCoins,
// MergeCoins, TransferObjects, MakeMoveVec), inputs from an in-memory object store, results passed and
// moved by Sui's rules, and the effects of the whole transaction. Values travel as BCS between commands.
import { concatBytes } from '@noble/curves/utils.js';
import { decodeValue, encodeValue, ulebBytes, type DatatypeResolver } from './bcs-values.js';
import { VmError, VmLoadError, type VmLocation } from './errors.js';
import { DEFAULT_GAS_BUDGET, DEFAULT_GAS_PRICE, gasDataRefusal } from './gas/budget.js';
import {
  chargeArgument,
  chargeBeforeCommands,
  chargeCommand,
  finalGas,
  MAX_PURE_ARGUMENT_SIZE,
  type GasSummary,
} from './gas/ptb-gas.js';
import { MAX_MOVE_OBJECT_SIZE } from './gas/schedule.js';
import { ABILITY } from './loader.js';
import { isPureType, isValidPureValue } from './pure-inputs.js';
import { refuseMoveCalls, type CheckedCall } from './ptb-call-checks.js';
import type { MoveVm } from './move-vm.js';
import type { Owner } from './natives/transaction-state.js';
import { TransactionState } from './natives/transaction-state.js';
import { canonicalTypeName, substitute, typesEqual, type Type } from './types.js';

export type PtbArgument =
  | { kind: 'GasCoin' }
  | { kind: 'Input'; index: number }
  | { kind: 'Result'; index: number }
  | { kind: 'NestedResult'; index: number; resultIndex: number };

export type PtbInput =
  | { kind: 'Pure'; bytes: Uint8Array }
  /**
   * An object of the store. `mutable` is Sui's flag of a shared-object input (default true): a shared
   * object passed with `mutable: false` can only be taken by `&`. Other objects do not carry it.
   */
  | { kind: 'Object'; id: string; mutable?: boolean }
  /**
   * Sui's receiving ticket for an object of the store sent to an object's address: a `Receiving<T>` value
   * (id and version) that Move code turns into the object with `transfer::receive` on its owner's UID.
   */
  | { kind: 'Receiving'; id: string }
  /**
   * Sui's `FundsWithdrawal` input: a reservation of `amount` from the sender's address balance of coin type
   * `coinType`, which Move code receives as `Withdrawal<Balance<coinType>>` (owner: the sender, limit:
   * `amount`) and turns into a balance with `balance::redeem_funds`.
   */
  | { kind: 'FundsWithdrawal'; coinType: string | Type; amount: bigint };

export type PtbCommand =
  | {
      kind: 'MoveCall';
      package: string;
      module: string;
      function: string;
      typeArgs: readonly (string | Type)[];
      args: PtbArgument[];
    }
  | { kind: 'SplitCoins'; coin: PtbArgument; amounts: PtbArgument[] }
  | { kind: 'MergeCoins'; destination: PtbArgument; sources: PtbArgument[] }
  | { kind: 'TransferObjects'; objects: PtbArgument[]; address: PtbArgument }
  | { kind: 'MakeMoveVec'; type: string | Type | null; elements: PtbArgument[] }
  | { kind: 'Publish' }
  | { kind: 'Upgrade' };

/** An object that exists before the transaction. */
export interface StoredObject {
  id: string;
  type: Type;
  /** The object's BCS value. */
  bytes: Uint8Array;
  owner: Owner;
  /** Its version, which a `Receiving` input names (default 1). */
  version?: bigint;
}

/** A dynamic field (child object) that exists before the transaction, reached through its parent's UID. */
export interface StoredChild {
  id: string;
  /** The id of the UID it hangs off. */
  parent: string;
  /** Its type, e.g. `0x2::dynamic_field::Field<u64, 0x2::random::RandomInner>`. */
  type: Type;
  bytes: Uint8Array;
}

export interface PtbRequest {
  /** 64 hex digits, with or without `0x`. */
  sender: string;
  /** 32 bytes; fresh object ids derive from it. */
  digest: Uint8Array;
  /**
   * MIST the sender pays at most (default 50 SUI); with `gasPrice` (default 1 000, the local chain's reference
   * price) it gives the computation budget, `min(gasBudget, 5 000 000 × gasPrice) / gasPrice` gas units.
   */
  gasBudget?: bigint;
  gasPrice?: bigint;
  /** The epoch the transaction runs in (default 0). */
  epoch?: bigint;
  inputs: PtbInput[];
  commands: PtbCommand[];
  /** The object store the inputs come from. */
  objects?: StoredObject[];
  /** Dynamic fields of the store's objects (see `genesisObjects` for the system objects' ones). */
  childObjects?: StoredChild[];
  /**
   * Settled address balances before the transaction (Sui's accumulator objects): what `FundsWithdrawal`
   * inputs reserve from, and what withdrawals without a reservation are checked against. Missing: 0.
   */
  addressBalances?: { owner: string; coinType: string | Type; balance: bigint }[];
  /** The sender's gas coin, a `Coin<SUI>` (default: id 0x…9a5, 1 000 SUI). */
  gasCoin?: { id: string; balance: bigint };
  /** An extra bound on bytecode instructions per Move call (none by default: gas bounds execution). */
  instructionLimit?: number;
  /**
   * Accept pure bytes for any parameter type they decode as, structs included, the way upstream's
   * benchmark-local sandbox (and the wheel's replay) do. Default false: Sui's rule (`pure-inputs.ts`).
   */
  pureInputsForAnyType?: boolean;
}

export interface PtbError {
  /** The failing command; null when the transaction failed as a whole (`InsufficientFundsForWithdraw`). */
  command: number | null;
  /** A Move VM status (`ABORTED`, `ARITHMETIC_ERROR`, …) or Sui's execution failure name. */
  status: string;
  code?: bigint;
  location?: VmLocation;
  /** For `CommandArgumentError`, as Sui reports it: the argument's index in the command and the kind. */
  argument?: { index: number; kind: CommandArgumentErrorKind };
  message: string;
}

/** Sui's `CommandArgumentError` kinds this executor reports. */
export type CommandArgumentErrorKind =
  | 'InvalidBCSBytes'
  | 'InvalidUsageOfPureArg'
  | 'InvalidObjectByValue'
  | 'InvalidObjectByMutRef'
  | 'TypeMismatch';

/** An object's owner in the effects: Sui's owners, and `object` for a dynamic field's parent. */
export type ChangeOwner = Owner | { kind: 'object'; id: string };

export interface ObjectChange {
  id: string;
  /** Canonical type, addresses as 64 hex digits. */
  type: string;
  owner: ChangeOwner;
  /** The object's BCS value at the end of the transaction. */
  bytes: Uint8Array;
}

/**
 * Sui's `AccumulatorWriteV1` in the effects: the transaction's accumulator events netted per accumulator, a
 * balance's deposits less its withdrawals (`merge` when they are not less), an event stream's event indices.
 */
export interface AccumulatorWrite {
  accumulator: string;
  address: string;
  /** Canonical type (addresses as 64 hex digits): `…2::balance::Balance<T>` or `…2::accumulator_settlement::EventStreamHead`. */
  type: string;
  operation: 'merge' | 'split';
  value: { amount: bigint } | { eventIndices: number[] };
}

export interface PtbEffects {
  success: boolean;
  error: PtbError | null;
  created: ObjectChange[];
  mutated: ObjectChange[];
  deleted: string[];
  wrapped: string[];
  events: { type: string; bytes: Uint8Array }[];
  /** Sorted by accumulator id, as Sui's effects list changed objects; empty after a failure. */
  accumulatorWrites: AccumulatorWrite[];
  /** Per command, its results (empty after a failure). */
  returnValues: { type: string; bytes: Uint8Array }[][];
  /** Gas units the transaction used and its computation cost (Sui's, rounded; the budget when it ran short). */
  gas: GasSummary;
  tx: TransactionState;
}

const SUI = '0'.repeat(63) + '2';
const DEFAULT_GAS_COIN = { id: '9a5'.padStart(64, '0'), balance: 1_000_000_000_000n };
const RANDOM_ID = '8'.padStart(64, '0');
const U64_MAX = (1n << 64n) - 1n;

function isReceivingType(type: Type): boolean {
  return (
    type.kind === 'datatype' &&
    type.address === SUI &&
    type.module === 'transfer' &&
    type.name === 'Receiving'
  );
}

/** A value in the transaction: an input, the gas coin, or a command's result. */
interface Slot {
  /** Null for a pure input until a use gives it a type (pure bytes are typed by each use). */
  type: Type | null;
  bytes: Uint8Array;
  moved: boolean;
  /** Set for inputs that are objects of the store (and the gas coin). */
  objectId?: string;
  /** A pure input already loaded by an earlier use (Sui charges the load once). */
  loaded?: boolean;
  /** An input object that may only be taken by `&`: immutable, or shared and passed with `mutable: false`. */
  readOnly?: boolean;
  borrowedMutably?: boolean;
  /** A `Receiving` input: its type is fixed by its first use, which must be a `Receiving<T>` parameter. */
  receiving?: boolean;
}

class CommandFailure extends Error {
  constructor(
    readonly status: string,
    message: string,
    readonly extra: Pick<PtbError, 'code' | 'location' | 'argument'> = {},
  ) {
    super(message);
  }
}

const fail = (status: string, message: string) => new CommandFailure(status, message);

/** Sui's `CommandArgumentError { arg_idx, kind }`. */
const argumentFail = (kind: CommandArgumentErrorKind, index: number, message: string) =>
  new CommandFailure('CommandArgumentError', message, { argument: { index, kind } });

function coinType(inner: Type): Type {
  return { kind: 'datatype', address: SUI, module: 'coin', name: 'Coin', args: [inner] };
}

function balanceType(inner: Type): Type {
  return { kind: 'datatype', address: SUI, module: 'balance', name: 'Balance', args: [inner] };
}

/** An address balance: owner and `Balance<T>`, as the accumulator natives name it. */
const balanceKey = (owner: string, type: Type) => `${owner}:${canonicalTypeName(type)}`;

function coinBytes(id: string, balance: bigint): Uint8Array {
  const bytes = new Uint8Array(40);
  bytes.set(Buffer.from(id.padStart(64, '0'), 'hex'), 0);
  new DataView(bytes.buffer).setBigUint64(32, balance, true);
  return bytes;
}

function coinBalance(bytes: Uint8Array): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(32, true);
}

function idOf(bytes: Uint8Array): string {
  return Buffer.from(bytes.subarray(0, 32)).toString('hex');
}

/** Every argument a command names. */
function commandArguments(command: PtbCommand): PtbArgument[] {
  switch (command.kind) {
    case 'MoveCall':
      return command.args;
    case 'SplitCoins':
      return [command.coin, ...command.amounts];
    case 'MergeCoins':
      return [command.destination, ...command.sources];
    case 'TransferObjects':
      return [...command.objects, command.address];
    case 'MakeMoveVec':
      return command.elements;
    case 'Publish':
    case 'Upgrade':
      return [];
  }
}

/**
 * Sui's refusals at signing of a transaction's gas data (`GasBudgetTooLow`, …) or of a pure input above
 * `max_pure_argument_size` (`SizeLimitExceeded`): nothing runs, nothing changes, not even the gas coin.
 */
function signingRefusal(request: PtbRequest): PtbError | null {
  const gas = gasDataRefusal(request.gasBudget ?? DEFAULT_GAS_BUDGET, request.gasPrice ?? DEFAULT_GAS_PRICE);
  if (gas) return { command: null, ...gas };
  const index = request.inputs.findIndex((i) => i.kind === 'Pure' && i.bytes.length > MAX_PURE_ARGUMENT_SIZE);
  if (index < 0) return null;
  const size = (request.inputs[index] as Extract<PtbInput, { kind: 'Pure' }>).bytes.length;
  return {
    command: null,
    status: 'SizeLimitExceeded',
    message: `input ${index} has ${size} pure bytes, above Sui's limit of ${MAX_PURE_ARGUMENT_SIZE}`,
  };
}

/**
 * A VM error raised by the executor's own work (its gas charges, the ids SplitCoins makes) as the transaction's
 * failure: out of gas is Sui's `InsufficientGas` (keeping where it ran out); any other (`MEMORY_LIMIT_EXCEEDED`
 * past the new-id limit, …) keeps its status, code and location. Anything else is a bug, and is rethrown.
 */
function executorFailure(caught: unknown, command: number | null): PtbError {
  if (!(caught instanceof VmError)) throw caught;
  return {
    command,
    status: caught.status === 'OUT_OF_GAS' ? 'InsufficientGas' : caught.status,
    message: caught.message,
    ...(caught.code === undefined ? {} : { code: caught.code }),
    ...(caught.location ? { location: caught.location } : {}),
  };
}

const normalizeId = (id: string) => id.replace(/^0x/, '').toLowerCase().padStart(64, '0');

export class PtbExecutor {
  private readonly resolve: DatatypeResolver;
  private readonly tx: TransactionState;
  private readonly store = new Map<string, StoredObject>();
  private readonly inputs: Slot[];
  private readonly gas: Slot;
  private readonly results: Slot[][] = [];
  /** The dynamic fields before the transaction: parent and BCS, to tell what it changed. */
  private readonly childrenBefore = new Map<string, { parent: string; bytes: string }>();
  /** Settled address balances and the amounts `FundsWithdrawal` inputs reserve, by `balanceKey`. */
  private readonly balances = new Map<string, bigint>();
  private readonly reserved = new Map<string, bigint>();
  /** What Sui would refuse at signing in the request's gas data or pure inputs. */
  private readonly refusal: PtbError | null;

  constructor(
    private readonly vm: MoveVm,
    private readonly request: PtbRequest,
  ) {
    this.resolve = (type) => vm.loader.requireDatatype(type);
    this.refusal = signingRefusal(request);
    this.tx = new TransactionState({
      sender: request.sender,
      digest: request.digest,
      // A refused budget or price leaves the defaults: nothing runs under them.
      ...(request.gasBudget === undefined || this.refusal ? {} : { gasBudget: request.gasBudget }),
      ...(request.gasPrice === undefined || this.refusal ? {} : { gasPrice: request.gasPrice }),
      ...(request.epoch === undefined ? {} : { epoch: request.epoch }),
    });
    // Types from outside may name a datatype by its defining id (as effects do): the VM knows it by its original id.
    for (const object of request.objects ?? [])
      this.store.set(normalizeId(object.id), { ...object, type: vm.runtimeType(object.type) });
    for (const { owner, coinType, balance } of request.addressBalances ?? [])
      this.balances.set(balanceKey(normalizeId(owner), balanceType(vm.runtimeType(coinType))), balance);
    for (const child of request.childObjects ?? []) {
      const id = normalizeId(child.id);
      const parent = normalizeId(child.parent);
      const type = vm.runtimeType(child.type);
      const value = decodeValue(type, child.bytes, this.resolve);
      this.tx.children.set(id, { parent, type, cell: [value] });
      this.tx.storedChildren.set(id, { parent, type, bytes: child.bytes });
      const bytes = Buffer.from(encodeValue(type, value, this.resolve)).toString('hex');
      this.childrenBefore.set(id, { parent, bytes });
    }
    const gasCoin = request.gasCoin ?? DEFAULT_GAS_COIN;
    const gasId = normalizeId(gasCoin.id);
    this.gas = {
      type: coinType({ kind: 'datatype', address: SUI, module: 'sui', name: 'SUI', args: [] }),
      bytes: coinBytes(gasId, gasCoin.balance),
      moved: false,
      objectId: gasId,
    };
    this.inputs = request.inputs.map((input, i) => this.inputSlot(input, i));
  }

  private inputSlot(input: PtbInput, index: number): Slot {
    if (input.kind === 'Pure') return { type: null, bytes: input.bytes, moved: false };
    if (input.kind === 'FundsWithdrawal') return this.withdrawalSlot(input);
    const object = this.store.get(normalizeId(input.id));
    if (!object) throw new VmLoadError(`input ${index}: object ${input.id} is not in the object store`);
    if (input.kind === 'Receiving') return this.receivingSlot(object, index);
    if (input.mutable !== undefined && object.owner.kind !== 'shared')
      throw new VmLoadError(`input ${index}: only a shared object input carries \`mutable\``);
    return {
      type: object.type,
      bytes: object.bytes,
      moved: false,
      objectId: normalizeId(input.id),
      readOnly: object.owner.kind === 'immutable' || input.mutable === false,
    };
  }

  /**
   * Sui's check at signing: only an object owned by an address can be received (the executor's own check that
   * the address is the receiving UID's comes when `receive_impl` runs). The value is `Receiving { id, version }`.
   */
  private receivingSlot(object: StoredObject, index: number): Slot {
    const id = normalizeId(object.id);
    if (this.request.inputs.filter((i) => 'id' in i && normalizeId(i.id) === id).length > 1)
      throw new VmLoadError(
        `input ${index}: object ${object.id} is named by more than one input (DuplicateObjectRefInput)`,
      );
    if (object.owner.kind !== 'address')
      throw new VmLoadError(
        `input ${index}: object ${object.id} is ${object.owner.kind}, and only an object owned by an address can be received (InvalidChildObjectArgument)`,
      );
    const version = object.version ?? 1n;
    this.tx.receivable.set(id, {
      owner: object.owner.address,
      version,
      type: object.type,
      bytes: object.bytes,
    });
    const bytes = new Uint8Array(40);
    bytes.set(Buffer.from(id, 'hex'), 0);
    new DataView(bytes.buffer).setBigUint64(32, version, true);
    return { type: null, bytes, moved: false, receiving: true };
  }

  /** The `Withdrawal<Balance<T>>` value of a `FundsWithdrawal` input: the sender's address and the limit (u256). */
  private withdrawalSlot(input: Extract<PtbInput, { kind: 'FundsWithdrawal' }>): Slot {
    if (input.amount < 0n || input.amount > U64_MAX)
      throw new VmLoadError(`a FundsWithdrawal reserves a u64, not ${input.amount}`);
    const balance = balanceType(this.vm.runtimeType(input.coinType));
    const key = balanceKey(this.tx.sender, balance);
    this.reserved.set(key, (this.reserved.get(key) ?? 0n) + input.amount);
    const bytes = new Uint8Array(64);
    bytes.set(Buffer.from(this.tx.sender, 'hex'), 0);
    new DataView(bytes.buffer).setBigUint64(32, input.amount, true);
    const type: Type = {
      kind: 'datatype',
      address: SUI,
      module: 'funds_accumulator',
      name: 'Withdrawal',
      args: [balance],
    };
    return { type, bytes, moved: false };
  }

  /** Sui's failure of a transaction whose withdrawals a balance does not cover: no command's changes remain. */
  private insufficientFunds(key: string, needed: bigint): PtbError | null {
    const balance = this.balances.get(key) ?? 0n;
    if (needed <= balance) return null;
    return {
      command: null,
      status: 'InsufficientFundsForWithdraw',
      message: `${needed} to withdraw from ${key}, whose balance is ${balance}`,
    };
  }

  /** Sui's scheduler check before execution: each balance covers what the inputs reserve from it. */
  private uncoveredReservation(): PtbError | null {
    for (const [key, amount] of this.reserved) {
      const error = this.insufficientFunds(key, amount);
      if (error) return error;
    }
    return null;
  }

  /**
   * Sui's check after execution of balances withdrawn from without a reservation (object funds): each covers
   * the largest net withdrawal it saw at any point. A reserved balance needs no check: Move code gets no more
   * out of it than its `Withdrawal`s' limits.
   */
  private uncoveredWithdrawal(): PtbError | null {
    const net = new Map<string, bigint>();
    const peak = new Map<string, bigint>();
    for (const event of this.tx.accumulatorEvents) {
      if (!('amount' in event.value)) continue;
      const key = balanceKey(event.address, event.type);
      const now =
        (net.get(key) ?? 0n) + (event.action === 'split' ? event.value.amount : -event.value.amount);
      net.set(key, now);
      if (now > (peak.get(key) ?? 0n)) peak.set(key, now);
    }
    for (const [key, amount] of peak) {
      const error = this.reserved.has(key) ? null : this.insufficientFunds(key, amount);
      if (error) return error;
    }
    return null;
  }

  run(): PtbEffects {
    const refused = this.refusal ?? this.afterRandom();
    if (refused) return this.refusedEffects(refused);
    const uncovered = this.uncoveredReservation();
    if (uncovered) return this.failedEffects(uncovered);
    const calls = this.request.commands.flatMap((c, i): [number, CheckedCall][] =>
      c.kind === 'MoveCall' ? [[i, c]] : [],
    );
    const callRefused = refuseMoveCalls(this.vm, calls);
    if (callRefused) return this.failedEffects(callRefused);
    try {
      this.chargeBeforeCommands();
    } catch (caught) {
      return this.failedEffects(executorFailure(caught, null));
    }
    const returnValues: { type: string; bytes: Uint8Array }[][] = [];
    let error: PtbError | null = null;
    for (const [index, command] of this.request.commands.entries()) {
      try {
        const slots = this.execute(command);
        const moveCallResults = command.kind === 'MoveCall' ? slots.length : 0;
        chargeCommand(this.tx.gas, commandArguments(command).length + moveCallResults);
        this.results.push(slots);
        returnValues.push(slots.map((s) => ({ type: this.typeName(s.type!), bytes: s.bytes })));
      } catch (caught) {
        if (caught instanceof VmError) {
          error = executorFailure(caught, index);
          break;
        }
        if (!(caught instanceof CommandFailure)) throw caught;
        error = { command: index, status: caught.status, message: caught.message, ...caught.extra };
        break;
      }
    }
    if (!error) error = this.unusedWithoutDrop() ?? this.uncoveredWithdrawal();
    if (error) return this.failedEffects(error);
    const effects = this.effects(returnValues);
    return this.objectTooBig(effects) ?? this.shortOfGas() ?? effects;
  }

  /** Input objects read and translation, charged before the first command as Sui charges them. */
  private chargeBeforeCommands(): void {
    const objectSizes = this.inputs.flatMap((slot) => (slot.objectId ? [slot.bytes.length] : []));
    const pureSizes = this.request.inputs.flatMap((input) =>
      input.kind === 'Pure' ? [input.bytes.length] : [],
    );
    const argumentCounts = this.request.commands.map((c) => commandArguments(c).length);
    chargeBeforeCommands(this.tx.gas, objectSizes, pureSizes, this.request.inputs.length, argumentCounts);
  }

  /** Sui's `max_move_object_size`: a transaction writing a larger object fails (`MoveObjectTooBig`). */
  private objectTooBig(effects: PtbEffects): PtbEffects | null {
    const big = [...effects.created, ...effects.mutated].find((o) => o.bytes.length > MAX_MOVE_OBJECT_SIZE);
    if (!big) return null;
    return this.failedEffects({
      command: null,
      status: 'MoveObjectTooBig',
      message: `object ${big.id} is ${big.bytes.length} bytes; the limit is ${MAX_MOVE_OBJECT_SIZE}`,
    });
  }

  /** A transaction whose rounded computation cost reaches its budget fails with `InsufficientGas`. */
  private shortOfGas(): PtbEffects | null {
    if (!finalGas(this.tx.gas, this.tx.gasBudget, this.tx.gasPrice).short) return null;
    return this.failedEffects({
      command: null,
      status: 'InsufficientGas',
      message: `the computation cost reaches the gas budget of ${this.tx.gasBudget}`,
    });
  }

  /**
   * Sui's input check: once a command takes the Random object, only TransferObjects and MergeCoins may
   * follow (so a transaction cannot look at a random outcome and then act on it). Sui refuses such a
   * transaction before running it: no command runs and nothing changes, not even the gas coin.
   */
  private afterRandom(): PtbError | null {
    const random = this.request.inputs.findIndex(
      (i) => i.kind === 'Object' && normalizeId(i.id) === RANDOM_ID,
    );
    if (random < 0) return null;
    let used = false;
    for (const [index, command] of this.request.commands.entries()) {
      if (used && command.kind !== 'TransferObjects' && command.kind !== 'MergeCoins')
        return {
          command: index,
          status: 'PostRandomCommandRestrictions',
          message: `${command.kind} follows a command that uses Random: only TransferObjects and MergeCoins may`,
        };
      used ||= commandArguments(command).some((a) => a.kind === 'Input' && a.index === random);
    }
    return null;
  }

  private execute(command: PtbCommand): Slot[] {
    switch (command.kind) {
      case 'MoveCall':
        return this.moveCall(command);
      case 'SplitCoins':
        return this.splitCoins(command.coin, command.amounts);
      case 'MergeCoins':
        return this.mergeCoins(command.destination, command.sources);
      case 'TransferObjects':
        return this.transferObjects(command.objects, command.address);
      case 'MakeMoveVec':
        return this.makeMoveVec(command.type, command.elements);
      case 'Publish':
      case 'Upgrade':
        throw fail('FeatureNotYetSupported', `${command.kind} is not supported by the local executor`);
    }
  }

  private slot(arg: PtbArgument): Slot {
    switch (arg.kind) {
      case 'GasCoin':
        return this.gas;
      case 'Input': {
        const slot = this.inputs[arg.index];
        if (!slot) throw fail('CommandArgumentError', `input ${arg.index} does not exist`);
        return slot;
      }
      case 'Result':
      case 'NestedResult': {
        const results = this.results[arg.index];
        if (!results) throw fail('CommandArgumentError', `result ${arg.index} does not exist yet`);
        if (arg.kind === 'Result' && results.length !== 1)
          throw fail(
            'CommandArgumentError',
            `Result(${arg.index}) has ${results.length} values: use NestedResult`,
          );
        const slot = results[arg.kind === 'Result' ? 0 : arg.resultIndex];
        if (!slot)
          throw fail(
            'CommandArgumentError',
            `result ${arg.index} has no value ${arg.kind === 'Result' ? 0 : arg.resultIndex}`,
          );
        return slot;
      }
    }
  }

  private abilities(type: Type): number {
    return this.vm.loader.abilitiesOf(type);
  }

  /** A type as the effects name it: Sui's type tag, each datatype by its defining id. */
  private typeName(type: Type): string {
    return this.vm.loader.definingTypeName(type);
  }

  /**
   * The slot's bytes for a parameter of `type`: type-checked, pure bytes checked, moves recorded. `index` is
   * the argument's position in the command, as Sui's argument errors report it.
   */
  private use(arg: PtbArgument, type: Type, what: string, index: number): { slot: Slot; bytes: Uint8Array } {
    const slot = this.slot(arg);
    const byReference = type.kind === 'ref';
    const valueType = type.kind === 'ref' ? type.to : type;
    if (slot.moved) throw fail('CommandArgumentError', `${what}: used again after it was moved`);
    if (slot.receiving) {
      // As Sui types a receiving ticket: by the parameter it is first passed to, the same one afterwards.
      if (!isReceivingType(valueType) || (slot.type !== null && !typesEqual(slot.type, valueType)))
        throw argumentFail(
          'TypeMismatch',
          index,
          `${what}: a Receiving input passed as ${canonicalTypeName(valueType)}`,
        );
      slot.type = valueType;
    }
    if (slot.type === null) {
      this.checkPure(slot.bytes, valueType, what, index);
      // Pure values are copyable: a by-value use copies them.
      chargeArgument(this.tx.gas, byReference ? 'borrow' : 'copy', slot.bytes.length, !slot.loaded);
      slot.loaded = true;
      return { slot, bytes: slot.bytes };
    }
    if (!typesEqual(slot.type, valueType))
      throw fail(
        'CommandArgumentError',
        `${what}: expected ${canonicalTypeName(valueType)}, got ${canonicalTypeName(slot.type)}`,
      );
    if (slot.readOnly && !byReference)
      throw argumentFail(
        'InvalidObjectByValue',
        index,
        `${what}: a read-only object cannot be taken by value`,
      );
    if (slot.readOnly && type.kind === 'ref' && type.mutable)
      throw argumentFail(
        'InvalidObjectByMutRef',
        index,
        `${what}: a read-only object cannot be taken by &mut`,
      );
    const copyable = (this.abilities(slot.type) & ABILITY.copy) !== 0;
    chargeArgument(
      this.tx.gas,
      byReference ? 'borrow' : copyable ? 'copy' : 'move',
      slot.bytes.length,
      false,
    );
    if (byReference) {
      if (type.mutable) slot.borrowedMutably = true;
    } else if (!copyable) {
      slot.moved = true;
    }
    return { slot, bytes: slot.bytes };
  }

  /**
   * Sui's check of pure bytes against a parameter: the type must be one pure bytes may stand for, and the
   * bytes a valid value of it. With `pureInputsForAnyType`, other types take any bytes that decode as them.
   */
  private checkPure(bytes: Uint8Array, type: Type, what: string, index: number): void {
    const name = canonicalTypeName(type);
    if (isPureType(type)) {
      if (!isValidPureValue(type, bytes))
        throw argumentFail('InvalidBCSBytes', index, `${what}: the pure bytes are not a valid ${name}`);
      return;
    }
    if (!this.request.pureInputsForAnyType)
      throw argumentFail(
        'InvalidUsageOfPureArg',
        index,
        `${what}: ${name} cannot be passed as pure bytes (only primitives, strings, ID, and their vectors and options)`,
      );
    try {
      decodeValue(type, bytes, this.resolve);
    } catch {
      throw argumentFail('InvalidBCSBytes', index, `${what}: the pure bytes are not a valid ${name}`);
    }
  }

  /** Runs a MoveCall that `refuseMoveCalls` let through: the function exists and may take these types. */
  private moveCall(command: Extract<PtbCommand, { kind: 'MoveCall' }>): Slot[] {
    const fn = this.vm.function(command.package, command.module, command.function);
    const typeArgs = command.typeArgs.map((t) => this.vm.runtimeType(t));
    const params = fn.params.map((p) => substitute(p, typeArgs));
    const returns = fn.returns.map((r) => substitute(r, typeArgs));
    const used = command.args.map((arg, i) => {
      const param = params[i];
      if (!param) throw fail('ArityMismatch', `${command.function} takes ${params.length} arguments`);
      if (arg.kind === 'GasCoin' && param.kind !== 'ref')
        throw fail('CommandArgumentError', 'the gas coin can be passed by value only to TransferObjects');
      return this.use(arg, param, `argument ${i}`, i);
    });
    let outcome;
    try {
      outcome = this.vm.callFunction({
        package: command.package,
        module: command.module,
        function: command.function,
        typeArgs,
        args: used.map((u) => u.bytes),
        tx: this.tx,
        ...(this.request.instructionLimit === undefined
          ? {}
          : { instructionLimit: this.request.instructionLimit }),
      });
    } catch (error) {
      if (error instanceof VmLoadError) throw fail('CommandArgumentError', error.message);
      throw error;
    }
    if (!outcome.success) {
      const { message, code, location } = outcome.error;
      // Sui's execution status names a VM that ran out of gas `InsufficientGas`.
      const status = outcome.error.status === 'OUT_OF_GAS' ? 'InsufficientGas' : outcome.error.status;
      throw new CommandFailure(status, message, {
        ...(code === undefined ? {} : { code }),
        ...(location ? { location } : {}),
      });
    }
    for (const { index, bytes } of outcome.mutatedReferences) {
      const slot = used[index]?.slot;
      if (slot && slot.type !== null) slot.bytes = bytes;
    }
    return outcome.returnValues.map((bytes, k) => ({ type: returns[k]!, bytes, moved: false }));
  }

  /** The `Coin<T>` an argument holds, for SplitCoins and MergeCoins. */
  private coinSlot(arg: PtbArgument, what: string, index: number): Slot {
    const slot = this.slot(arg);
    const type = slot.type;
    if (type?.kind !== 'datatype' || type.address !== SUI || type.module !== 'coin' || type.name !== 'Coin')
      throw fail('CommandArgumentError', `${what} is not a coin`);
    // Split and merge take the coin by `&mut`: the same checks as a Move call's `&mut Coin<T>` parameter.
    return this.use(arg, { kind: 'ref', mutable: true, to: type }, what, index).slot;
  }

  private amount(arg: PtbArgument, index: number): bigint {
    const { bytes } = this.use(arg, { kind: 'u64' }, `amount ${index}`, index + 1);
    return new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(0, true);
  }

  private splitCoins(coinArg: PtbArgument, amounts: PtbArgument[]): Slot[] {
    const coin = this.coinSlot(coinArg, 'the coin to split', 0);
    let balance = coinBalance(coin.bytes);
    const pieces = amounts.map((arg, i) => this.amount(arg, i));
    const total = pieces.reduce((a, b) => a + b, 0n);
    if (total > balance)
      throw fail('InsufficientCoinBalance', `splitting ${total} from a coin of ${balance}`);
    const out = pieces.map((value) => {
      const id = this.tx.freshId();
      return { type: coin.type, bytes: coinBytes(id, value), moved: false };
    });
    balance -= total;
    coin.bytes = coinBytes(idOf(coin.bytes), balance);
    return out;
  }

  private mergeCoins(destinationArg: PtbArgument, sources: PtbArgument[]): Slot[] {
    const destination = this.coinSlot(destinationArg, 'the destination coin', 0);
    let balance = coinBalance(destination.bytes);
    for (const [i, arg] of sources.entries()) {
      if (this.slot(arg) === destination)
        throw fail('CommandArgumentError', `source ${i} is the destination coin itself`);
      if (arg.kind === 'GasCoin')
        throw fail('CommandArgumentError', 'the gas coin cannot be merged into another');
      const { bytes } = this.use(arg, destination.type!, `source ${i}`, i + 1);
      balance += coinBalance(bytes);
      if (balance > U64_MAX) throw fail('CoinBalanceOverflow', 'the merged balance exceeds u64');
      this.tx.deletedIds.push(idOf(bytes));
    }
    destination.bytes = coinBytes(idOf(destination.bytes), balance);
    return [];
  }

  private transferObjects(objects: PtbArgument[], addressArg: PtbArgument): Slot[] {
    const { bytes: recipient } = this.use(addressArg, { kind: 'address' }, 'the recipient', objects.length);
    const address = Buffer.from(recipient).toString('hex');
    for (const [i, arg] of objects.entries()) {
      const slot = this.slot(arg);
      if (slot.type === null) throw fail('CommandArgumentError', `object ${i} is a pure value`);
      const abilities = this.abilities(slot.type);
      if (!(abilities & ABILITY.key) || !(abilities & ABILITY.store))
        throw fail(
          'CommandArgumentError',
          `object ${i} (${canonicalTypeName(slot.type)}) lacks key and store`,
        );
      const { bytes } = this.use(arg, slot.type, `object ${i}`, i);
      slot.moved = true; // even the gas coin leaves with the transfer
      this.tx.transfers.push({
        objectId: idOf(bytes),
        type: slot.type,
        owner: { kind: 'address', address },
        value: decodeValue(slot.type, bytes, this.resolve),
      });
    }
    return [];
  }

  private makeMoveVec(typeArg: string | Type | null, elements: PtbArgument[]): Slot[] {
    let type = typeArg === null ? null : this.vm.runtimeType(typeArg);
    if (!type) {
      const first = elements[0] ? this.slot(elements[0]).type : null;
      if (!first) throw fail('CommandArgumentError', 'MakeMoveVec needs a type for empty or pure elements');
      type = first;
    }
    const elementType = type;
    const parts = elements.map((arg, i) => this.use(arg, elementType, `element ${i}`, i).bytes);
    // One copy of each element's bytes (spreading them into a JS array first took seconds for large inputs).
    const bytes = concatBytes(ulebBytes(parts.length), ...parts);
    return [{ type: { kind: 'vector', elem: elementType }, bytes, moved: false }];
  }

  /** Sui refuses to end a transaction with a result that has no `drop` and was never moved. */
  private unusedWithoutDrop(): PtbError | null {
    for (const [i, slots] of this.results.entries())
      for (const [j, slot] of slots.entries())
        if (!slot.moved && !(this.abilities(slot.type!) & ABILITY.drop))
          return {
            command: i,
            status: 'UnusedValueWithoutDrop',
            message: `result ${i}.${j} (${canonicalTypeName(slot.type!)}) has no drop and was not used by value`,
          };
    return null;
  }

  private failedEffects(error: PtbError): PtbEffects {
    return {
      success: false,
      error,
      created: [],
      mutated: [this.change(this.gas, { kind: 'address', address: this.tx.sender })],
      deleted: [],
      wrapped: [],
      events: [],
      accumulatorWrites: [],
      returnValues: [],
      gas: this.gasSummary(),
      tx: this.tx,
    };
  }

  /** A transaction Sui refuses before running it: nothing changes, not even the gas coin, and nothing is paid. */
  private refusedEffects(error: PtbError): PtbEffects {
    return { ...this.failedEffects(error), mutated: [], gas: { gasUnits: 0, computationCost: 0n } };
  }

  private gasSummary(): GasSummary {
    return finalGas(this.tx.gas, this.tx.gasBudget, this.tx.gasPrice).summary;
  }

  /** The accumulator events netted per accumulator, as Sui's effects carry them (`AccumulatorWriteV1::merge`). */
  private accumulatorWrites(): AccumulatorWrite[] {
    const writes = new Map<string, AccumulatorWrite & { merged: bigint; split: bigint }>();
    for (const event of this.tx.accumulatorEvents) {
      let write = writes.get(event.accumulator);
      if (!write) {
        write = {
          accumulator: event.accumulator,
          address: event.address,
          type: this.typeName(event.type),
          operation: 'merge',
          value: 'amount' in event.value ? { amount: 0n } : { eventIndices: [] },
          merged: 0n,
          split: 0n,
        };
        writes.set(event.accumulator, write);
      }
      if ('eventIndex' in event.value && 'eventIndices' in write.value)
        write.value.eventIndices.push(event.value.eventIndex);
      else if ('amount' in event.value)
        write[event.action === 'merge' ? 'merged' : 'split'] += event.value.amount;
    }
    return [...writes.values()]
      .sort((a, b) => (a.accumulator < b.accumulator ? -1 : 1))
      .map(({ merged, split, ...write }) =>
        'amount' in write.value
          ? {
              ...write,
              operation: merged >= split ? 'merge' : 'split',
              value: { amount: merged >= split ? merged - split : split - merged },
            }
          : write,
      );
  }

  /**
   * Dynamic fields (and objects held in dynamic object fields) as Sui's effects list them: objects owned
   * by their parent. One added is created (or, for an object that existed, mutated: its owner changed),
   * one whose contents or parent changed is mutated, one removed is deleted, or, if it was taken out and
   * transferred or wrapped, mutated or wrapped. A field added and removed again is not listed at all.
   */
  private childChanges(lastOwner: Map<string, Owner>, deleted: Set<string>) {
    const createdIds = new Set(this.tx.createdIds);
    const created: ObjectChange[] = [];
    const mutated: ObjectChange[] = [];
    const removed: string[] = [];
    const wrapped: string[] = [];
    for (const [id, child] of this.tx.children) {
      const bytes = encodeValue(child.type, child.cell[0], this.resolve);
      const owner: ChangeOwner = { kind: 'object', id: child.parent };
      const change: ObjectChange = { id, type: this.typeName(child.type), owner, bytes };
      const before = this.childrenBefore.get(id);
      if (!before) (createdIds.has(id) ? created : mutated).push(change);
      else if (before.parent !== child.parent || before.bytes !== Buffer.from(bytes).toString('hex'))
        mutated.push(change);
    }
    for (const id of this.childrenBefore.keys()) {
      if (this.tx.children.has(id)) continue;
      if (deleted.has(id)) removed.push(id);
      else if (!lastOwner.has(id)) wrapped.push(id);
      // Taken out and transferred: the transfer is in tx.transfers, and it is mutated with its new owner.
      else mutated.push(this.lastTransfer(id));
    }
    return { created, mutated, deleted: removed, wrapped };
  }

  /** An object that existed, as its last transfer in the transaction left it. */
  private lastTransfer(id: string): ObjectChange {
    const transfer = [...this.tx.transfers].reverse().find((t) => t.objectId === id)!;
    return {
      id,
      type: this.typeName(transfer.type),
      owner: transfer.owner,
      bytes: encodeValue(transfer.type, transfer.value, this.resolve),
    };
  }

  /**
   * Received objects existed before the transaction: deleted, transferred (mutated, with the new owner) or
   * wrapped by then; one now held in a dynamic field is a child change.
   */
  private receivedChanges(lastOwner: Map<string, Owner>, deleted: Set<string>) {
    const changes = { mutated: [] as ObjectChange[], deleted: [] as string[], wrapped: [] as string[] };
    for (const id of this.tx.receivedIds) {
      if (deleted.has(id)) changes.deleted.push(id);
      else if (lastOwner.has(id)) changes.mutated.push(this.lastTransfer(id));
      else if (!this.tx.children.has(id)) changes.wrapped.push(id);
    }
    return changes;
  }

  private change(slot: Slot, owner: Owner): ObjectChange {
    return {
      id: slot.objectId ?? idOf(slot.bytes),
      type: this.typeName(slot.type!),
      owner,
      bytes: slot.bytes,
    };
  }

  private effects(returnValues: { type: string; bytes: Uint8Array }[][]): PtbEffects {
    const lastOwner = new Map<string, Owner>();
    for (const t of this.tx.transfers) lastOwner.set(t.objectId, t.owner);
    const deleted = new Set(this.tx.deletedIds);
    const existing = new Set<string>();
    const mutated: ObjectChange[] = [];
    const wrapped: string[] = [];
    for (const slot of [this.gas, ...this.inputs]) {
      if (!slot.objectId || existing.has(slot.objectId)) continue;
      existing.add(slot.objectId);
      const before = slot === this.gas ? ({ kind: 'address', address: this.tx.sender } as Owner) : null;
      const owner = lastOwner.get(slot.objectId) ?? before ?? this.store.get(slot.objectId)!.owner;
      if (deleted.has(slot.objectId)) continue;
      if (this.tx.children.has(slot.objectId)) continue; // now held in a dynamic field: a child change
      if (slot.moved && !lastOwner.has(slot.objectId)) wrapped.push(slot.objectId);
      else if (slot === this.gas || slot.moved || slot.borrowedMutably)
        mutated.push(this.change(slot, owner));
    }
    const createdIds = new Set(this.tx.createdIds);
    const created = this.tx.transfers
      .filter(
        (t) =>
          createdIds.has(t.objectId) && !deleted.has(t.objectId) && lastOwner.get(t.objectId) === t.owner,
      )
      .map((t) => ({
        id: t.objectId,
        type: this.typeName(t.type),
        owner: t.owner,
        bytes: encodeValue(t.type, t.value, this.resolve),
      }));
    const children = this.childChanges(lastOwner, deleted);
    const received = this.receivedChanges(lastOwner, deleted);
    return {
      success: true,
      error: null,
      created: [...created, ...children.created],
      mutated: [...mutated, ...received.mutated, ...children.mutated],
      deleted: [...[...existing].filter((id) => deleted.has(id)), ...received.deleted, ...children.deleted],
      wrapped: [...wrapped, ...received.wrapped, ...children.wrapped],
      events: this.tx.events.map((e) => ({
        type: this.typeName(e.type),
        bytes: encodeValue(e.type, e.value, this.resolve),
      })),
      accumulatorWrites: this.accumulatorWrites(),
      returnValues,
      gas: this.gasSummary(),
      tx: this.tx,
    };
  }
}

/** Runs a PTB; requests that cannot be run at all (an input missing from the store) throw VmLoadError. */
export function executePtb(vm: MoveVm, request: PtbRequest): PtbEffects {
  return new PtbExecutor(vm, request).run();
}
