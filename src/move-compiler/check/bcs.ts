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

/**
 * The abort code of `assert!(c)` and `abort` without a code: Sui's "clever error" bitset, from the most
 * significant bits: version 0b1100 (4 bits), 4 reserved bits, the `#[error(code)]` byte (0xff: none), the
 * 1-based source line (16 bits), the identifier and constant indices (16 bits each, 0xffff: none). The
 * Move Book still shows the first layout (a single tag bit, 0x8000_<line>_ffff_ffff); the compilers that
 * built the bundled framework (mainnet-v1.62) emit this one, as its own abort codes (0xc00d_...) show.
 */
export function cleverAbortCode(line: number): bigint {
  const version = 0b1100n;
  const noErrorCode = 0xffn;
  const none16 = 0xffffn;
  return (version << 60n) | (noErrorCode << 48n) | (BigInt(line & 0xffff) << 32n) | (none16 << 16n) | none16;
}
