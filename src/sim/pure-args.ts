// Pure PTB arguments (§9.1) as BCS bytes, with the checks smi_tx_sim makes: integers in range, hex of
// even length, addresses of at most 64 hex digits.
import { bcs, type BcsType } from '@mysten/sui/bcs';
import { fullAddress, isAddress } from '../move/address.js';
import { rejected } from './errors.js';

/**
 * `0x`-optional hex of up to 64 digits, case-insensitive, as `0x` + 64 lowercase digits. Empty means
 * the zero address, as in `smi_tx_sim`.
 */
export function normalizeAddress(value: string, what = 'address'): string {
  const digits = value.trim().replace(/^0x/i, '') || '0';
  if (!isAddress(digits)) throw rejected(`invalid ${what}: ${JSON.stringify(value)}`);
  return fullAddress(digits);
}

export function integer(value: unknown, bits: number, kind: string): bigint {
  let parsed: bigint | null = null;
  if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)) {
    throw rejected(
      `${kind} value ${value} is beyond 2^53 and may have lost digits; write it as a decimal string`,
    );
  }
  if (typeof value === 'number' && Number.isSafeInteger(value)) parsed = BigInt(value);
  else if (typeof value === 'string' && /^[0-9]+$/.test(value.trim())) parsed = BigInt(value.trim());
  if (parsed === null || parsed < 0n || parsed >= 1n << BigInt(bits)) {
    throw rejected(`${kind} value ${JSON.stringify(value)} is not an integer in 0..2^${bits}-1`);
  }
  return parsed;
}

function vectorBytes<T, Input>(
  element: BcsType<T, Input>,
  value: unknown,
  kind: string,
  convert: (item: unknown) => Input,
): Uint8Array {
  if (!Array.isArray(value)) throw rejected(`${kind} needs a JSON array, got ${JSON.stringify(value)}`);
  return bcs.vector(element).serialize(value.map(convert)).toBytes();
}

export function bool(value: unknown, kind: string): boolean {
  if (typeof value !== 'boolean') throw rejected(`${kind} needs true or false, got ${JSON.stringify(value)}`);
  return value;
}

function hexBytes(value: unknown): Uint8Array {
  if (typeof value !== 'string') throw rejected(`vector_u8_hex needs a string`);
  const digits = value.startsWith('0x') ? value.slice(2) : value;
  if (digits.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(digits)) {
    throw rejected(`vector_u8_hex is not an even number of hex digits: ${JSON.stringify(value)}`);
  }
  return Uint8Array.from(digits.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

const UINT_BITS: Record<string, number> = { u8: 8, u16: 16, u32: 32, u64: 64, u128: 128, u256: 256 };

/** BCS writes every unsigned integer as fixed-width little-endian bytes. */
function littleEndian(value: bigint, bits: number): Uint8Array {
  const bytes = new Uint8Array(bits / 8);
  for (let index = 0, rest = value; index < bytes.length; index++, rest >>= 8n)
    bytes[index] = Number(rest & 0xffn);
  return bytes;
}

/** The BCS bytes of a pure argument, or null when the kind is not a pure value. */
export function pureBytes(kind: string, value: unknown): Uint8Array | null {
  const bits = UINT_BITS[kind];
  if (bits !== undefined) return littleEndian(integer(value, bits, kind), bits);
  switch (kind) {
    case 'bool':
      return bcs.bool().serialize(bool(value, kind)).toBytes();
    case 'address':
      if (typeof value !== 'string') throw rejected('address needs a string');
      return bcs.Address.serialize(normalizeAddress(value)).toBytes();
    case 'vector_u8_utf8':
      if (typeof value !== 'string') throw rejected('vector_u8_utf8 needs a string');
      return bcs.vector(bcs.u8()).serialize(new TextEncoder().encode(value)).toBytes();
    case 'vector_u8_hex':
      return bcs.vector(bcs.u8()).serialize(hexBytes(value)).toBytes();
    case 'vector_address':
      return vectorBytes(bcs.Address, value, kind, (item) => normalizeAddress(String(item)));
    case 'vector_bool':
      return vectorBytes(bcs.bool(), value, kind, (item) => bool(item, kind));
    case 'vector_u16':
      return vectorBytes(bcs.u16(), value, kind, (item) => Number(integer(item, 16, kind)));
    case 'vector_u32':
      return vectorBytes(bcs.u32(), value, kind, (item) => Number(integer(item, 32, kind)));
    case 'vector_u64':
      return vectorBytes(bcs.u64(), value, kind, (item) => integer(item, 64, kind));
    default:
      return null;
  }
}
