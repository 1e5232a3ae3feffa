// Places: locals, fields and vector elements that can be borrowed, read through, or written.
// A field access borrows its way down (`&s.f.g`), then reads (`*`) or writes through the reference.
import type { Exp, Loc } from '../ast.js';
import { CODES } from '../codes.js';
import type { TExp } from '../tir.js';
import { COPY, prim, type Type } from '../types.js';
import { checkExp } from './exp.js';
import type { FunctionContext } from './function-context.js';
import { instantiate, showType } from './infer.js';
import { sameModule } from './scope.js';

const STD = '0'.repeat(63) + '1';
export const VECTOR_MODULE = { address: STD, name: 'vector' };

/** `&e` / `&mut e`. */
export function borrowExp(f: FunctionContext, e: Exp, isMut: boolean, loc: Loc): TExp {
  if (e.kind === 'name' && !e.path.address && e.path.parts.length === 1) {
    const local = f.lookupLocal(e.path.parts[0]!.value);
    if (local !== undefined) return borrowLocal(f, local, isMut, loc);
  }
  if (e.kind === 'dot' || e.kind === 'index') {
    const ref = borrowPlace(f, e, isMut);
    return ref ? { ...ref, loc } : f.errorExp(loc);
  }
  return borrowTemporary(f, checkExp(f, e), isMut, loc);
}

/** `&f()`: the value is kept in a hidden local, which is borrowed (as Sui's compiler does). */
export function borrowTemporary(f: FunctionContext, value: TExp, isMut: boolean, loc: Loc): TExp {
  const local = f.declareTemporary(value.loc, value.type);
  const type: Type = { kind: 'ref', isMut, inner: value.type };
  return {
    kind: 'block',
    loc,
    type,
    stmts: [{ kind: 'let', loc: value.loc, targets: [{ kind: 'local', loc: value.loc, local }], value }],
    result: { kind: 'borrow_local', loc, type, local, isMut },
  };
}

export function borrowLocal(f: FunctionContext, local: number, isMut: boolean, loc: Loc): TExp {
  const info = f.locals[local]!;
  if (isMut && !info.isMut) {
    f.ctx.report(
      CODES.invalidImmVariableUsage,
      loc,
      `'${info.name}' is not declared 'mut', so it cannot be borrowed mutably`,
      [{ loc: info.loc, message: `declare it as 'mut ${info.name}'` }],
    );
  }
  return { kind: 'borrow_local', loc, type: { kind: 'ref', isMut, inner: info.type }, local, isMut };
}

/**
 * A reference to the struct or vector a field or element access starts from: a local's own reference
 * when the local is one, a borrow of the local otherwise, or a nested place.
 */
function placeBase(f: FunctionContext, e: Exp, isMut: boolean): TExp | undefined {
  if (e.kind === 'name' && !e.path.address && e.path.parts.length === 1) {
    const local = f.lookupLocal(e.path.parts[0]!.value);
    if (local !== undefined) {
      const type = f.subst.shallow(f.locals[local]!.type);
      if (type.kind === 'ref') {
        const read: TExp = { kind: 'local', loc: e.loc, type, local, mode: 'infer' };
        if (isMut) reportImmutableRef(f, e.loc, type);
        return read;
      }
      return borrowLocal(f, local, isMut, e.loc);
    }
  }
  if (e.kind === 'dot' || e.kind === 'index') return borrowPlace(f, e, isMut);
  const value = checkExp(f, e);
  const type = f.subst.shallow(value.type);
  if (type.kind === 'ref') {
    if (isMut) reportImmutableRef(f, e.loc, type);
    return value;
  }
  if (f.subst.isError(type)) return undefined;
  return borrowTemporary(f, value, isMut, e.loc);
}

/** A reference to the field `e.f` or element `v[i]`. */
export function borrowPlace(f: FunctionContext, e: Exp, isMut: boolean): TExp | undefined {
  if (e.kind === 'dot') {
    const base = placeBase(f, e.exp, isMut);
    if (!base) return undefined;
    return borrowField(f, base, e.field.value, e.field.loc, isMut, e.loc);
  }
  if (e.kind === 'index') {
    const base = placeBase(f, e.exp, isMut);
    if (!base) return undefined;
    return borrowElement(f, base, e.indices, isMut, e.loc);
  }
  return undefined;
}

