// Typed IR: the checker's output and the code generator's input. Every name is resolved, every type
// is final (no inference variables, no `never` except on expressions that do not return), every
// implicit conversion is explicit (`freeze`, auto-borrow of method receivers, `*` of copied fields).
import type { BinaryOp, Loc } from './ast.js';
import type { Abilities, ModuleId, Type } from './types.js';

export interface TModule {
  id: ModuleId;
  loc: Loc;
  structs: TStruct[];
  enums: TEnum[];
  constants: TConstant[];
  functions: TFunction[];
  /** Modules of the same package that call this module's `public(package)` functions. */
  friends: ModuleId[];
}

export interface TTypeParam {
  name: string;
  constraints: Abilities;
  isPhantom: boolean;
}

export interface TStruct {
  name: string;
  loc: Loc;
  abilities: Abilities;
  typeParams: TTypeParam[];
  /** Positional fields are named `pos0`, `pos1`, ... as Sui's compiler names them. */
  fields: { name: string; type: Type; loc: Loc }[];
  isNative: boolean;
}

export interface TEnum {
  name: string;
  loc: Loc;
  abilities: Abilities;
  typeParams: TTypeParam[];
  variants: { name: string; loc: Loc; fields: { name: string; type: Type }[] }[];
}

export interface TConstant {
  name: string;
  loc: Loc;
  type: Type;
  /** The BCS encoding of the value, as stored in the constant pool. */
  value: Uint8Array;
}

export interface TLocal {
  name: string;
  loc: Loc;
  type: Type;
  isMut: boolean;
}

export interface TFunction {
  name: string;
  loc: Loc;
  visibility: 'private' | 'public' | 'package';
  isEntry: boolean;
  isNative: boolean;
  typeParams: { name: string; constraints: Abilities }[];
  /** The first `params.length` locals are the parameters, in order. */
  params: number;
  locals: TLocal[];
  returns: Type[];
  /** Absent for natives. */
  body?: TExp;
}

export interface StructRef {
  module: ModuleId;
  name: string;
}

/** One variant of an enum of the module being compiled: its position in the declaration. */
export interface VariantRef {
  enum: StructRef;
  variant: number;
}

export interface FunctionRef {
  module: ModuleId;
  name: string;
}

/** The left side of a binding (`let`) or of an assignment. */
export type TLValue =
  | { kind: 'local'; loc: Loc; local: number }
  | { kind: 'ignore'; loc: Loc; type: Type }
  /**
   * Unpack a struct (or, when `ref` is set, borrow its fields through a reference: `let S { f } = &s`
   * binds `f: &T`). `fields` are in declaration order, with `ignore` for the fields `..` skipped.
   */
  | {
      kind: 'unpack';
      loc: Loc;
      struct: StructRef;
      typeArgs: Type[];
      ref?: 'imm' | 'mut';
      fields: TLValue[];
    }
  /** Unpack one variant of an enum (by value, or borrowing its fields through a reference). */
  | {
      kind: 'unpack_variant';
      loc: Loc;
      variant: VariantRef;
      typeArgs: Type[];
      ref?: 'imm' | 'mut';
      fields: TLValue[];
    };

/** How a local is read: chosen by the checker for `move x` / `copy x`, by liveness for plain `x`. */
export type UseMode = 'copy' | 'move' | 'infer';

type Node<K extends string, T> = { kind: K; loc: Loc; type: Type } & T;

export type TExp =
  | Node<'unit', object>
  /** A literal: `value` is the BCS encoding of the literal of `type` (integers, bool, address, vector<u8>). */
  | Node<'literal', { value: Uint8Array }>
  | Node<'constant', { module: ModuleId; name: string }>
  /**
   * Sui's "clever" u64 abort code, built by the generator from the module's tables: the 1-based source
   * line, and for an `#[error]` constant its name (identifier pool) and value (constant pool), with the
   * `#[error(code = n)]` byte when given.
   */
  | Node<'clever_code', { line: number; constant?: string; errorCode?: number }>
  | Node<'local', { local: number; mode: UseMode }>
  | Node<'borrow_local', { local: number; isMut: boolean }>
  | Node<'call', { function: FunctionRef; typeArgs: Type[]; args: TExp[] }>
  /**
   * Fields in evaluation (source) order; `index` is each field's declaration position. The generator
   * evaluates them in source order and packs them in declaration order.
   */
  | Node<'pack', { struct: StructRef; typeArgs: Type[]; fields: { index: number; value: TExp }[] }>
  /** Like `pack`, for one variant of an enum. */
  | Node<'pack_variant', { variant: VariantRef; typeArgs: Type[]; fields: { index: number; value: TExp }[] }>
  /**
   * Branches on the variant of the enum `subject` refers to (a reference): `cases[i]` runs for variant
   * `i`. What `match` on an enum becomes.
   */
  | Node<'variant_switch', { subject: TExp; enum: StructRef; typeArgs: Type[]; cases: TExp[] }>
  | Node<'vector', { elemType: Type; elems: TExp[] }>
  /** `exp` is a reference to the struct; the result is a reference to the field. */
  | Node<'borrow_field', { exp: TExp; isMut: boolean; struct: StructRef; typeArgs: Type[]; field: number }>
  | Node<'deref', { exp: TExp }>
  /** `*ref = value`. */
  | Node<'write_ref', { ref: TExp; value: TExp }>
  /** `&mut T` used as `&T`. */
  | Node<'freeze', { exp: TExp }>
  | Node<'not', { exp: TExp }>
  | Node<
      'binary',
      {
        op: BinaryOp;
        lhs: TExp;
        rhs: TExp;
      }
    >
  | Node<'cast', { exp: TExp }>
  | Node<'tuple', { elems: TExp[] }>
  | Node<'if', { cond: TExp; then: TExp; else: TExp }>
  /** `label` pairs loops with their `break`/`continue`. */
  | Node<'while', { label: number; cond: TExp; body: TExp }>
  | Node<'loop', { label: number; body: TExp }>
  | Node<'break', { label: number; value?: TExp }>
  | Node<'continue', { label: number }>
  | Node<'return', { value: TExp }>
  | Node<'abort', { code: TExp }>
  | Node<'block', { stmts: TStmt[]; result: TExp }>
  /** `lhs = value` with one target per value of `value` (several for tuples). */
  | Node<'assign', { targets: TLValue[]; value: TExp }>;

export type TStmt =
  | { kind: 'let'; loc: Loc; targets: TLValue[]; value?: TExp }
  /** Evaluate and discard (the value must have `drop`; the checker reports otherwise). */
  | { kind: 'exp'; loc: Loc; exp: TExp };
