// Constants: their declared type must be a primitive or a vector of them, and their value is folded
// at compile time to the BCS bytes of the constant pool.
import type { ConstantDecl, Exp } from '../ast.js';
import { CODES } from '../codes.js';
import type { TConstant } from '../tir.js';
import { prim, type PrimitiveName, type Type } from '../types.js';
import { encodeAddress, encodeBool, encodeInteger, encodeVector, fitsInteger, INTEGER_BITS } from './bcs.js';
import { showType } from './infer.js';
import type { ModuleScope } from './scope.js';
import type { ModuleSig } from './signatures.js';

type Value =
  | { kind: 'int'; value: bigint }
  | { kind: 'bool'; value: boolean }
  | { kind: 'address'; value: string }
  | { kind: 'vector'; elems: Value[] };

function isConstantType(type: Type): boolean {
  if (type.kind === 'prim') return type.name !== 'signer';
  return type.kind === 'vector' && isConstantType(type.elem);
}

function encode(value: Value, type: Type): Uint8Array {
  switch (value.kind) {
    case 'int':
      return encodeInteger(value.value, type.kind === 'prim' ? (INTEGER_BITS[type.name] ?? 64) : 64);
    case 'bool':
      return encodeBool(value.value);
    case 'address':
      return encodeAddress(value.value);
    case 'vector':
      return encodeVector(value.elems.map((e) => encode(e, type.kind === 'vector' ? type.elem : type)));
  }
}

class Unsupported extends Error {}

