// Move's checked integer arithmetic. u8/u16/u32 are JS numbers, u64/u128/u256 bigints; any
// overflow, underflow, division by zero, shift by at least the bit width or lossy cast is an
// ARITHMETIC_ERROR (a VM status, not an abort code).
import type { IntKind } from './code-prepare.js';
import { arithmeticError } from './errors.js';

const SMALL_MAX = { u8: 0xff, u16: 0xffff, u32: 0xffffffff } as const;
const BIG_MAX = { u64: (1n << 64n) - 1n, u128: (1n << 128n) - 1n, u256: (1n << 256n) - 1n } as const;
const BITS: Record<IntKind, number> = { u8: 8, u16: 16, u32: 32, u64: 64, u128: 128, u256: 256 };

export type Int = number | bigint;

function isSmall(kind: IntKind): kind is 'u8' | 'u16' | 'u32' {
  return kind === 'u8' || kind === 'u16' || kind === 'u32';
}

function maxOf(kind: IntKind): Int {
  return isSmall(kind) ? SMALL_MAX[kind] : BIG_MAX[kind];
}

export function add(kind: IntKind, a: Int, b: Int): Int {
  const result = (a as number) + (b as number);
  if (result > maxOf(kind)) throw arithmeticError(`${kind} addition overflow`);
  return result;
}

export function sub(kind: IntKind, a: Int, b: Int): Int {
  if (a < b) throw arithmeticError(`${kind} subtraction underflow`);
  return (a as number) - (b as number);
}

export function mul(kind: IntKind, a: Int, b: Int): Int {
  // A u32 product may exceed 2^53, but rounding cannot bring it back under 2^32, so the check holds.
  const result = (a as number) * (b as number);
  if (result > maxOf(kind)) throw arithmeticError(`${kind} multiplication overflow`);
  return result;
}

export function div(kind: IntKind, a: Int, b: Int): Int {
  if (isSmall(kind)) {
    if (b === 0) throw arithmeticError('division by zero');
    return Math.floor((a as number) / (b as number));
  }
  if (b === 0n) throw arithmeticError('division by zero');
  return (a as bigint) / (b as bigint);
}

export function mod(kind: IntKind, a: Int, b: Int): Int {
  if (b === 0 || b === 0n) throw arithmeticError('modulo by zero');
  return (a as number) % (b as number);
}

export function bitOr(kind: IntKind, a: Int, b: Int): Int {
  return isSmall(kind) ? ((a as number) | (b as number)) >>> 0 : (a as bigint) | (b as bigint);
}

export function bitAnd(kind: IntKind, a: Int, b: Int): Int {
  return isSmall(kind) ? ((a as number) & (b as number)) >>> 0 : (a as bigint) & (b as bigint);
}

export function xor(kind: IntKind, a: Int, b: Int): Int {
  return isSmall(kind) ? ((a as number) ^ (b as number)) >>> 0 : (a as bigint) ^ (b as bigint);
}

/** `shift` is a u8 (a JS number). */
export function shl(kind: IntKind, a: Int, shift: Int): Int {
  if (shift >= BITS[kind]) throw arithmeticError(`${kind} shift left by ${shift}`);
  if (isSmall(kind)) {
    // JS `<<` works on int32 and drops bits above 32; `>>> 0` reads the result back as unsigned.
    const shifted = ((a as number) << (shift as number)) >>> 0;
    return kind === 'u32' ? shifted : shifted & SMALL_MAX[kind];
  }
  return ((a as bigint) << BigInt(shift)) & BIG_MAX[kind];
}

export function shr(kind: IntKind, a: Int, shift: Int): Int {
  if (shift >= BITS[kind]) throw arithmeticError(`${kind} shift right by ${shift}`);
  return isSmall(kind) ? (a as number) >>> (shift as number) : (a as bigint) >> BigInt(shift);
}

/** `CastU8` … `CastU256`: the value must fit the target width. */
export function cast(target: IntKind, value: Int): Int {
  if (value > maxOf(target)) throw arithmeticError(`cannot cast ${value} to ${target}`);
  return isSmall(target) ? Number(value) : BigInt(value);
}
