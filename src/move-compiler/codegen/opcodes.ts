// Instructions picked by type or operator: literal loads, casts, binary operators.
import type { Bytecode } from '../../move/module-json.js';
import type { TExp } from '../tir.js';
import type { Type } from '../types.js';

type BinaryOp = Extract<TExp, { kind: 'binary' }>['op'];

export const BINARY_OPCODES: Record<Exclude<BinaryOp, '&&' | '||'>, string> = {
  '+': 'Add',
  '-': 'Sub',
  '*': 'Mul',
  '/': 'Div',
  '%': 'Mod',
  '&': 'BitAnd',
  '|': 'BitOr',
  '^': 'Xor',
  '<<': 'Shl',
  '>>': 'Shr',
  '==': 'Eq',
  '!=': 'Neq',
  '<': 'Lt',
  '>': 'Gt',
  '<=': 'Le',
  '>=': 'Ge',
};

const CASTS: Partial<Record<string, string>> = {
  u8: 'CastU8',
  u16: 'CastU16',
  u32: 'CastU32',
  u64: 'CastU64',
  u128: 'CastU128',
  u256: 'CastU256',
};

export function castOpcode(target: Type): string {
  const opcode = target.kind === 'prim' ? CASTS[target.name] : undefined;
  if (!opcode) throw new Error('codegen: cast to a non-integer type');
  return opcode;
}

function littleEndian(bytes: Uint8Array): bigint {
  let value = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i]!);
  return value;
}

/**
 * The instruction that loads a literal directly (bool and integers, from their BCS bytes), or
 * `undefined` when it must come from the constant pool (addresses, byte strings).
 */
export function literalLoad(type: Type, value: Uint8Array): Bytecode | undefined {
  if (type.kind !== 'prim') return undefined;
  switch (type.name) {
    case 'bool':
      return value[0] === 1 ? 'LdTrue' : 'LdFalse';
    case 'u8':
      return { LdU8: Number(littleEndian(value)) };
    case 'u16':
      return { LdU16: Number(littleEndian(value)) };
    case 'u32':
      return { LdU32: Number(littleEndian(value)) };
    case 'u64':
      return { LdU64: littleEndian(value) };
    case 'u128':
      return { LdU128: littleEndian(value) };
    case 'u256':
      // The library takes a u256 as its 32 little-endian bytes.
      return { LdU256: [...value] };
    default:
      return undefined;
  }
}
