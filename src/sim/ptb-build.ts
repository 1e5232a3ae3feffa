// A PTB spec (§9.1) as a ProgrammableTransaction, following `smi_tx_sim`'s input rules
// (spec/rust-contracts.md §3.2) so the BCS matches upstream's byte for byte: each call is one MoveCall,
// equal pure values share one input, an object appears once (a shared object used mutably anywhere is
// mutable), and `gas_coin` is the gas coin as an ordinary object input.
import { bcs } from '@mysten/sui/bcs';
import { toHex } from '@mysten/sui/utils';
import { argKind, type PtbArg, type PtbSpec } from '../core/phase2/ptb-spec.js';
import { isMoveIdentifier } from '../move/identifier.js';
import { rejected } from './errors.js';
import { bool, integer, normalizeAddress, pureBytes } from './pure-args.js';
import { isTypeTag } from './type-names.js';

export interface ObjectRef {
  objectId: string;
  version: string | number;
  /** Base58. */
  digest: string;
}

/** Where object arguments come from: mocks offline, the chain with RPC. */
export interface ObjectSource {
  ownedRef(objectId: string): Promise<ObjectRef>;
  sharedInitialVersion(objectId: string): Promise<string | number>;
  gasCoin(): Promise<ObjectRef>;
  senderCoin(index: number, excludeGas: boolean): Promise<ObjectRef>;
}

type CallArg = Parameters<typeof bcs.CallArg.serialize>[0];
type Argument = Parameters<typeof bcs.Argument.serialize>[0];
type Command = Parameters<typeof bcs.Command.serialize>[0];
export type ProgrammableTransaction = Parameters<typeof bcs.ProgrammableTransaction.serialize>[0];

function resultIndex(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 0xffff) {
    throw rejected(`${what} must be a command index in 0..65535, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** Inputs with the Sui builder's de-duplication. */
class InputTable {
  readonly inputs: CallArg[] = [];
  private readonly pure = new Map<string, number>();
  private readonly objects = new Map<string, { index: number; kind: 'owned' | 'shared' }>();

  addPure(bytes: Uint8Array): Argument {
    const key = toHex(bytes);
    let index = this.pure.get(key);
    if (index === undefined) {
      index = this.inputs.push({ Pure: { bytes } }) - 1;
      this.pure.set(key, index);
    }
    return { Input: index };
  }

  addOwned(ref: ObjectRef): Argument {
    const id = normalizeAddress(ref.objectId, 'object id');
    const seen = this.objects.get(id);
    if (seen) {
      if (seen.kind !== 'owned') throw rejected(`Mismatched Object argument kind for ${id}`);
      return { Input: seen.index };
    }
    const index = this.inputs.push({ Object: { ImmOrOwnedObject: { ...ref, objectId: id } } }) - 1;
    this.objects.set(id, { index, kind: 'owned' });
    return { Input: index };
  }

  addShared(objectId: string, initialSharedVersion: string | number, mutable: boolean): Argument {
    const id = normalizeAddress(objectId, 'object id');
    const seen = this.objects.get(id);
    if (seen) {
      const input = this.inputs[seen.index];
      const shared =
        input && 'Object' in input && input.Object && 'SharedObject' in input.Object
          ? input.Object.SharedObject
          : null;
      if (
        seen.kind !== 'shared' ||
        !shared ||
        String(shared.initialSharedVersion) !== String(initialSharedVersion)
      ) {
        throw rejected(`Mismatched Object argument kind for ${id}`);
      }
      shared.mutable = shared.mutable || mutable;
      return { Input: seen.index };
    }
    const index =
      this.inputs.push({ Object: { SharedObject: { objectId: id, initialSharedVersion, mutable } } }) - 1;
    this.objects.set(id, { index, kind: 'shared' });
    return { Input: index };
  }
}

async function argument(arg: PtbArg, inputs: InputTable, source: ObjectSource): Promise<Argument> {
  const record = arg as Record<string, unknown>;
  // Result references are recognised first, whatever else the object holds (as smi_tx_sim does).
  if ('result' in record) return { Result: resultIndex(record.result, 'result') };
  if ('nested_result' in record) {
    const pair = record.nested_result;
    if (!Array.isArray(pair) || pair.length !== 2) throw rejected('nested_result needs [command, index]');
    return { NestedResult: [resultIndex(pair[0], 'nested_result'), resultIndex(pair[1], 'nested_result')] };
  }
  const keys = Object.keys(record);
  if (keys.length !== 1) throw rejected(`a PTB argument needs exactly one key, got ${JSON.stringify(keys)}`);
  const kind = argKind(arg);
  const value = record[kind];
  const pure = pureBytes(kind, value);
  if (pure) return inputs.addPure(pure);
  switch (kind) {
    case 'imm_or_owned_object':
      if (typeof value !== 'string') throw rejected('imm_or_owned_object needs an object id string');
      return inputs.addOwned(await source.ownedRef(normalizeAddress(value, 'object id')));
    case 'shared_object': {
      const shared = value as { id?: unknown; mutable?: unknown } | null;
      if (typeof shared?.id !== 'string' || typeof shared.mutable !== 'boolean') {
        throw rejected('shared_object needs {"id": string, "mutable": bool}');
      }
      const id = normalizeAddress(shared.id, 'object id');
      return inputs.addShared(id, await source.sharedInitialVersion(id), shared.mutable);
    }
    case 'sender_sui_coin': {
      const options = (value ?? {}) as { index?: unknown; exclude_gas?: unknown };
      const index =
        options.index === undefined ? 0 : Number(integer(options.index, 32, 'sender_sui_coin.index'));
      const excludeGas = options.exclude_gas === undefined ? true : bool(options.exclude_gas, 'exclude_gas');
      return inputs.addOwned(await source.senderCoin(index, excludeGas));
    }
    case 'gas_coin':
      return inputs.addOwned(await source.gasCoin());
    case '$smi_placeholder':
      throw rejected(`unresolved placeholder for ${JSON.stringify(value)}: no object of that type to use`);
    default:
      throw rejected(`unsupported PTB arg kind: ${kind}`);
  }
}

export function moveCallTarget(target: string): { package: string; module: string; function: string } {
  const parts = target.split('::');
  const [address = '', module = '', name = ''] = parts;
  if (parts.length !== 3 || !isMoveIdentifier(module) || !isMoveIdentifier(name)) {
    throw rejected(`invalid call target ${JSON.stringify(target)}: expected 0xADDR::module::function`);
  }
  return { package: normalizeAddress(address, 'package id'), module, function: name };
}

/** @throws SimulationError (rejected) naming the call and what is wrong with it */
export async function buildProgrammableTransaction(
  spec: PtbSpec,
  source: ObjectSource,
): Promise<ProgrammableTransaction> {
  if (!Array.isArray(spec.calls)) throw rejected('the PTB spec has no "calls" list');
  const inputs = new InputTable();
  const commands: Command[] = [];
  for (const [index, call] of spec.calls.entries()) {
    try {
      const typeArguments = call.type_args ?? [];
      for (const typeArg of typeArguments) {
        if (!isTypeTag(typeArg)) throw rejected(`invalid type argument ${JSON.stringify(typeArg)}`);
      }
      const args: Argument[] = [];
      for (const arg of call.args ?? []) args.push(await argument(arg, inputs, source));
      commands.push({ MoveCall: { ...moveCallTarget(call.target), typeArguments, arguments: args } });
    } catch (error) {
      if (error instanceof Error) error.message = `call ${index} (${call.target}): ${error.message}`;
      throw error;
    }
  }
  return { inputs: inputs.inputs, commands };
}