export function borrowField(
  f: FunctionContext,
  base: TExp,
  field: string,
  fieldLoc: Loc,
  isMut: boolean,
  loc: Loc,
): TExp | undefined {
  const ref = f.subst.shallow(base.type);
  const structType = ref.kind === 'ref' ? f.subst.shallow(ref.inner) : ref;
  if (structType.kind !== 'datatype') {
    if (!f.subst.isError(structType)) {
      f.ctx.report(
        CODES.expectedSpecificType,
        base.loc,
        `'.${field}' needs a struct, found '${showType(f.subst.resolve(structType))}'`,
      );
    }
    return undefined;
  }
  const sig = f.ctx.datatype(structType.module, structType.name);
  // Sui puts an unbound field's label on the whole access, which starts at its receiver.
  if (!sig || sig.kind !== 'struct' || !sig.fields) {
    f.ctx.report(CODES.unboundField, loc, `'${structType.name}' has no fields to access`);
    return undefined;
  }
  if (!sameModule(sig.module, f.scope.self)) {
    f.ctx.report(
      CODES.visibility,
      fieldLoc,
      `the fields of '${sig.name}' can only be accessed in module '${sig.module.name}'`,
    );
  }
  // `p.0` reads the first positional field, which is named `pos0`.
  const name = sig.isPositional && /^[0-9]+$/.test(field) ? `pos${field}` : field;
  const index = sig.fields.findIndex((x) => x.name === name);
  if (index < 0) {
    f.ctx.report(CODES.unboundField, loc, `'${sig.name}' has no field '${field}'`);
    return undefined;
  }
  const fieldType = instantiate(sig.fields[index]!.type, structType.args);
  return {
    kind: 'borrow_field',
    loc,
    type: { kind: 'ref', isMut, inner: fieldType },
    exp: base,
    isMut,
    struct: { module: sig.module, name: sig.name },
    typeArgs: structType.args,
    field: index,
  };
}

function borrowElement(
  f: FunctionContext,
  base: TExp,
  indices: Exp[],
  isMut: boolean,
  loc: Loc,
): TExp | undefined {
  const elem = f.subst.fresh();
  const vectorRef: Type = { kind: 'ref', isMut, inner: { kind: 'vector', elem } };
  const target = f.expect(base, vectorRef, 'index syntax works on vectors');
  if (indices.length !== 1) {
    f.ctx.report(CODES.tooManyArguments, loc, 'a vector index takes exactly one index');
    return undefined;
  }
  const index = f.expect(checkExp(f, indices[0]!), prim('u64'), 'a vector index is a u64');
  return {
    kind: 'call',
    loc,
    type: { kind: 'ref', isMut, inner: elem },
    function: { module: VECTOR_MODULE, name: isMut ? 'borrow_mut' : 'borrow' },
    typeArgs: [elem],
    args: [target, index],
  };
}

/** `e.f` or `v[i]` as a value: a copy of what the place holds. */
export function readPlace(f: FunctionContext, e: Exp): TExp {
  const ref = borrowPlace(f, e, false);
  if (!ref) return f.errorExp(e.loc);
  const ref_ = f.subst.shallow(ref.type);
  const inner = ref_.kind === 'ref' ? ref_.inner : ref_;
  f.requireAbilities(inner, COPY, e.loc, "reading a field or element copies it, which needs 'copy'");
  return { kind: 'deref', loc: e.loc, type: inner, exp: ref };
}

/**
 * Turns an automatic immutable borrow (made for a method receiver) into a mutable one, all the way
 * down its path. Reports when the path starts from something that cannot be mutated.
 */
export function makeMutable(f: FunctionContext, exp: TExp): void {
  switch (exp.kind) {
    case 'borrow_local': {
      const info = f.locals[exp.local]!;
      if (!info.isMut) {
        f.ctx.report(
          CODES.invalidImmVariableUsage,
          exp.loc,
          `'${info.name}' is not declared 'mut', so it cannot be borrowed mutably`,
          [{ loc: info.loc, message: `declare it as 'mut ${info.name}'` }],
        );
      }
      exp.isMut = true;
      exp.type = { kind: 'ref', isMut: true, inner: info.type };
      return;
    }
    case 'borrow_field':
      makeMutable(f, exp.exp);
      exp.isMut = true;
      setMutRef(exp);
      return;
    case 'call':
      if (sameModule(exp.function.module, VECTOR_MODULE) && exp.function.name === 'borrow') {
        makeMutable(f, exp.args[0]!);
        exp.function = { module: VECTOR_MODULE, name: 'borrow_mut' };
        const vec = exp.args[0]!;
        setMutRef(exp);
        if (vec.kind === 'freeze') exp.args[0] = vec.exp;
        return;
      }
      requireMutRef(f, exp);
      return;
    case 'freeze':
      return;
    case 'block':
      // A borrowed temporary (`f().x.m()`): its hidden local may be borrowed mutably.
      makeMutable(f, exp.result);
      setMutRef(exp);
      return;
    default:
      requireMutRef(f, exp);
  }
}

function setMutRef(exp: TExp): void {
  if (exp.type.kind === 'ref') exp.type = { kind: 'ref', isMut: true, inner: exp.type.inner };
}

function requireMutRef(f: FunctionContext, exp: TExp): void {
  const type = f.subst.shallow(exp.type);
  if (type.kind === 'ref') reportImmutableRef(f, exp.loc, type);
}

/** Reports `type` where a mutable reference is needed, unless it is one. */
function reportImmutableRef(f: FunctionContext, loc: Loc, type: Type & { kind: 'ref' }): void {
  if (type.isMut) return;
  f.reportMismatch(
    loc,
    type,
    { kind: 'ref', isMut: true, inner: type.inner },
    'cannot mutate through an immutable reference',
  );
}
