// Sui checks every MoveCall of a PTB before any command runs: it first loads each call (the function must
// exist, its type arguments must fit), then verifies each (no private generics, visibility, no reference
// returned). A refused call fails the transaction at its own command even when an earlier command would
// have aborted, so the checks run here as a pass over all commands, in Sui's order, ahead of execution.
import { VmLoadError } from './errors.js';
import type { LoadedFunction } from './loader.js';
import type { MoveVm } from './move-vm.js';
import { STD, SUI } from './natives/registry.js';
import type { Type } from './types.js';
import { checkTypeArguments, TypeArgumentsRefused } from './type-args.js';

/** A MoveCall as the executor receives it (the fields these checks read). */
export interface CheckedCall {
  package: string;
  module: string;
  function: string;
  typeArgs: readonly (string | Type)[];
}

export interface CallRefusal {
  command: number;
  status: string;
  message: string;
}

/**
 * Framework functions with an "internal" type parameter (Sui's private-generics rule): it may only be
 * instantiated with a type of the calling module. A transaction has no module of its own, so it can never
 * call them directly. Each maps to the advice given with the refusal.
 */
const INTERNAL_TYPE_PARAMETER = new Map<string, string>([
  [`${STD}::internal::permit`, 'only the module that defines the type can create its permit'],
  [`${SUI}::event::emit`, 'only the module that defines the event type can emit it'],
  [`${SUI}::event::emit_authenticated`, 'only the module that defines the event type can emit it'],
  [`${SUI}::transfer::transfer`, 'for a type with store, call transfer::public_transfer'],
  [`${SUI}::transfer::freeze_object`, 'for a type with store, call transfer::public_freeze_object'],
  [`${SUI}::transfer::share_object`, 'for a type with store, call transfer::public_share_object'],
  [`${SUI}::transfer::receive`, 'for a type with store, call transfer::public_receive'],
  [`${SUI}::transfer::party_transfer`, 'for a type with store, call transfer::public_party_transfer'],
  [
    `${SUI}::coin_registry::new_currency`,
    'only the coin type’s module can create its currency (or use new_currency_with_otw)',
  ],
]);

/** The first refusal among `calls` (command index → call), or null when every call may run. */
export function refuseMoveCalls(vm: MoveVm, calls: [number, CheckedCall][]): CallRefusal | null {
  const loaded: [number, LoadedFunction][] = [];
  for (const [command, call] of calls) {
    let fn;
    try {
      fn = vm.function(call.package, call.module, call.function);
    } catch (error) {
      if (error instanceof VmLoadError)
        return { command, status: 'FunctionNotFound', message: error.message };
      throw error;
    }
    const typeArgs = call.typeArgs.map((t) => vm.runtimeType(t));
    try {
      checkTypeArguments(vm.loader, fn, typeArgs);
    } catch (error) {
      if (error instanceof TypeArgumentsRefused)
        return { command, status: error.status, message: error.message };
      throw error;
    }
    loaded.push([command, fn]);
  }
  for (const [command, fn] of loaded) {
    const name = `${fn.module.name}::${fn.name}`;
    const advice = INTERNAL_TYPE_PARAMETER.get(`${fn.module.address}::${name}`);
    if (advice)
      return {
        command,
        status: 'NonEntryFunctionInvoked',
        message: `${name} cannot be called from a transaction: its type argument must be a type of the calling module (${advice})`,
      };
    if (fn.visibility !== 'Public' && !fn.isEntry)
      return { command, status: 'NonEntryFunctionInvoked', message: `${name} is neither public nor entry` };
    if (fn.returns.some((r) => r.kind === 'ref'))
      return {
        command,
        status: 'InvalidPublicFunctionReturnType',
        message: `${fn.name} returns a reference`,
      };
  }
  return null;
}
