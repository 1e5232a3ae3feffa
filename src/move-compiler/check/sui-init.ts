// Sui's rules on a module's `init` function (Sui E02003) and on its one-time witness, the struct named
// as the module in upper case (Sui E02004). As in Sui's compiler, the primary label is the name of the
// `init` function or of the witness struct; what is wrong is a secondary label.
import type { FunctionDecl, Loc, ModuleDecl, StructDecl } from '../ast.js';
import { CODES } from '../codes.js';
import type { Label } from '../diagnostics.js';
import { DROP, type Type } from '../types.js';
import { showType } from './infer.js';
import type { ModuleScope } from './scope.js';
import { sameModule } from './scope.js';
import type { FunctionSig, StructSig } from './signatures.js';

const SUI = '0'.repeat(63) + '2';

const WITNESS_NOTE =
  "A one-time witness is a struct named as its module in upper case, with only the 'drop' ability, no type " +
  "parameters, and no fields (or a single 'bool' field); Sui passes it to 'init' at publication.";

/** A struct named as the module's one-time witness, with acceptable fields; `valid` when it is a witness. */
export interface WitnessStatus {
  name: string;
  decl: StructDecl;
  valid: boolean;
}

function witnessStruct(
  scope: ModuleScope,
  module: ModuleDecl,
): { decl: StructDecl; sig: StructSig } | undefined {
  const name = module.name.value.toUpperCase();
  const decl = module.members.find((m): m is StructDecl => m.kind === 'struct' && m.name.value === name);
  const sig = scope.ctx.datatype(scope.self, name);
  return decl && sig?.kind === 'struct' ? { decl, sig } : undefined;
}

/** Checks the witness struct when its fields fit a witness (otherwise only an `init` using it is checked). */
export function checkWitnessDeclaration(scope: ModuleScope, module: ModuleDecl): WitnessStatus | undefined {
  const found = witnessStruct(scope, module);
  if (!found || invalidWitnessField(found.decl, found.sig)) return undefined;
  return {
    name: found.decl.name.value,
    decl: found.decl,
    valid: checkWitnessShape(scope, found.decl, found.sig),
  };
}

/** The first field that keeps a struct from being a witness: a non-bool first field, or a second field. */
function invalidWitnessField(decl: StructDecl, sig: StructSig): Loc | undefined {
  const fields = sig.fields ?? [];
  const locs =
    decl.fields.kind === 'named'
      ? decl.fields.fields.map((f) => f.loc)
      : decl.fields.kind === 'positional'
        ? decl.fields.types.map((t) => t.loc)
        : [];
  const first = fields[0]?.type;
  if (first && !(first.kind === 'prim' && first.name === 'bool')) return locs[0];
  return fields.length > 1 ? locs[1] : undefined;
}

function checkWitnessShape(scope: ModuleScope, decl: StructDecl, sig: StructSig, usage?: Loc): boolean {
  const report = (problem: Label) => {
    const secondary = usage
      ? [problem, { loc: usage, message: 'Used as a one-time witness here' }]
      : [problem];
    scope.ctx.report(
      CODES.suiOneTimeWitness,
      decl.name.loc,
      `invalid one-time witness '${decl.name.value}'`,
      secondary,
      [WITNESS_NOTE],
    );
  };
  let valid = true;
  const typeParam = decl.typeParams[0];
  if (typeParam) {
    report({ loc: typeParam.loc, message: 'A one-time witness cannot have type parameters' });
    valid = false;
  }
  const field = invalidWitnessField(decl, sig);
  if (field) {
    report({ loc: field, message: "A one-time witness has no fields, or a single field of type 'bool'" });
    valid = false;
  }
  if (sig.abilities !== DROP) {
    const extra = decl.abilities.find((a) => a.value !== 'drop');
    report({ loc: extra?.loc ?? decl.name.loc, message: "A one-time witness has the 'drop' ability only" });
    valid = false;
  }
  return valid;
}

type TxContextKind = 'none' | 'owned' | 'reference' | 'unknown';

function txContextKind(type: Type): TxContextKind {
  const inner = type.kind === 'ref' ? type.inner : type;
  if (inner.kind === 'var') return 'unknown';
  const isContext =
    inner.kind === 'datatype' &&
    inner.module.address === SUI &&
    inner.module.name === 'tx_context' &&
    inner.name === 'TxContext';
  if (!isContext) return 'none';
  return type.kind === 'ref' ? 'reference' : 'owned';
}

/** `init(ctx)` or `init(witness, ctx)`: private, not entry, not generic, returning nothing. */
export function checkInit(
  scope: ModuleScope,
  decl: FunctionDecl,
  sig: FunctionSig,
  entryLoc: Loc | undefined,
  witness: WitnessStatus | undefined,
  module: ModuleDecl,
): void {
  const report = (problem: Label) =>
    scope.ctx.report(CODES.suiInvalidInit, decl.name.loc, "invalid 'init' function", [problem]);
  if (decl.visibilityLoc)
    report({ loc: decl.visibilityLoc, message: "'init' must be private to its module" });
  if (entryLoc) report({ loc: entryLoc, message: "'init' cannot be 'entry'" });
  const typeParam = decl.typeParams[0];
  if (typeParam) report({ loc: typeParam.loc, message: "'init' cannot have type parameters" });
  if (decl.returnType && sig.returns.length > 0)
    report({ loc: decl.returnType.loc, message: "'init' returns nothing: its return type is '()'" });
  const params = decl.params;
  const last = sig.params[sig.params.length - 1];
  const contextKind = last ? txContextKind(last) : 'none';
  if (contextKind === 'none' || contextKind === 'owned') {
    report({
      loc: params[params.length - 1]?.type.loc ?? decl.name.loc,
      message: "the last parameter of 'init' must be '&TxContext' or '&mut TxContext'",
    });
  }
  if (params.length === 1 && witness && contextKind === 'reference') {
    scope.ctx.report(
      CODES.suiInvalidInit,
      params[0]!.type.loc,
      `'init' must take this module's one-time witness '${witness.name}' first`,
      [{ loc: witness.decl.name.loc, message: 'The one-time witness is declared here' }],
      [WITNESS_NOTE],
    );
  } else if (params.length > 1) {
    checkWitnessParam(scope, decl, sig.params[0]!, witness, module, report);
  }
  if (params.length > 2)
    report({
      loc: params[2]!.name.loc,
      message: "'init' takes at most two parameters: the one-time witness and the context",
    });
}

function checkWitnessParam(
  scope: ModuleScope,
  decl: FunctionDecl,
  type: Type,
  witness: WitnessStatus | undefined,
  module: ModuleDecl,
  report: (problem: Label) => void,
): void {
  const typeLoc = decl.params[0]!.type.loc;
  const name = module.name.value.toUpperCase();
  const isWitnessType =
    type.kind === 'var' ||
    (type.kind === 'datatype' && sameModule(type.module, scope.self) && type.name === name);
  if (!isWitnessType) {
    report({
      loc: typeLoc,
      message: `the first of two parameters is the one-time witness '${name}', not '${showType(type)}'`,
    });
    return;
  }
  const found = witness ? undefined : witnessStruct(scope, module);
  if (found) checkWitnessShape(scope, found.decl, found.sig, typeLoc);
}
