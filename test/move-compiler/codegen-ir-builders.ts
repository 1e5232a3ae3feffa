// Small constructors of typed IR for the code generator's tests: the checker's output, written by hand.
import type { Loc } from '../../src/move-compiler/ast.js';
import type { TExp, TFunction, TLValue, TModule, TStmt, TStruct } from '../../src/move-compiler/tir.js';
import { prim, UNIT, type ModuleId, type Type } from '../../src/move-compiler/types.js';

export const LOC: Loc = { file: 'test.move', start: 0, end: 0 };
export const SELF: ModuleId = { address: '0'.repeat(64), name: 'm' };
export const STD = (name: string): ModuleId => ({ address: '0'.repeat(63) + '1', name });
export const SUI = (name: string): ModuleId => ({ address: '0'.repeat(63) + '2', name });

export const U8 = prim('u8');
export const U64 = prim('u64');
export const U128 = prim('u128');
export const U256 = prim('u256');
export const BOOL = prim('bool');
export const ADDRESS = prim('address');
export const NEVER: Type = { kind: 'never' };
export const vec = (elem: Type): Type => ({ kind: 'vector', elem });
export const ref = (inner: Type, isMut = false): Type => ({ kind: 'ref', isMut, inner });
export const datatype = (module: ModuleId, name: string, args: Type[] = []): Type => ({
  kind: 'datatype',
  module,
  name,
  args,
});
export const param = (index: number): Type => ({ kind: 'param', index, name: `T${index}` });
export const tuple = (...elems: Type[]): Type => ({ kind: 'tuple', elems });

function littleEndian(value: bigint, bytes: number): Uint8Array {
  return Uint8Array.from({ length: bytes }, (_, i) => Number((value >> BigInt(8 * i)) & 0xffn));
}

export const unit: TExp = { kind: 'unit', loc: LOC, type: UNIT };
export const u8 = (value: number): TExp => ({
  kind: 'literal',
  loc: LOC,
  type: U8,
  value: littleEndian(BigInt(value), 1),
});
export const u64 = (value: bigint | number): TExp => ({
  kind: 'literal',
  loc: LOC,
  type: U64,
  value: littleEndian(BigInt(value), 8),
});
export const u128 = (value: bigint): TExp => ({
  kind: 'literal',
  loc: LOC,
  type: U128,
  value: littleEndian(value, 16),
});
export const u256 = (value: bigint): TExp => ({
  kind: 'literal',
  loc: LOC,
  type: U256,
  value: littleEndian(value, 32),
});
export const bool = (value: boolean): TExp => ({
  kind: 'literal',
  loc: LOC,
  type: BOOL,
  value: Uint8Array.of(value ? 1 : 0),
});
export const address = (digits: string): TExp => ({
  kind: 'literal',
  loc: LOC,
  type: ADDRESS,
  value: Uint8Array.from(Buffer.from(digits.padStart(64, '0'), 'hex')),
});
export const bytes = (text: string): TExp => {
  const raw = new TextEncoder().encode(text);
  return { kind: 'literal', loc: LOC, type: vec(U8), value: Uint8Array.of(raw.length, ...raw) };
};

