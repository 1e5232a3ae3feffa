// One function: its parameters become the first locals, its body is typed, finalized and checked.
import type { FunctionDecl } from '../ast.js';
import { CODES } from '../codes.js';
import type { TFunction } from '../tir.js';
import { UNIT, type Type } from '../types.js';
import { typeParamScope } from './decls.js';
import { checkBlock } from './exp.js';
import { Finalizer } from './finalize.js';
import { FunctionContext, type FunctionEnv } from './function-context.js';
import type { ModuleScope } from './scope.js';
import type { FunctionSig } from './signatures.js';
import { checkSuiCall } from './sui-rules.js';

export interface CheckedFunction {
  fn: TFunction;
  /** `address::name` of the package's modules whose `public(package)` functions it calls. */
  packageCalls: Set<string>;
}

export function checkFunction(
  scope: ModuleScope,
  decl: FunctionDecl,
  sig: FunctionSig,
  env: FunctionEnv,
): CheckedFunction {
  const params = typeParamScope(scope.ctx, decl.typeParams);
  const returnType: Type = sig.returns.length === 1 ? sig.returns[0]! : { kind: 'tuple', elems: sig.returns };
  const f = new FunctionContext(scope, params, returnType, env);
  const seen = new Set<string>();
  decl.params.forEach((p, i) => {
    if (seen.has(p.name.value))
      f.ctx.report(CODES.duplicateItem, p.name.loc, `duplicate parameter '${p.name.value}'`);
    seen.add(p.name.value);
    f.declareLocal(p.name.value, p.name.loc, sig.params[i] ?? UNIT, p.isMut);
  });
  const fn: TFunction = {
    name: sig.name,
    loc: decl.loc,
    visibility: sig.visibility,
    isEntry: sig.isEntry,
    isNative: decl.isNative,
    typeParams: sig.typeParams.map((p) => ({ name: p.name, constraints: p.constraints })),
    params: decl.params.length,
    locals: f.locals,
    returns: sig.returns,
  };
  if (!decl.body) return { fn, packageCalls: f.packageCalls };
  let body = checkBlock(f, decl.body);
  body = f.expect(body, returnType, `the body of '${sig.name}' does not return what it declares`);
  const finalizer = new Finalizer(f);
  finalizer.exp(body);
  for (const local of f.locals) {
    local.type = finalizer.type(local.type, local.loc);
    if (local.type.kind === 'tuple' && local.type.elems.length > 1) {
      f.ctx.report(
        CODES.expectedSingleType,
        local.loc,
        `'${local.name}' would hold several values; bind each to its own local: 'let (a, b) = ...'`,
      );
    }
  }
  finalizer.checkPending();
  for (const call of f.suiCalls)
    checkSuiCall(
      scope,
      call,
      call.typeArgs.map((t) => finalizer.type(t, call.loc)),
    );
  fn.body = body;
  return { fn, packageCalls: f.packageCalls };
}
