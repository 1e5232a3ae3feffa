// `let` bindings and assignments: patterns and assignment targets -> `TLValue`s.
import type { Exp, Loc, NameAccessChain, Pattern, Statement, TypeAst } from '../ast.js';
import { CODES } from '../codes.js';
import type { TExp, TLValue, TStmt } from '../tir.js';
import { DROP, UNIT, type Type } from '../types.js';
import { checkExp } from './exp.js';
import type { FunctionContext } from './function-context.js';
import { instantiate, showType } from './infer.js';
import { borrowPlace } from './places.js';
import { sameModule } from './scope.js';
import type { StructSig } from './signatures.js';

export function checkLet(f: FunctionContext, stmt: Statement & { kind: 'let' }): TStmt {
  const annotated = stmt.type ? f.resolveTypeAst(stmt.type) : undefined;
  let value: TExp | undefined;
  if (stmt.value) {
    value = checkExp(f, stmt.value);
    if (annotated)
      value = f.expect(value, annotated, 'the value does not fit the annotation', stmt.type!.loc);
  }
  const type = annotated ?? value?.type ?? f.subst.fresh();
  // Bind after the value is checked: `let x = x + 1` reads the outer `x`.
  const targets = bindTop(f, stmt.pattern, type);
  if (!value) {
    for (const target of targets)
      if (target.kind === 'local' && !f.locals[target.local]!.isMut) f.markDeferredInit(target.local);
  }
  return { kind: 'let', loc: stmt.loc, targets, ...(value ? { value } : {}) };
}

function bindTop(f: FunctionContext, pattern: Pattern, type: Type): TLValue[] {
  if (pattern.kind !== 'tuple') return [bindPattern(f, pattern, type)];
  const elems = pattern.elems.map(() => f.subst.fresh());
  if (!f.subst.equate(type, { kind: 'tuple', elems })) {
    f.ctx.report(
      CODES.joinError,
      pattern.loc,
      `this pattern binds ${elems.length} values, but the value is '${showType(f.subst.resolve(type))}'`,
    );
  }
  return pattern.elems.map((p, i) => bindPattern(f, p, elems[i]!));
}

function bindPattern(f: FunctionContext, pattern: Pattern, type: Type): TLValue {
  switch (pattern.kind) {
    case 'var':
      return {
        kind: 'local',
        loc: pattern.loc,
        local: f.declareLocal(pattern.name.value, pattern.name.loc, type, pattern.isMut),
      };
    case 'wildcard':
      return ignore(f, pattern.loc, type);
    case 'unpack_named':
    case 'unpack_positional': {
      const written =
        pattern.kind === 'unpack_named'
          ? pattern.fields.map((x) => ({ name: x.field.value, loc: x.field.loc, item: x.pattern }))
          : pattern.elems.map((item, i) => ({ name: `pos${i}`, loc: item.loc, item }));
      return unpack(
        f,
        pattern.path,
        pattern.typeArgs,
        pattern.hasRest,
        pattern.loc,
        type,
        written,
        (item, t) => bindPattern(f, item, t),
      );
    }
    default:
      f.ctx.report(
        CODES.unsupportedLanguageItem,
        pattern.loc,
        'this pattern is only valid in a match arm, which is not supported yet',
      );
      return { kind: 'ignore', loc: pattern.loc, type };
  }
}

/**
 * Shared by `let S { .. } = e` and `S { .. } = e`: the struct must be this module's, and each written
 * field binds its part of the value (a reference to it when the value is a reference).
 */
function unpack<Item>(
  f: FunctionContext,
  path: NameAccessChain,
  typeArgAsts: TypeAst[] | undefined,
  hasRest: boolean,
  loc: Loc,
  type: Type,
  written: { name: string; loc: Loc; item: Item }[],
  bind: (item: Item, type: Type) => TLValue,
): TLValue {
  const member = f.scope.resolveMember(path);
  const sig = member && f.ctx.datatype(member.module, member.name);
  if (!sig || sig.kind !== 'struct') {
    if (member) f.ctx.report(CODES.unboundType, path.loc, `unbound struct '${member.name}'`);
    written.forEach((w) => bind(w.item, f.subst.errorType()));
    return { kind: 'ignore', loc, type };
  }
  if (!sameModule(sig.module, f.scope.self)) {
    f.ctx.report(
      CODES.visibility,
      path.loc,
      `'${sig.name}' can only be unpacked in module '${sig.module.name}'`,
    );
  }
  const typeArgs = typeArgAsts
    ? typeArgAsts.map((a) => f.resolveTypeAst(a))
    : sig.typeParams.map(() => f.subst.fresh());
  const structType: Type = { kind: 'datatype', module: sig.module, name: sig.name, args: typeArgs };
  const actual = f.subst.shallow(type);
  const ref = actual.kind === 'ref' ? (actual.isMut ? 'mut' : 'imm') : undefined;
  const target = actual.kind === 'ref' ? actual.inner : type;
  if (!f.subst.equate(target, structType)) {
    f.reportMismatch(loc, type, structType, 'the pattern does not match the value');
  }
  return {
    kind: 'unpack',
    loc,
    struct: { module: sig.module, name: sig.name },
    typeArgs,
    ...(ref ? { ref } : {}),
    fields: unpackFields(f, sig, typeArgs, ref, hasRest, loc, written, bind),
  };
}

