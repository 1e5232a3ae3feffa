// BCS encodings of literal and constant values, as the constant pool and `LdConst` expect them.
import type { PrimitiveName } from '../types.js';

export const INTEGER_BITS: Partial<Record<PrimitiveName, number>> = {
  u8: 8,
  u16: 16,
  u32: 32,
  u64: 64,
  u128: 128,
  u256: 256,
};

export function fitsInteger(value: bigint, name: PrimitiveName): boolean {
  const bits = INTEGER_BITS[name];
  return bits !== undefined && value >= 0n && value < 1n << BigInt(bits);
}

export function encodeInteger(value: bigint, bits: number): Uint8Array {
  const bytes = new Uint8Array(bits / 8);
  let rest = value;
  for (let i = 0; i < bytes.length; i++) {
    bytes[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return bytes;
}

export function encodeBool(value: boolean): Uint8Array {
  return Uint8Array.of(value ? 1 : 0);
}

/** `hex` is 64 hex digits. */
export function encodeAddress(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g)!.map((pair) => parseInt(pair, 16)));
}

export function uleb128(length: number): number[] {
  const out: number[] = [];
  let rest = length;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest) byte |= 0x80;
    out.push(byte);
  } while (rest);
  return out;
}

/** A vector: its length then its elements' encodings. */
export function encodeVector(elements: Uint8Array[]): Uint8Array {
  const prefix = uleb128(elements.length);
  const total = prefix.length + elements.reduce((n, e) => n + e.length, 0);
  const out = new Uint8Array(total);
  out.set(prefix, 0);
  let at = prefix.length;
  for (const e of elements) {
    out.set(e, at);
    at += e.length;
  }
  return out;
}

export function encodeBytes(bytes: Uint8Array): Uint8Array {
  return encodeVector([...bytes].map((b) => Uint8Array.of(b)));
}
