// fastcrypto's BCS of a `QuadraticForm`: a, b and c each as a `vector<u8>` holding the integer in
// minimal big-endian two's complement (num-bigint's `to_signed_bytes_be`, zero as one 0 byte).
// Decoding is `bcs::from_bytes`: canonical ULEB128 lengths, every byte used, any bytes accepted
// for an integer (`from_signed_bytes_be`, the empty string being zero).
import { bytesToNumberBE, concatBytes, numberToBytesBE } from '@noble/curves/utils.js';
import { readSequenceLength, ulebBytes } from '../../bcs-values.js';
import type { QuadraticForm } from './quadratic-form.js';

function signedBytes(n: bigint): Uint8Array {
  let width = 1;
  while (n >= 1n << BigInt(8 * width - 1) || n < -(1n << BigInt(8 * width - 1))) width++;
  return numberToBytesBE(n < 0n ? (1n << BigInt(8 * width)) + n : n, width);
}

function fromSignedBytes(bytes: Uint8Array): bigint {
  if (bytes.length === 0) return 0n;
  const unsigned = bytesToNumberBE(bytes);
  return bytes[0]! & 0x80 ? unsigned - (1n << BigInt(8 * bytes.length)) : unsigned;
}

/** BCS `vector<u8>` of the integer's signed bytes, as serde writes `bigint_serde`. */
export function encodeInteger(n: bigint): Uint8Array {
  const bytes = signedBytes(n);
  return concatBytes(ulebBytes(bytes.length), bytes);
}

export const encodeForm = (f: QuadraticForm): Uint8Array =>
  concatBytes(encodeInteger(f.a), encodeInteger(f.b), encodeInteger(f.c));

/** Reads canonical ULEB128 lengths and byte strings; undefined on any malformation. */
class Reader {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.pos === this.bytes.length;
  }

  private length(): number | undefined {
    const read = readSequenceLength(this.bytes, this.pos);
    if (!read) return undefined;
    this.pos = read.end;
    return read.length;
  }

  integer(): bigint | undefined {
    const length = this.length();
    if (length === undefined || this.pos + length > this.bytes.length) return undefined;
    const bytes = this.bytes.subarray(this.pos, this.pos + length);
    this.pos += length;
    return fromSignedBytes(bytes);
  }
}

export function decodeForm(bytes: Uint8Array): QuadraticForm | undefined {
  const reader = new Reader(bytes);
  const a = reader.integer();
  const b = a === undefined ? undefined : reader.integer();
  const c = b === undefined ? undefined : reader.integer();
  if (a === undefined || b === undefined || c === undefined || !reader.done) return undefined;
  return { a, b, c };
}
