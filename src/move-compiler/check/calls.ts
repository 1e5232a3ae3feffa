// Function calls (plain, qualified, method syntax), struct packs, and the built-in `assert!`/`freeze`.
import type { Exp, Loc, TypeAst } from '../ast.js';
import { CODES } from '../codes.js';
import type { TExp } from '../tir.js';
import { COPY, prim, UNIT, type ModuleId, type Type } from '../types.js';
import { abortCode, checkExp, unitExp } from './exp.js';
import { frameworkUseFun } from './framework-use-funs.js';
import type { FunctionContext } from './function-context.js';
import { instantiate, showType } from './infer.js';
import { borrowLocal, borrowPlace, borrowTemporary, makeMutable } from './places.js';
import { reportArity } from './resolve-type.js';
import { sameModule } from './scope.js';
import { reportInitCall, reportWitnessPack } from './sui-rules.js';
import type { FunctionSig, StructSig } from './signatures.js';
import { expandMacro, expandMethodMacro, receiverShape } from './macros.js';
import { checkFieldValues, checkPackVariant, resolveVariant } from './variants.js';

const STD = '0'.repeat(63) + '1';
const SUI = '0'.repeat(63) + '2';

type CallExp = Exp & { kind: 'call' };
type PackExp = Exp & { kind: 'pack' };

export function checkCall(f: FunctionContext, e: CallExp | PackExp): TExp {
  if (e.kind === 'call' && e.isMacro) return checkMacro(f, e);
  const path = e.path;
  if (e.kind === 'call' && !path.address && path.parts.length === 1 && path.parts[0]!.value === 'freeze') {
    if (!f.ctx.module(f.scope.self)?.functions.has('freeze')) return checkFreeze(f, e);
  }
  const variant = resolveVariant(f.scope, path);
  if (variant === 'reported') return checkArgsForRecovery(f, e);
  if (variant) return checkPackVariant(f, variant, path, e.typeArgs, writtenFields(e), e.loc);
  const member = f.scope.resolveMember(path);
  if (!member) return checkArgsForRecovery(f, e);
  const module = f.ctx.module(member.module);
  const datatype = module?.datatypes.get(member.name);
  if (e.kind === 'pack' || (datatype && !module?.functions.has(member.name))) {
    if (datatype?.kind !== 'struct') {
      const what = datatype
        ? `'${member.name}' is an enum: build one of its variants, as '${member.name}::V'`
        : `unbound struct '${member.name}'`;
      f.ctx.report(datatype ? CODES.namePositionMismatch : CODES.unboundType, path.loc, what);
      return checkArgsForRecovery(f, e);
    }
    return checkPack(f, e, datatype);
  }
  const fn = module?.functions.get(member.name);
  if (!fn) {
    const single = path.parts.length === 1 && !path.address;
    f.ctx.report(
      single ? CODES.unboundUnscopedName : CODES.unboundModuleMember,
      path.loc,
      single
        ? `unbound function '${member.name}'`
        : `module '${member.module.name}' has no function '${member.name}'`,
    );
    return checkArgsForRecovery(f, e);
  }
  const args = e.args.map((a) => checkExp(f, a));
  return finishCall(f, fn, e.typeArgs, args, e.loc, path.loc);
}

function checkArgsForRecovery(f: FunctionContext, e: CallExp | PackExp): TExp {
  if (e.kind === 'call') e.args.filter((a) => a.kind !== 'lambda').forEach((a) => checkExp(f, a));
  else e.fields.forEach((x) => checkExp(f, x.value));
  return f.errorExp(e.loc);
}

/** What this compiler knows of macros it cannot see, for the message when one is missing. */
const MACROS_KNOWN =
  "it knows 'assert!', the package's own macros, and std's vector, option and integer macros";