function unpackFields<Item>(
  f: FunctionContext,
  sig: StructSig,
  typeArgs: Type[],
  ref: 'imm' | 'mut' | undefined,
  hasRest: boolean,
  loc: Loc,
  written: { name: string; loc: Loc; item: Item }[],
  bind: (item: Item, type: Type) => TLValue,
): TLValue[] {
  const declared = sig.fields ?? [];
  const fieldType = (i: number): Type => {
    const t = instantiate(declared[i]!.type, typeArgs);
    return ref ? { kind: 'ref', isMut: ref === 'mut', inner: t } : t;
  };
  const bound = new Map<number, TLValue>();
  for (const w of written) {
    const index = declared.findIndex((d) => d.name === w.name);
    if (index < 0) {
      f.ctx.report(CODES.unboundField, w.loc, `'${sig.name}' has no field '${w.name}'`);
      bind(w.item, f.subst.errorType());
      continue;
    }
    bound.set(index, bind(w.item, fieldType(index)));
  }
  const missing = declared.filter((_, i) => !bound.has(i)).map((d) => `'${d.name}'`);
  if (missing.length > 0 && !hasRest) {
    f.ctx.report(
      CODES.tooFewArguments,
      loc,
      `the pattern misses field${missing.length === 1 ? '' : 's'} ${missing.join(', ')} of '${sig.name}'`,
    );
  }
  return declared.map((_, i) => bound.get(i) ?? ignore(f, loc, fieldType(i)));
}

/** `_` and the fields `..` skips drop their value, which needs `drop`. */
function ignore(f: FunctionContext, loc: Loc, type: Type): TLValue {
  f.requireAbilities(type, DROP, loc, "ignoring a value drops it, which needs 'drop'");
  return { kind: 'ignore', loc, type };
}

export function checkAssign(f: FunctionContext, e: Exp & { kind: 'assign' }): TExp {
  const lhs = e.lhs;
  if (lhs.kind === 'deref' || lhs.kind === 'dot' || lhs.kind === 'index') return writeThrough(f, e);
  const value = checkExp(f, e.value);
  let targets: TLValue[];
  if (lhs.kind === 'tuple') {
    const elems = lhs.elems.map(() => f.subst.fresh());
    if (!f.subst.equate(value.type, { kind: 'tuple', elems })) {
      f.ctx.report(
        CODES.joinError,
        lhs.loc,
        `this assigns ${elems.length} values, but the value is '${showType(f.subst.resolve(value.type))}'`,
      );
    }
    targets = lhs.elems.map((x, i) => assignTarget(f, x, elems[i]!));
  } else {
    targets = [assignTarget(f, lhs, value.type)];
  }
  return { kind: 'assign', loc: e.loc, type: UNIT, targets, value };
}

function assignTarget(f: FunctionContext, lhs: Exp, type: Type): TLValue {
  if (lhs.kind === 'wildcard') return ignore(f, lhs.loc, type);
  if (lhs.kind === 'name' && !lhs.path.address && lhs.path.parts.length === 1) {
    const name = lhs.path.parts[0]!.value;
    const local = f.lookupLocal(name);
    if (local === undefined) {
      f.ctx.report(CODES.unboundVariable, lhs.loc, `unbound variable '${name}'`);
      return { kind: 'ignore', loc: lhs.loc, type };
    }
    const info = f.locals[local]!;
    if (!info.isMut) f.checkImmutableAssign(local, lhs.loc);
    if (!f.subst.subtype(type, info.type))
      f.reportMismatch(lhs.loc, type, info.type, `invalid assignment to '${name}'`);
    return { kind: 'local', loc: lhs.loc, local };
  }
  if (lhs.kind === 'pack') {
    const written = lhs.fields.map((x) => ({ name: x.field.value, loc: x.field.loc, item: x.value }));
    return unpack(f, lhs.path, lhs.typeArgs, false, lhs.loc, type, written, (item, t) =>
      assignTarget(f, item, t),
    );
  }
  if (lhs.kind === 'call' && !lhs.isMacro) {
    const written = lhs.args.map((item, i) => ({ name: `pos${i}`, loc: item.loc, item }));
    return unpack(f, lhs.path, lhs.typeArgs, false, lhs.loc, type, written, (item, t) =>
      assignTarget(f, item, t),
    );
  }
  f.ctx.report(CODES.invalidLValue, lhs.loc, 'this cannot be assigned to');
  return { kind: 'ignore', loc: lhs.loc, type };
}

/** `*r = v`, `s.f = v`, `v[i] = x`: a write through a mutable reference. */
function writeThrough(f: FunctionContext, e: Exp & { kind: 'assign' }): TExp {
  const lhs = e.lhs;
  let ref: TExp | undefined;
  if (lhs.kind === 'deref') {
    const target = checkExp(f, lhs.exp);
    ref = f.expect(
      target,
      { kind: 'ref', isMut: true, inner: f.subst.fresh() },
      "'*r = v' needs a mutable reference",
    );
  } else {
    ref = borrowPlace(f, lhs, true);
  }
  const value = checkExp(f, e.value);
  if (!ref) return f.errorExp(e.loc);
  const refType = f.subst.shallow(ref.type);
  const inner = refType.kind === 'ref' ? refType.inner : f.subst.errorType();
  f.requireAbilities(
    inner,
    DROP,
    e.loc,
    "writing through a reference drops the old value, which needs 'drop'",
  );
  return {
    kind: 'write_ref',
    loc: e.loc,
    type: UNIT,
    ref,
    value: f.expect(value, inner, 'invalid assignment'),
  };
}
