// Sui's own rules on modules: `init` and one-time witnesses, and calls that only the module defining
// a type may make (private transfers, event emission).
import type { FunctionDecl, ModuleDecl } from '../ast.js';
import { CODES } from '../codes.js';
import { DROP, type Type } from '../types.js';
import type { PendingSuiCall } from './function-context.js';
import { showType } from './infer.js';
import type { ModuleScope } from './scope.js';
import { sameModule } from './scope.js';
import type { FunctionSig } from './signatures.js';

const SUI = '0'.repeat(63) + '2';
const PRIVATE_TRANSFER_FUNCTIONS = new Set(['transfer', 'freeze_object', 'share_object', 'receive', 'party_transfer']);

function isSuiType(type: Type, module: string, name: string): boolean {
  return type.kind === 'datatype' && type.module.address === SUI && type.module.name === module && type.name === name;
}

function isTxContextRef(type: Type): boolean {
  return type.kind === 'ref' && isSuiType(type.inner, 'tx_context', 'TxContext');
}

/** `init(ctx)` or `init(witness, ctx)`: private, not entry, no type parameters, returns nothing. */
export function checkInit(scope: ModuleScope, decl: FunctionDecl, sig: FunctionSig, module: ModuleDecl): void {
  const ctx = scope.ctx;
  const report = (message: string, loc = decl.name.loc) => ctx.report(CODES.suiInvalidInit, loc, message);
  if (sig.visibility !== 'private') report("'init' must be private", decl.visibilityLoc ?? decl.name.loc);
  if (sig.isEntry) report("'init' cannot be 'entry'");
  if (sig.typeParams.length > 0) report("'init' cannot have type parameters");
  if (sig.returns.length > 0) report("'init' must not return values", decl.returnType?.loc);
  const last = sig.params[sig.params.length - 1];
  if (!last || !isTxContextRef(last)) {
    report("the last parameter of 'init' must be '&TxContext' or '&mut TxContext'", decl.params[decl.params.length - 1]?.loc);
  }
  if (sig.params.length > 2) report("'init' takes at most two parameters: a one-time witness and the context", decl.params[2]?.loc);
  if (sig.params.length === 2) checkWitnessParam(scope, sig.params[0]!, decl, module);
}

function checkWitnessParam(scope: ModuleScope, type: Type, decl: FunctionDecl, module: ModuleDecl): void {
  const ctx = scope.ctx;
  const loc = decl.params[0]!.loc;
  const expectedName = module.name.value.toUpperCase();
  if (type.kind !== 'datatype' || !sameModule(type.module, scope.self) || type.name !== expectedName) {
    ctx.report(CODES.suiInvalidInit, loc, `the first parameter of 'init' must be the one-time witness '${expectedName}', found '${showType(type)}'`);
    return;
  }
  const sig = ctx.datatype(type.module, type.name);
  if (!sig || sig.kind !== 'struct') return;
  const fields = sig.fields ?? [];
  const onlyBool = fields.length === 0 || (fields.length === 1 && fields[0]!.type.kind === 'prim' && fields[0]!.type.name === 'bool');
  const declLoc = module.members.find((m) => m.kind === 'struct' && m.name.value === expectedName)?.loc ?? loc;
  if (sig.abilities !== DROP || sig.typeParams.length > 0 || !onlyBool) {
    ctx.report(
      CODES.suiOneTimeWitness,
      declLoc,
      `one-time witness '${expectedName}' must have only 'drop', no type parameters, and no fields (or a single bool field)`,
    );
  }
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
    scope.ctx.report(CODES.suiInvalidEvent, call.loc, `'event::emit' needs an event type declared in this module, found '${showType(arg)}'`);
    return;
  }
  scope.ctx.report(
    CODES.suiPrivateTransfer,
    call.loc,
    `'transfer::${call.name}' only works on types declared in this module; '${showType(arg)}' is not` +
      `; 'transfer::public_${call.name}' works on any type with 'store'`,
  );
}