function checkMacro(f: FunctionContext, e: CallExp): TExp {
  const name = e.path.parts.map((p) => p.value).join('::');
  if (name !== 'assert' || e.path.address) {
    const member = f.scope.resolveMember(e.path);
    if (!member) return checkArgsForRecovery(f, e);
    const def = f.ctx.macros.find(member.module, member.name);
    if (def) return expandMacro(f, def, e.args, e.typeArgs, e.loc, e.path.loc);
    f.ctx.report(
      CODES.unsupportedLanguageItem,
      e.path.loc,
      `macro '${name}!' is not available to this compiler: ${MACROS_KNOWN}`,
    );
    return checkArgsForRecovery(f, e);
  }
  if (e.args.length < 1 || e.args.length > 2) {
    f.ctx.report(
      e.args.length < 1 ? CODES.tooFewArguments : CODES.tooManyArguments,
      e.loc,
      "'assert!' takes a condition and an optional abort code",
    );
    return checkArgsForRecovery(f, e);
  }
  const cond = f.expect(checkExp(f, e.args[0]!), prim('bool'), 'an assertion is a bool');
  // `assert!(c, code)` is `if (c) () else abort code`: the code is evaluated only on failure.
  const code = abortCode(f, e.args[1], e.loc);
  const failure: TExp = { kind: 'abort', loc: e.loc, type: { kind: 'never' }, code };
  return { kind: 'if', loc: e.loc, type: UNIT, cond, then: unitExp(e.loc), else: failure };
}

function checkFreeze(f: FunctionContext, e: CallExp): TExp {
  if (e.args.length !== 1) {
    f.ctx.report(
      e.args.length < 1 ? CODES.tooFewArguments : CODES.tooManyArguments,
      e.loc,
      "'freeze' takes one mutable reference",
    );
    return checkArgsForRecovery(f, e);
  }
  const arg = checkExp(f, e.args[0]!);
  const inner = f.subst.fresh();
  const exp = f.expect(arg, { kind: 'ref', isMut: true, inner }, "'freeze' takes a mutable reference");
  return { kind: 'freeze', loc: e.loc, type: { kind: 'ref', isMut: false, inner }, exp };
}

function explicitTypeArgs(
  f: FunctionContext,
  asts: TypeAst[] | undefined,
  count: number,
  name: string,
  loc: Loc,
): Type[] {
  if (!asts) return Array.from({ length: count }, () => f.subst.fresh());
  const given = asts.map((a) => f.resolveTypeAst(a));
  if (given.length !== count) {
    reportArity(f.scope, loc, name, count, given.length);
    return Array.from({ length: count }, (_, i) => given[i] ?? f.subst.fresh());
  }
  return given;
}

function checkVisibility(f: FunctionContext, fn: FunctionSig, loc: Loc): void {
  const self = f.scope.self;
  if (sameModule(fn.module, self)) return;
  if (fn.visibility === 'private') {
    f.ctx.report(CODES.visibility, loc, `'${fn.module.name}::${fn.name}' is private to its module`);
  } else if (fn.visibility === 'package') {
    if (!f.ctx.isSourceModule(fn.module) || fn.module.address !== self.address) {
      f.ctx.report(
        CODES.visibility,
        loc,
        `'${fn.module.name}::${fn.name}' is 'public(package)': only its own package may call it`,
      );
    } else {
      f.packageCalls.add(`${fn.module.address}::${fn.module.name}`);
    }
  }
}

/** Arity, visibility, type arguments and argument types of a call whose arguments are already typed. */
export function finishCall(
  f: FunctionContext,
  fn: FunctionSig,
  typeArgAsts: TypeAst[] | undefined,
  args: TExp[],
  loc: Loc,
  nameLoc: Loc,
): TExp {
  if (fn.isMacro) {
    // A macro has no signature to check the call against.
    f.ctx.report(CODES.invalidCallTarget, nameLoc, `'${fn.name}' is a macro function: call it with '!'`);
    return f.errorExp(loc);
  }
  checkVisibility(f, fn, nameLoc);
  const typeArgs = explicitTypeArgs(f, typeArgAsts, fn.typeParams.length, fn.name, nameLoc);
  fn.typeParams.forEach((p, i) =>
    f.requireAbilities(typeArgs[i]!, p.constraints, loc, `a type argument of '${fn.name}'`),
  );
  if (args.length !== fn.params.length) {
    f.ctx.report(
      args.length < fn.params.length ? CODES.tooFewArguments : CODES.tooManyArguments,
      loc,
      `'${fn.name}' takes ${fn.params.length} argument${fn.params.length === 1 ? '' : 's'}, ${args.length} given`,
    );
  }
  const checked = args.map((arg, i) => {
    const param = fn.params[i];
    return param
      ? f.expect(arg, instantiate(param, typeArgs), `invalid argument ${i + 1} of '${fn.name}'`, loc)
      : arg;
  });
  const returns = fn.returns.map((r) => instantiate(r, typeArgs));
  const type: Type = returns.length === 1 ? returns[0]! : { kind: 'tuple', elems: returns };
  if (fn.name === 'init' && !f.env.inTest) reportInitCall(f, fn, loc);
  f.suiCalls.push({ module: fn.module, name: fn.name, typeArgs, loc });
  return { kind: 'call', loc, type, function: { module: fn.module, name: fn.name }, typeArgs, args: checked };
}

