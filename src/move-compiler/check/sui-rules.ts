// Sui's rules on what a body does: calls only the module defining a type may make (private transfers,
// event emission), and the calls and packs that `init` and the one-time witness forbid.
import type { Loc } from '../ast.js';
import { CODES } from '../codes.js';
import type { FunctionContext, PendingSuiCall } from './function-context.js';
import { showType } from './infer.js';
import type { ModuleScope } from './scope.js';
import { sameModule } from './scope.js';
import type { FunctionSig } from './signatures.js';
import type { Type } from '../types.js';

const SUI = '0'.repeat(63) + '2';
const PRIVATE_TRANSFER_FUNCTIONS = new Set([
  'transfer',
  'freeze_object',
  'share_object',
  'receive',
  'party_transfer',
]);

/** Sui E02006: `init` runs once, at publication; no code may call it (tests aside). */
export function reportInitCall(f: FunctionContext, fn: FunctionSig, loc: Loc): void {
  f.ctx.report(
    CODES.suiInitCall,
    loc,
    `'${fn.module.name}::init' cannot be called: Sui calls a module's 'init' once, when the package is published`,
    [],
    ['To reuse its code, move it into another function and call that one.'],
  );
}

/** Sui E02005: the one-time witness exists only as the value Sui passes to `init`. */
export function reportWitnessPack(f: FunctionContext, name: string, loc: Loc): void {
  f.ctx.report(
    CODES.suiOneTimeWitnessUsage,
    loc,
    `one-time witness '${name}' cannot be created by code: Sui passes it to 'init' at publication`,
  );
}

/** `transfer::transfer<T>` and friends, and `event::emit<T>`, need `T` declared in the calling module. */
export function checkSuiCall(scope: ModuleScope, call: PendingSuiCall, finalArgs: Type[]): void {
  if (call.module.address !== SUI) return;
  const isTransfer = call.module.name === 'transfer' && PRIVATE_TRANSFER_FUNCTIONS.has(call.name);
  const isEmit = call.module.name === 'event' && call.name === 'emit';
  if (!isTransfer && !isEmit) return;
  const arg = finalArgs[0];
  if (!arg || (arg.kind === 'datatype' && sameModule(arg.module, scope.self))) return;
  if (isEmit) {
    scope.ctx.report(
      CODES.suiInvalidEvent,
      call.loc,
      `'event::emit' needs an event type declared in this module, found '${showType(arg)}'`,
    );
    return;
  }
  scope.ctx.report(
    CODES.suiPrivateTransfer,
    call.loc,
    `'transfer::${call.name}' only works on types declared in this module; '${showType(arg)}' is not` +
      `; 'transfer::public_${call.name}' works on any type with 'store'`,
  );
}