/** Folds every constant of a module; reports and skips the ones that cannot be computed. */
export function foldConstants(scope: ModuleScope, sig: ModuleSig, decls: ConstantDecl[]): TConstant[] {
  const byName = new Map(decls.map((d) => [d.name.value, d]));
  const values = new Map<string, Value | null>();
  const inProgress = new Set<string>();

  const valueOf = (name: string): Value | null => {
    const known = values.get(name);
    if (known !== undefined) return known;
    const decl = byName.get(name);
    const type = sig.constants.get(name)?.type;
    if (!decl || !type) return null;
    if (inProgress.has(name)) {
      scope.ctx.report(CODES.cyclicData, decl.name.loc, `constant '${name}' depends on itself`);
      return null;
    }
    inProgress.add(name);
    let value: Value | null = null;
    try {
      value = fold(decl.value, type);
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      scope.ctx.report(
        CODES.unsupportedConstant,
        decl.value.loc,
        `the value of '${name}' must be computable at compile time: ${error.message}`,
      );
    }
    inProgress.delete(name);
    values.set(name, value);
    return value;
  };

  const intType = (e: Exp): PrimitiveName => {
    if (e.kind === 'literal' && e.value.kind === 'number') return e.value.suffix ?? 'u64';
    if (e.kind === 'name' && e.path.parts.length === 1) {
      const t = sig.constants.get(e.path.parts[0]!.value)?.type;
      if (t?.kind === 'prim') return t.name;
    }
    if (e.kind === 'cast' && e.type.kind === 'apply')
      return (e.type.path.parts[0]?.value ?? 'u64') as PrimitiveName;
    if (e.kind === 'binary' && !['<<', '>>'].includes(e.op)) return intType(e.lhs);
    return 'u64';
  };

  const fold = (e: Exp, type: Type): Value => {
    switch (e.kind) {
      case 'literal': {
        const lit = e.value;
        if (lit.kind === 'number') {
          const name = lit.suffix ?? (type.kind === 'prim' ? type.name : 'u64');
          if (!fitsInteger(lit.value, name)) throw new Unsupported(`${lit.value} does not fit in '${name}'`);
          return { kind: 'int', value: lit.value };
        }
        if (lit.kind === 'bool') return { kind: 'bool', value: lit.value };
        if (lit.kind === 'bytes')
          return { kind: 'vector', elems: [...lit.value].map((b) => ({ kind: 'int', value: BigInt(b) })) };
        const address = scope.ctx.addressOf(lit.value);
        if (address === undefined) throw new Unsupported('the named address has no value');
        return { kind: 'address', value: address };
      }
      case 'vector': {
        const elem = type.kind === 'vector' ? type.elem : prim('u64');
        return { kind: 'vector', elems: e.elems.map((x) => fold(x, elem)) };
      }
      case 'name': {
        if (e.path.parts.length !== 1 || e.path.address)
          throw new Unsupported('only constants of this module can be used');
        const value = valueOf(e.path.parts[0]!.value);
        if (!value) throw new Unsupported(`'${e.path.parts[0]!.value}' is not a usable constant`);
        return value;
      }
      case 'block':
        if (e.stmts.length === 0 && e.result) return fold(e.result, type);
        throw new Unsupported('blocks with statements are not allowed');
      case 'annot':
        return fold(e.exp, type);
      case 'not': {
        const v = fold(e.exp, prim('bool'));
        if (v.kind !== 'bool') throw new Unsupported("'!' needs a bool");
        return { kind: 'bool', value: !v.value };
      }
      case 'cast': {
        const from = intType(e.exp);
        const v = fold(e.exp, prim(from));
        const to = e.type.kind === 'apply' ? e.type.path.parts[0]?.value : undefined;
        if (v.kind !== 'int' || !to || !fitsInteger(v.value, to as PrimitiveName))
          throw new Unsupported('the cast does not fit');
        return v;
      }
      case 'binary':
        return foldBinary(e, type);
      default:
        throw new Unsupported('only literals, constants, vectors and operators are allowed');
    }
  };

  const foldBinary = (e: Exp & { kind: 'binary' }, type: Type): Value => {
    if (e.op === '&&' || e.op === '||') {
      const l = fold(e.lhs, prim('bool'));
      const r = fold(e.rhs, prim('bool'));
      if (l.kind !== 'bool' || r.kind !== 'bool') throw new Unsupported(`'${e.op}' needs bools`);
      return { kind: 'bool', value: e.op === '&&' ? l.value && r.value : l.value || r.value };
    }
    const operandType = ['==', '!=', '<', '>', '<=', '>='].includes(e.op) ? prim(intType(e.lhs)) : type;
    const l = fold(e.lhs, operandType);
    const r = fold(e.rhs, ['<<', '>>'].includes(e.op) ? prim('u8') : operandType);
    if (e.op === '==' || e.op === '!=') {
      const same =
        JSON.stringify(l, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ===
        JSON.stringify(r, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
      return { kind: 'bool', value: e.op === '==' ? same : !same };
    }
    if (l.kind !== 'int' || r.kind !== 'int') throw new Unsupported(`'${e.op}' needs integers`);
    const a = l.value;
    const b = r.value;
    const name = operandType.kind === 'prim' ? operandType.name : 'u64';
    const bits = BigInt(INTEGER_BITS[name] ?? 64);
    const result = ((): bigint | boolean => {
      switch (e.op) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        case '/':
          if (b === 0n) throw new Unsupported('division by zero');
          return a / b;
        case '%':
          if (b === 0n) throw new Unsupported('division by zero');
          return a % b;
        case '&':
          return a & b;
        case '|':
          return a | b;
        case '^':
          return a ^ b;
        case '<<':
          if (b >= bits) throw new Unsupported('shift too large');
          return (a << b) & ((1n << bits) - 1n);
        case '>>':
          if (b >= bits) throw new Unsupported('shift too large');
          return a >> b;
        case '<':
          return a < b;
        case '>':
          return a > b;
        case '<=':
          return a <= b;
        case '>=':
          return a >= b;
        default:
          throw new Unsupported(`'${e.op}' is not allowed`);
      }
    })();
    if (typeof result === 'boolean') return { kind: 'bool', value: result };
    if (!fitsInteger(result, name)) throw new Unsupported(`the result overflows '${name}'`);
    return { kind: 'int', value: result };
  };

  const out: TConstant[] = [];
  for (const decl of decls) {
    const type = sig.constants.get(decl.name.value)?.type;
    if (!type) continue;
    if (!isConstantType(type)) {
      scope.ctx.report(
        CODES.typeForConstant,
        decl.type.loc,
        `a constant cannot have type '${showType(type)}'; use a primitive type or a vector of them`,
      );
      continue;
    }
    const value = valueOf(decl.name.value);
    if (!value) continue;
    if (!valueFits(value, type)) {
      scope.ctx.report(
        CODES.joinError,
        decl.value.loc,
        `the value does not have the declared type '${showType(type)}'`,
      );
      continue;
    }
    out.push({ name: decl.name.value, loc: decl.loc, type, value: encode(value, type) });
  }
  return out;
}

function valueFits(value: Value, type: Type): boolean {
  if (type.kind === 'vector')
    return value.kind === 'vector' && value.elems.every((e) => valueFits(e, type.elem));
  if (type.kind !== 'prim') return false;
  if (type.name === 'bool') return value.kind === 'bool';
  if (type.name === 'address') return value.kind === 'address';
  return value.kind === 'int' && fitsInteger(value.value, type.name);
}