export const local = (index: number, type: Type, mode: 'infer' | 'copy' | 'move' = 'infer'): TExp => ({
  kind: 'local',
  loc: LOC,
  type,
  local: index,
  mode,
});
export const borrowLocal = (index: number, type: Type, isMut = false): TExp => ({
  kind: 'borrow_local',
  loc: LOC,
  type: ref(type, isMut),
  local: index,
  isMut,
});
type BinaryOp = Extract<TExp, { kind: 'binary' }>['op'];
const COMPARISONS = new Set(['==', '!=', '<', '>', '<=', '>=', '&&', '||']);
export const bin = (op: BinaryOp, lhs: TExp, rhs: TExp): TExp => ({
  kind: 'binary',
  loc: LOC,
  type: COMPARISONS.has(op) ? BOOL : lhs.type,
  op,
  lhs,
  rhs,
});
export const not = (exp: TExp): TExp => ({ kind: 'not', loc: LOC, type: BOOL, exp });
export const cast = (exp: TExp, type: Type): TExp => ({ kind: 'cast', loc: LOC, type, exp });
export const call = (
  module: ModuleId,
  name: string,
  args: TExp[],
  type: Type,
  typeArgs: Type[] = [],
): TExp => ({
  kind: 'call',
  loc: LOC,
  type,
  function: { module, name },
  typeArgs,
  args,
});
export const ifElse = (cond: TExp, then: TExp, otherwise: TExp, type: Type = then.type): TExp => ({
  kind: 'if',
  loc: LOC,
  type,
  cond,
  then,
  else: otherwise,
});
export const whileLoop = (label: number, cond: TExp, body: TExp): TExp => ({
  kind: 'while',
  loc: LOC,
  type: UNIT,
  label,
  cond,
  body,
});
export const loop = (label: number, body: TExp, type: Type = NEVER): TExp => ({
  kind: 'loop',
  loc: LOC,
  type,
  label,
  body,
});
export const brk = (label: number, value?: TExp): TExp => ({
  kind: 'break',
  loc: LOC,
  type: NEVER,
  label,
  ...(value ? { value } : {}),
});
export const cont = (label: number): TExp => ({ kind: 'continue', loc: LOC, type: NEVER, label });
export const ret = (value: TExp): TExp => ({ kind: 'return', loc: LOC, type: NEVER, value });
export const abort = (code: TExp): TExp => ({ kind: 'abort', loc: LOC, type: NEVER, code });
export const block = (stmts: TStmt[], result: TExp = unit): TExp => ({
  kind: 'block',
  loc: LOC,
  type: result.type,
  stmts,
  result,
});
export const tupleExp = (...elems: TExp[]): TExp => ({
  kind: 'tuple',
  loc: LOC,
  type: tuple(...elems.map((e) => e.type)),
  elems,
});
export const vector = (elemType: Type, elems: TExp[]): TExp => ({
  kind: 'vector',
  loc: LOC,
  type: vec(elemType),
  elemType,
  elems,
});
export const deref = (exp: TExp): TExp => {
  if (exp.type.kind !== 'ref') throw new Error('deref of a non-reference');
  return { kind: 'deref', loc: LOC, type: exp.type.inner, exp };
};
export const writeRef = (refExp: TExp, value: TExp): TExp => ({
  kind: 'write_ref',
  loc: LOC,
  type: UNIT,
  ref: refExp,
  value,
});
export const freeze = (exp: TExp): TExp => {
  if (exp.type.kind !== 'ref') throw new Error('freeze of a non-reference');
  return { kind: 'freeze', loc: LOC, type: ref(exp.type.inner), exp };
};

export const toLocal = (index: number): TLValue => ({ kind: 'local', loc: LOC, local: index });
export const ignore = (type: Type): TLValue => ({ kind: 'ignore', loc: LOC, type });
/** `S { ... }` on the left of a `let`, for a struct of this module without type arguments. */
export const unpackSelf = (name: string, fields: TLValue[], ref?: 'imm' | 'mut'): TLValue => ({
  kind: 'unpack',
  loc: LOC,
  struct: { module: SELF, name },
  typeArgs: [],
  ...(ref === undefined ? {} : { ref }),
  fields,
});
export const letS = (targets: TLValue[], value?: TExp): TStmt => ({
  kind: 'let',
  loc: LOC,
  targets,
  ...(value ? { value } : {}),
});
export const expS = (exp: TExp): TStmt => ({ kind: 'exp', loc: LOC, exp });
export const assign = (targets: TLValue[], value: TExp): TStmt =>
  expS({ kind: 'assign', loc: LOC, type: UNIT, targets, value });

export interface FunctionSpec {
  name: string;
  params?: [string, Type][];
  locals?: [string, Type][];
  returns?: Type[];
  body?: TExp;
  visibility?: TFunction['visibility'];
  isEntry?: boolean;
  typeParams?: number[];
}

export function fn(spec: FunctionSpec): TFunction {
  const params = spec.params ?? [];
  const toLocal = ([name, type]: [string, Type]) => ({ name, loc: LOC, type, isMut: true });
  return {
    name: spec.name,
    loc: LOC,
    visibility: spec.visibility ?? 'public',
    isEntry: spec.isEntry ?? false,
    isNative: false,
    typeParams: (spec.typeParams ?? []).map((constraints, i) => ({ name: `T${i}`, constraints })),
    params: params.length,
    locals: [...params, ...(spec.locals ?? [])].map(toLocal),
    returns: spec.returns ?? [],
    ...(spec.body ? { body: spec.body } : {}),
  };
}

export function struct(
  name: string,
  abilities: number,
  fields: [string, Type][],
  typeParams: TStruct['typeParams'] = [],
): TStruct {
  return {
    name,
    loc: LOC,
    abilities,
    typeParams,
    fields: fields.map(([fieldName, type]) => ({ name: fieldName, type, loc: LOC })),
    isNative: false,
  };
}

export function module(parts: Partial<Omit<TModule, 'id' | 'loc'>> & { name?: string }): TModule {
  return {
    id: { ...SELF, name: parts.name ?? SELF.name },
    loc: LOC,
    structs: parts.structs ?? [],
    enums: parts.enums ?? [],
    constants: parts.constants ?? [],
    functions: parts.functions ?? [],
    friends: parts.friends ?? [],
  };
}