/** The fields a pack writes: by name, or positionally (`pos0`, `pos1`, ...) for `S(x, y)`. */
function writtenFields(e: CallExp | PackExp): { name: string; loc: Loc; value: Exp }[] {
  return e.kind === 'pack'
    ? e.fields.map((x) => ({ name: x.field.value, loc: x.field.loc, value: x.value }))
    : e.args.map((value, i) => ({ name: `pos${i}`, loc: value.loc, value }));
}

function checkPack(f: FunctionContext, e: CallExp | PackExp, sig: StructSig): TExp {
  if (!sameModule(sig.module, f.scope.self)) {
    f.ctx.report(
      CODES.visibility,
      e.path.loc,
      `'${sig.name}' can only be created in module '${sig.module.name}'`,
    );
  } else if (sig.name === f.env.oneTimeWitness && !f.env.inTest) {
    reportWitnessPack(f, sig.name, e.loc);
  }
  const typeArgs = explicitTypeArgs(f, e.typeArgs, sig.typeParams.length, sig.name, e.path.loc);
  sig.typeParams.forEach((p, i) =>
    f.requireAbilities(typeArgs[i]!, p.constraints, e.loc, `a type argument of '${sig.name}'`),
  );
  const declared = sig.fields ?? [];
  const type: Type = { kind: 'datatype', module: sig.module, name: sig.name, args: typeArgs };
  const written = writtenFields(e);
  const { fields, given } = checkFieldValues(f, written, declared, typeArgs, sig.name);
  const missing = declared.filter((_, i) => !given.has(i)).map((d) => d.name);
  if (missing.length > 0 && (e.kind === 'pack' || written.length < declared.length)) {
    const names = missing.map((m) => `'${m}'`).join(', ');
    f.ctx.report(
      CODES.tooFewArguments,
      e.loc,
      `missing field${missing.length === 1 ? '' : 's'} ${names} of '${sig.name}'`,
    );
  }
  return { kind: 'pack', loc: e.loc, type, struct: { module: sig.module, name: sig.name }, typeArgs, fields };
}

/** The module that defines methods for a receiver type, and the key of its `use fun`s. */
function methodHome(type: Type): { key: string; module: ModuleId } | undefined {
  switch (type.kind) {
    case 'datatype':
      return { key: `${type.module.address}::${type.module.name}::${type.name}`, module: type.module };
    case 'vector':
      return { key: 'vector', module: { address: STD, name: 'vector' } };
    case 'prim':
      if (type.name === 'address') return { key: 'address', module: { address: SUI, name: 'address' } };
      if (type.name === 'bool' || type.name === 'signer') return undefined;
      return { key: type.name, module: { address: STD, name: type.name } };
    default:
      return undefined;
  }
}

/** A receiver: a place is borrowed automatically (`auto`), so the callee decides `&`, `&mut` or a copy. */
function checkReceiver(f: FunctionContext, e: Exp): { exp: TExp; auto: boolean } {
  if (e.kind === 'name' && !e.path.address && e.path.parts.length === 1) {
    const local = f.lookupLocal(e.path.parts[0]!.value);
    if (local !== undefined) {
      const type = f.subst.shallow(f.locals[local]!.type);
      if (type.kind === 'ref')
        return { exp: { kind: 'local', loc: e.loc, type, local, mode: 'infer' }, auto: false };
      return { exp: borrowLocal(f, local, false, e.loc), auto: true };
    }
  }
  if (e.kind === 'dot' || e.kind === 'index') {
    const ref = borrowPlace(f, e, false);
    return ref ? { exp: ref, auto: true } : { exp: f.errorExp(e.loc), auto: false };
  }
  return { exp: checkExp(f, e), auto: false };
}

