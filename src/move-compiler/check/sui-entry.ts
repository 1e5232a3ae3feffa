// Sui's rules on `entry` function signatures (Sui E02002, as released compilers report them): a
// transaction must be able to supply every parameter and drop every result.
import type { FunctionDecl, Loc } from '../ast.js';
import { CODES } from '../codes.js';
import { DROP, KEY, type Abilities, type Type } from '../types.js';
import { abilitiesOf, type DatatypeLookup } from './abilities.js';
import { showType } from './infer.js';
import type { ModuleScope } from './scope.js';
import type { FunctionSig } from './signatures.js';

const STD = '0'.repeat(63) + '1';
const SUI = '0'.repeat(63) + '2';

function isNamed(type: Type, address: string, module: string, name: string): boolean {
  return (
    type.kind === 'datatype' &&
    type.module.address === address &&
    type.module.name === module &&
    type.name === name
  );
}

interface TypeContext {
  constraints: readonly Abilities[];
  lookup: DatatypeLookup;
}

/** Values a transaction passes as pure bytes: primitives, strings, IDs, and vectors and options of them. */
function isPureParam(type: Type, cx: TypeContext): boolean {
  switch (type.kind) {
    case 'prim':
      return true;
    case 'ref':
      return isPureParam(type.inner, cx);
    case 'vector':
      return isPureParam(type.elem, cx);
    case 'param':
      return ((cx.constraints[type.index] ?? 0) & KEY) === 0;
    case 'datatype':
      if (
        isNamed(type, STD, 'string', 'String') ||
        isNamed(type, STD, 'ascii', 'String') ||
        isNamed(type, SUI, 'object', 'ID')
      )
        return true;
      return (
        isNamed(type, STD, 'option', 'Option') && type.args[0] !== undefined && isPureParam(type.args[0], cx)
      );
    case 'var':
      return true;
    default:
      return false;
  }
}

/** Objects by value or reference, vectors of objects, and the `Receiving` of a sent object. */
function isObjectParam(type: Type, cx: TypeContext): boolean {
  const inner = type.kind === 'ref' ? type.inner : type.kind === 'vector' ? type.elem : type;
  if (isNamed(inner, SUI, 'transfer', 'Receiving')) return true;
  return (abilitiesOf(inner, cx.constraints, cx.lookup) & KEY) !== 0;
}

function isMutClock(type: Type): boolean {
  return type.kind === 'ref' && type.isMut && isNamed(type.inner, SUI, 'clock', 'Clock');
}

function isTxContextRef(type: Type): boolean {
  return type.kind === 'ref' && isNamed(type.inner, SUI, 'tx_context', 'TxContext');
}

export function checkEntrySignature(
  scope: ModuleScope,
  decl: FunctionDecl,
  sig: FunctionSig,
  entryLoc: Loc,
): void {
  const ctx = scope.ctx;
  const cx: TypeContext = {
    constraints: sig.typeParams.map((p) => p.constraints),
    lookup: (m, n) => ctx.datatype(m, n),
  };
  const declared = { loc: entryLoc, message: `'${sig.name}' is declared 'entry' here` };
  const last = sig.params[sig.params.length - 1];
  const checked = last && isTxContextRef(last) ? sig.params.length - 1 : sig.params.length;
  for (let i = 0; i < checked; i++) {
    const type = sig.params[i]!;
    const param = decl.params[i]!;
    const mutClock = isMutClock(type);
    if (!mutClock && (isPureParam(type, cx) || isObjectParam(type, cx))) continue;
    const why = mutClock
      ? "'Clock' must be passed by immutable reference, '&Clock'"
      : "'entry' parameters are primitives (by value), vectors of primitives, objects (by reference or value) or vectors of objects";
    ctx.report(
      CODES.suiInvalidEntry,
      param.name.loc,
      `invalid 'entry' parameter type for parameter '${param.name.value}'`,
      [{ loc: param.type.loc, message: why }, declared],
    );
  }
  const returnLoc = decl.returnType?.loc ?? decl.name.loc;
  for (const type of sig.returns) {
    const problem =
      type.kind === 'ref'
        ? 'Expected a non-reference type'
        : (abilitiesOf(type, cx.constraints, cx.lookup) & DROP) === 0
          ? `The type '${showType(type)}' does not have the ability 'drop'`
          : undefined;
    if (!problem) continue;
    ctx.report(CODES.suiInvalidEntry, entryLoc, `invalid return type for entry function '${sig.name}'`, [
      { loc: returnLoc, message: problem },
    ]);
    return;
  }
}
