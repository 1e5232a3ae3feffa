// Values of literal tokens: numbers (with `_` separators, hex, type suffixes), addresses and byte
// strings. Out-of-range values are reported and replaced by 0 so parsing can go on.
import type { IntegerSuffix, Loc } from '../ast.js';
import { CODES } from '../codes.js';
import type { DiagnosticBag } from '../diagnostics.js';

const SUFFIX_BITS: Record<IntegerSuffix, number> = { u8: 8, u16: 16, u32: 32, u64: 64, u128: 128, u256: 256 };
const SUFFIX_PATTERN = /(u8|u16|u32|u64|u128|u256)$/;

function digitsValue(digits: string): bigint | undefined {
  const clean = digits.replace(/_/g, '');
  if (clean === '' || clean === '0x') return undefined;
  return BigInt(clean);
}

export function parseNumberLiteral(
  text: string,
  loc: Loc,
  bag: DiagnosticBag,
): { value: bigint; suffix?: IntegerSuffix } {
  const suffixMatch = SUFFIX_PATTERN.exec(text);
  const suffix = suffixMatch?.[1] as IntegerSuffix | undefined;
  const digits = suffix === undefined ? text : text.slice(0, -suffix.length);
  const value = digitsValue(digits) ?? 0n;
  const bits = SUFFIX_BITS[suffix ?? 'u256'];
  if (value >= 1n << BigInt(bits)) {
    const message =
      suffix === undefined
        ? "Invalid number literal. It is too large for the largest integer type, 'u256'"
        : `Invalid number literal. It is too large for its type, '${suffix}'`;
    bag.add(CODES.invalidNumber, { loc, message });
    return suffix === undefined ? { value: 0n } : { value: 0n, suffix };
  }
  return suffix === undefined ? { value } : { value, suffix };
}

/** A numeric address `0x2` or `2`: at most 32 bytes. */
export function parseAddressLiteral(text: string, loc: Loc, bag: DiagnosticBag): bigint {
  const value = digitsValue(text) ?? 0n;
  if (SUFFIX_PATTERN.test(text) || value >= 1n << 256n) {
    bag.add(CODES.invalidAddress, {
      loc,
      message: `Invalid address '${text}'. Addresses are at most 32 bytes`,
    });
    return 0n;
  }
  return value;
}

const SIMPLE_ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, '\\': 92, '0': 0, '"': 34 };

/** Decodes `b"..."` (with escapes) or `x"..."` (pairs of hex digits). */
export function parseByteString(text: string, loc: Loc, bag: DiagnosticBag): Uint8Array {
  const body = text.slice(2, -1);
  return text.startsWith('x') ? decodeHex(body, loc, bag) : decodeEscapes(body, loc, bag);
}

function decodeHex(body: string, loc: Loc, bag: DiagnosticBag): Uint8Array {
  if (body.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(body)) {
    const reason = body.length % 2 !== 0 ? 'an odd number of digits' : 'a character that is not a hex digit';
    bag.add(CODES.invalidHexString, { loc, message: `Invalid hex string: it has ${reason}` });
    return new Uint8Array();
  }
  return Uint8Array.from(body.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

function decodeEscapes(body: string, loc: Loc, bag: DiagnosticBag): Uint8Array {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  // By code point, so characters outside the BMP encode as one 4-byte sequence.
  const chars = Array.from(body);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] ?? '';
    if (c !== '\\') {
      bytes.push(...encoder.encode(c));
      continue;
    }
    const next = chars[i + 1] ?? '';
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      bytes.push(simple);
      i += 1;
    } else if (next === 'x' && /^[0-9a-fA-F]{2}$/.test(chars.slice(i + 2, i + 4).join(''))) {
      bytes.push(parseInt(chars.slice(i + 2, i + 4).join(''), 16));
      i += 3;
    } else {
      bag.add(CODES.invalidByteString, {
        loc,
        message: `Invalid escape sequence '\\${next}' in byte string`,
      });
      return new Uint8Array();
    }
  }
  return Uint8Array.from(bytes);
}
