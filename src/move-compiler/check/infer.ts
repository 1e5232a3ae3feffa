// Inference variables and the relations between types: subtyping (`&mut T` fits `&T`), joins of
// branches, and the final substitution that leaves no variables behind.
import type { Type } from '../types.js';

const INTEGER_NAMES = new Set(['u8', 'u16', 'u32', 'u64', 'u128', 'u256']);

export function isIntegerType(type: Type): boolean {
  return type.kind === 'prim' && INTEGER_NAMES.has(type.name);
}

/** The type of an expression whose error is already reported: fits everything, binds nothing. */
export const ERROR_TYPE: Type = { kind: 'var', id: -1 };

export class Substitution {
  private readonly bindings = new Map<number, Type>();
  /** Variables standing for an already reported error: they fit everything and never bind. */
  private readonly errorVars = new Set<number>();
  private nextId = 0;

  fresh(isInteger = false): Type {
    return isInteger
      ? { kind: 'var', id: this.nextId++, isInteger: true }
      : { kind: 'var', id: this.nextId++ };
  }

  errorType(): Type {
    const type = this.fresh();
    if (type.kind === 'var') this.errorVars.add(type.id);
    return type;
  }

  isError(type: Type): boolean {
    const t = this.shallow(type);
    return t.kind === 'var' && (t.id < 0 || this.errorVars.has(t.id));
  }

  /** Follows bindings at the top only. */
  shallow(type: Type): Type {
    let t = type;
    while (t.kind === 'var') {
      const bound = this.bindings.get(t.id);
      if (!bound) return t;
      t = bound;
    }
    return t;
  }

  /** Replaces every bound variable, deeply; unbound ones stay. */
  resolve(type: Type): Type {
    const t = this.shallow(type);
    switch (t.kind) {
      case 'vector':
        return { kind: 'vector', elem: this.resolve(t.elem) };
      case 'ref':
        return { kind: 'ref', isMut: t.isMut, inner: this.resolve(t.inner) };
      case 'datatype':
        return { ...t, args: t.args.map((a) => this.resolve(a)) };
      case 'tuple':
        return { kind: 'tuple', elems: t.elems.map((e) => this.resolve(e)) };
      default:
        return t;
    }
  }

  /**
   * Makes `sub` usable where `sup` is expected. Returns false on a mismatch (nothing is reported
   * here). References are invariant in their inner type; `&mut T` fits `&T`.
   */
  subtype(sub: Type, sup: Type): boolean {
    const a = this.shallow(sub);
    const b = this.shallow(sup);
    if (a.kind === 'never' || b.kind === 'never') return true;
    if (a.kind === 'var' || b.kind === 'var') return this.bindVar(a, b);
    if (a.kind === 'ref' && b.kind === 'ref') {
      if (!a.isMut && b.isMut) return false;
      return this.equate(a.inner, b.inner);
    }
    if (a.kind === 'tuple' && b.kind === 'tuple') {
      return a.elems.length === b.elems.length && a.elems.every((e, i) => this.subtype(e, b.elems[i]!));
    }
    return this.equate(a, b);
  }

  /** Both directions: the types must be the same. */
  equate(x: Type, y: Type): boolean {
    const a = this.shallow(x);
    const b = this.shallow(y);
    if (a.kind === 'var' || b.kind === 'var') return this.bindVar(a, b);
    if (a.kind === 'never' && b.kind === 'never') return true;
    switch (a.kind) {
      case 'prim':
        return b.kind === 'prim' && a.name === b.name;
      case 'vector':
        return b.kind === 'vector' && this.equate(a.elem, b.elem);
      case 'ref':
        return b.kind === 'ref' && a.isMut === b.isMut && this.equate(a.inner, b.inner);
      case 'param':
        return b.kind === 'param' && a.index === b.index;
      case 'datatype':
        return (
          b.kind === 'datatype' &&
          a.name === b.name &&
          a.module.address === b.module.address &&
          a.module.name === b.module.name &&
          a.args.length === b.args.length &&
          a.args.every((arg, i) => this.equate(arg, b.args[i]!))
        );
      case 'tuple':
        return (
          b.kind === 'tuple' &&
          a.elems.length === b.elems.length &&
          a.elems.every((e, i) => this.equate(e, b.elems[i]!))
        );
      default:
        return false;
    }
  }