/** `e.m!(args)`: the macro `m` of the receiver type's module. */
function checkMethodMacro(f: FunctionContext, e: Exp & { kind: 'method_call' }): TExp {
  const receiver = checkReceiver(f, e.receiver);
  const recvType = f.subst.shallow(receiver.exp.type);
  const baseType = recvType.kind === 'ref' ? f.subst.shallow(recvType.inner) : recvType;
  if (f.subst.isError(baseType)) return f.errorExp(e.loc);
  const home = methodHome(baseType);
  const def = home && f.ctx.macros.find(home.module, e.method.value);
  if (!def) {
    const where = home
      ? `'${home.module.name}::${e.method.value}!'`
      : `'${e.method.value}!' for '${showType(f.subst.resolve(baseType))}'`;
    f.ctx.report(
      CODES.unsupportedLanguageItem,
      e.method.loc,
      `macro ${where} is not available to this compiler: ${MACROS_KNOWN}`,
    );
    e.args.filter((a) => a.kind !== 'lambda').forEach((a) => checkExp(f, a));
    return f.errorExp(e.loc);
  }
  return expandMethodMacro(f, def, adaptReceiver(f, receiver, receiverShape(def, f)), e);
}

export function checkMethodCall(f: FunctionContext, e: Exp & { kind: 'method_call' }): TExp {
  if (e.isMacro) return checkMethodMacro(f, e);
  const receiver = checkReceiver(f, e.receiver);
  const rest = e.args.map((a) => checkExp(f, a));
  const recvType = f.subst.shallow(receiver.exp.type);
  const baseType = recvType.kind === 'ref' ? f.subst.shallow(recvType.inner) : recvType;
  if (f.subst.isError(baseType)) return f.errorExp(e.loc);
  const home = methodHome(baseType);
  const fn = home && findMethod(f, home, e.method.value);
  if (!fn) {
    f.ctx.report(
      CODES.invalidMethodCall,
      e.method.loc,
      `no method '${e.method.value}' for '${showType(f.subst.resolve(baseType))}'` +
        (home ? ` (looked in module '${home.module.name}' and the 'use fun's in scope)` : ''),
    );
    return f.errorExp(e.loc);
  }
  const first = fn.params[0];
  if (!first) {
    f.ctx.report(
      CODES.invalidMethodCall,
      e.method.loc,
      `'${fn.name}' takes no arguments, so it cannot be called as a method`,
    );
    return f.errorExp(e.loc);
  }
  const recv = adaptReceiver(f, receiver, first);
  return finishCall(f, fn, e.typeArgs, [recv, ...rest], e.loc, e.method.loc);
}

function findMethod(
  f: FunctionContext,
  home: { key: string; module: ModuleId },
  method: string,
): FunctionSig | undefined {
  const target = f.scope.methodAlias(home.key, method) ??
    f.ctx.publicUseFun(home.key, method) ??
    frameworkUseFun(home.key, method) ?? { module: home.module, name: method };
  return f.ctx.module(target.module)?.functions.get(target.name);
}

/** Borrows mutably, keeps, or copies the receiver to fit the callee's first parameter. */
function adaptReceiver(f: FunctionContext, receiver: { exp: TExp; auto: boolean }, first: Type): TExp {
  const exp = receiver.exp;
  const type = f.subst.shallow(exp.type);
  if (first.kind === 'ref') {
    if (first.isMut && receiver.auto) makeMutable(f, exp);
    // A value that is not a place (`f().m()`): borrow it through a temporary.
    if (!receiver.auto && type.kind !== 'ref' && !f.subst.isError(type))
      return borrowTemporary(f, exp, first.isMut, exp.loc);
    return exp;
  }
  if (receiver.auto && exp.kind === 'borrow_local') {
    return { kind: 'local', loc: exp.loc, type: f.locals[exp.local]!.type, local: exp.local, mode: 'infer' };
  }
  if (type.kind === 'ref') {
    f.requireAbilities(
      type.inner,
      COPY,
      exp.loc,
      "passing the receiver by value copies it, which needs 'copy'",
    );
    return { kind: 'deref', loc: exp.loc, type: type.inner, exp };
  }
  return exp;
}
