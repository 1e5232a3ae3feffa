// Semantic types of the checker and code generator: resolved, with inference variables while typing.

/** Ability set as a bit mask, as in bytecode: copy=1, drop=2, store=4, key=8. */
export type Abilities = number;
export const COPY = 1;
export const DROP = 2;
export const STORE = 4;
export const KEY = 8;
export const ALL_ABILITIES = COPY | DROP | STORE;

export type PrimitiveName = 'bool' | 'u8' | 'u16' | 'u32' | 'u64' | 'u128' | 'u256' | 'address' | 'signer';

/** A module by its resolved address (64 lowercase hex digits, no `0x`) and name. */
export interface ModuleId {
  address: string;
  name: string;
}

export type Type =
  | { kind: 'prim'; name: PrimitiveName }
  | { kind: 'vector'; elem: Type }
  /** A struct or enum, declared in `module`. */
  | { kind: 'datatype'; module: ModuleId; name: string; args: Type[] }
  | { kind: 'ref'; isMut: boolean; inner: Type }
  /** A type parameter of the function (or datatype) being checked, by position. */
  | { kind: 'param'; index: number; name: string }
  /** Several values (a call's results, `(a, b)`); `()` is a tuple of none. */
  | { kind: 'tuple'; elems: Type[] }
  /** An inference variable; `isInteger` when it came from an unsuffixed number literal. */
  | { kind: 'var'; id: number; isInteger?: boolean }
  /** The type of `return`, `abort`, `break`, `continue`: fits anywhere. */
  | { kind: 'never' };

export const UNIT: Type = { kind: 'tuple', elems: [] };

export function prim(name: PrimitiveName): Type {
  return { kind: 'prim', name };
}

export function moduleKey(id: ModuleId): string {
  return `${id.address}::${id.name}`;
}
