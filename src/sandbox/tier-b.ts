// Tier B (spec rust-contracts §4.5): the target called in one transaction over the in-process VM. Arguments
// built by constructors are their calls' results in the same transaction (Result / NestedResult); upstream ran
// the constructors in a separate transaction and passed empty bytes instead. Leftover objects go to the sender.
import { createHash } from 'node:crypto';
import { VmError, VmLoadError } from '../vm/errors.js';
import { ABILITY, type LoadedFunction } from '../vm/loader.js';
import type { MoveVm } from '../vm/move-vm.js';
import {
  executePtb,
  type PtbArgument,
  type PtbCommand,
  type PtbEffects,
  type PtbInput,
  type StoredObject,
} from '../vm/ptb.js';
import { substitute, type Type } from '../vm/types.js';
import type { ArgSource } from './tier-a.js';
import { u64Bytes } from './synthetic-values.js';
import { shortAddress } from './row.js';

const SUI = '0'.repeat(63) + '2';
const CLOCK_ID = '0'.repeat(63) + '6';
/** Upstream's clock: 2024-01-01T00:00:00Z. */
export const CLOCK_TIMESTAMP_MS = 1_704_067_200_000n;
export const SANDBOX_SENDER = '0'.repeat(64);

export interface SandboxPtb {
  sender: string;
  digest: Uint8Array;
  inputs: PtbInput[];
  commands: PtbCommand[];
  objects: StoredObject[];
  /** Index of the target's MoveCall among the commands. */
  targetCommand: number;
}

function clockObject(): StoredObject {
  return {
    id: CLOCK_ID,
    type: { kind: 'datatype', address: SUI, module: 'clock', name: 'Clock', args: [] },
    bytes: Uint8Array.from([...Buffer.from(CLOCK_ID, 'hex'), ...u64Bytes(CLOCK_TIMESTAMP_MS)]),
    owner: { kind: 'shared' },
  };
}

/** A digest of its own per target, so object ids differ between targets and never depend on run order. */
export function targetDigest(fn: LoadedFunction): Uint8Array {
  return createHash('sha256')
    .update(`smi-bench sandbox ${fn.module.address}::${fn.module.name}::${fn.name}`)
    .digest();
}

/** The transaction: constructor calls, then the target, then the leftover objects transferred to the sender. */
export function buildSandboxPtb(
  vm: MoveVm,
  target: LoadedFunction,
  typeArgs: Type[],
  args: ArgSource[],
): SandboxPtb {
  const inputs: PtbInput[] = [];
  const commands: PtbCommand[] = [];
  let clock: PtbArgument | null = null;
  /** Results without `drop` not yet taken by value, by `command.result`: they must be disposed of at the end. */
  const pending = new Map<string, { arg: PtbArgument; type: Type }>();
  const resultArg = (index: number, k: number, count: number): PtbArgument =>
    count === 1 ? { kind: 'Result', index } : { kind: 'NestedResult', index, resultIndex: k };
  const clockInput = (): PtbArgument => {
    if (!clock) {
      inputs.push({ kind: 'Object', id: CLOCK_ID });
      clock = { kind: 'Input', index: inputs.length - 1 };
    }
    return clock;
  };
  const call = (fn: LoadedFunction, callTypeArgs: Type[], sources: ArgSource[]): number => {
    const params = fn.params.map((p) => substitute(p, callTypeArgs));
    const callArgs: PtbArgument[] = [];
    sources.forEach((source, i) => {
      if (source.kind === 'txContext' || source.kind === 'object') return;
      if (source.kind === 'clock') return callArgs.push(clockInput());
      if (source.kind === 'pure') {
        inputs.push({ kind: 'Pure', bytes: source.bytes });
        return callArgs.push({ kind: 'Input', index: inputs.length - 1 });
      }
      // A constructor's first result; taken by value it is used up, by reference it stays to be disposed of.
      const index = call(source.call.fn, source.call.typeArgs, source.call.args);
      callArgs.push(resultArg(index, 0, source.call.fn.returns.length));
      if (params[i]!.kind !== 'ref') pending.delete(`${index}.0`);
    });
    commands.push({
      kind: 'MoveCall',
      package: fn.module.address,
      module: fn.module.name,
      function: fn.name,
      typeArgs: callTypeArgs,
      args: callArgs,
    });
    const index = commands.length - 1;
    fn.returns.forEach((r, k) => {
      const type = substitute(r, callTypeArgs);
      if (type.kind === 'ref' || vm.loader.abilitiesOf(type) & ABILITY.drop) return;
      pending.set(`${index}.${k}`, { arg: resultArg(index, k, fn.returns.length), type });
    });
    return index;
  };
  const targetCommand = call(target, typeArgs, args);
  // Objects left over (a constructor's other results, values the target borrowed or returned) go to the sender,
  // as a transaction on chain must; a leftover that is not an object fails the transaction, as it would there.
  const transferable = [...pending.values()].filter(
    (p) => (vm.loader.abilitiesOf(p.type) & (ABILITY.key | ABILITY.store)) === (ABILITY.key | ABILITY.store),
  );
  if (transferable.length > 0) {
    inputs.push({ kind: 'Pure', bytes: Buffer.from(SANDBOX_SENDER, 'hex') });
    commands.push({
      kind: 'TransferObjects',
      objects: transferable.map((p) => p.arg),
      address: { kind: 'Input', index: inputs.length - 1 },
    });
  }
  return {
    sender: SANDBOX_SENDER,
    digest: targetDigest(target),
    inputs,
    commands,
    objects: clock ? [clockObject()] : [],
    targetCommand,
  };
}

export type TierBOutcome =
  | { success: true; effects: PtbEffects }
  | {
      success: false;
      stage: 'B1' | 'B2';
      error: string;
      /** The failing command, when one was reached. */
      command: number | null;
      effects: PtbEffects | null;
    };

/** How an execution failure reads in a row: status, abort code and location, then the message. */
export function describePtbError(error: NonNullable<PtbEffects['error']>): string {
  const parts = [error.status];
  if (error.code !== undefined) parts.push(`code ${error.code}`);
  if (error.location)
    parts.push(
      `in ${shortAddress(error.location.address)}::${error.location.module}::${error.location.function} at offset ${error.location.offset}`,
    );
  return `${parts.join(' ')}: ${error.message} (command ${error.command})`;
}

export function runSandboxPtb(vm: MoveVm, ptb: SandboxPtb, instructionLimit: number): TierBOutcome {
  let effects: PtbEffects;
  try {
    // Upstream's sandbox passes synthesised structs (and one-time witnesses) as pure bytes; Sui would not.
    effects = executePtb(vm, { ...ptb, instructionLimit, pureInputsForAnyType: true });
  } catch (error) {
    // A request the executor cannot run at all (an input missing from the store, bytes it cannot read).
    if (!(error instanceof VmLoadError || error instanceof VmError)) throw error;
    return { success: false, stage: 'B2', error: error.message, command: null, effects: null };
  }
  if (effects.success) return { success: true, effects };
  const failed = effects.error!;
  // A value left over at the end is reported at the command that made it; the target had run by then. So had
  // it when the transaction fails as a whole (command null): the funds check after the commands ran, as the
  // sandbox reserves no funds.
  const afterTarget =
    failed.status === 'UnusedValueWithoutDrop' ||
    failed.command === null ||
    failed.command >= ptb.targetCommand;
  const stage = afterTarget ? 'B2' : 'B1';
  return { success: false, stage, error: describePtbError(failed), command: failed.command, effects };
}