  /**
   * The type of two branches: the same type, or `&T` when one is `&mut T` and the other `&T`.
   * Undefined on a mismatch.
   */
  join(x: Type, y: Type): Type | undefined {
    const a = this.shallow(x);
    const b = this.shallow(y);
    if (a.kind === 'never') return b;
    if (b.kind === 'never') return a;
    if (a.kind === 'ref' && b.kind === 'ref') {
      if (!this.equate(a.inner, b.inner)) return undefined;
      return a.isMut && b.isMut ? a : { kind: 'ref', isMut: false, inner: a.inner };
    }
    if (a.kind === 'tuple' && b.kind === 'tuple' && a.elems.length === b.elems.length) {
      const elems: Type[] = [];
      for (let i = 0; i < a.elems.length; i++) {
        const joined = this.join(a.elems[i]!, b.elems[i]!);
        if (!joined) return undefined;
        elems.push(joined);
      }
      return { kind: 'tuple', elems };
    }
    return this.equate(a, b) ? a : undefined;
  }

  private bindVar(a: Type, b: Type): boolean {
    if (this.isError(a) || this.isError(b)) return true;
    if (a.kind === 'var' && b.kind === 'var') {
      if (a.id === b.id) return true;
      // An integer variable keeps its restriction when two variables meet.
      if (a.isInteger && !b.isInteger) this.bindings.set(b.id, a);
      else this.bindings.set(a.id, b);
      return true;
    }
    const [v, t] = a.kind === 'var' ? [a, b] : [b, a];
    if (v.kind !== 'var') return false;
    if (t.kind === 'never') return true;
    if (v.isInteger && !isIntegerType(t)) return false;
    if (this.occurs(v.id, t)) return false;
    this.bindings.set(v.id, t);
    return true;
  }

  private occurs(id: number, type: Type): boolean {
    const t = this.shallow(type);
    switch (t.kind) {
      case 'var':
        return t.id === id;
      case 'vector':
        return this.occurs(id, t.elem);
      case 'ref':
        return this.occurs(id, t.inner);
      case 'datatype':
        return t.args.some((a) => this.occurs(id, a));
      case 'tuple':
        return t.elems.some((e) => this.occurs(id, e));
      default:
        return false;
    }
  }
}

/** Replaces type parameters by the given arguments. */
export function instantiate(type: Type, args: readonly Type[]): Type {
  switch (type.kind) {
    case 'param':
      return args[type.index] ?? type;
    case 'vector':
      return { kind: 'vector', elem: instantiate(type.elem, args) };
    case 'ref':
      return { kind: 'ref', isMut: type.isMut, inner: instantiate(type.inner, args) };
    case 'datatype':
      return type.args.length === 0 ? type : { ...type, args: type.args.map((a) => instantiate(a, args)) };
    case 'tuple':
      return { kind: 'tuple', elems: type.elems.map((e) => instantiate(e, args)) };
    default:
      return type;
  }
}

/** Move syntax for messages: `vector<u8>`, `&mut 0x2::coin::Coin<T>` shortened to `coin::Coin<T>`. */
export function showType(type: Type): string {
  switch (type.kind) {
    case 'prim':
      return type.name;
    case 'vector':
      return `vector<${showType(type.elem)}>`;
    case 'ref':
      return `${type.isMut ? '&mut ' : '&'}${showType(type.inner)}`;
    case 'datatype': {
      const args = type.args.length > 0 ? `<${type.args.map(showType).join(', ')}>` : '';
      return `${type.module.name}::${type.name}${args}`;
    }
    case 'param':
      return type.name;
    case 'tuple':
      return `(${type.elems.map(showType).join(', ')})`;
    case 'var':
      return type.isInteger ? '{integer}' : '_';
    case 'never':
      return '_';
  }
}
