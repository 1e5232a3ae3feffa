// Made-up argument values (spec rust-contracts §4.4): zeros for primitives, empty vectors, and structs built
// field by field (upstream's TypeSynthesizer). Everything here is plain BCS bytes.
import type { Loader } from '../vm/loader.js';
import { substitute, type Type } from '../vm/types.js';

const SUI = '0'.repeat(63) + '2';
const MAX_DEPTH = 10;
const ZERO_ID = new Uint8Array(32);

const WIDTH: Record<string, number> = {
  bool: 1,
  u8: 1,
  u16: 2,
  u32: 4,
  u64: 8,
  u128: 16,
  u256: 32,
  address: 32,
  signer: 32,
};

export function u64Bytes(n: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, n, true);
  return bytes;
}

/** The zero of a primitive, or the empty vector; null for anything else. */
export function zeroValue(type: Type): Uint8Array | null {
  if (type.kind === 'vector') return Uint8Array.of(0);
  const width = WIDTH[type.kind];
  return width === undefined ? null : new Uint8Array(width);
}

export class SynthesisError extends Error {}

/** Framework values upstream fills with something other than zeros: a coin worth 1 SUI, a cap with a supply. */
function specialCase(type: Extract<Type, { kind: 'datatype' }>): Uint8Array | null {
  if (type.address !== SUI || type.module !== 'coin') return null;
  if (type.name === 'Coin') return Uint8Array.from([...ZERO_ID, ...u64Bytes(1_000_000_000n)]);
  if (type.name === 'TreasuryCap') return Uint8Array.from([...ZERO_ID, ...u64Bytes(10n ** 12n)]);
  return null;
}

/**
 * A value of `type` made of zeros, structs field by field (so every UID is 0x0); type parameters left open
 * become u64. Enums, native structs and missing modules cannot be made up.
 * @throws SynthesisError
 */
export function synthesizeValue(loader: Loader, type: Type, depth = 0): Uint8Array {
  if (depth > MAX_DEPTH) throw new SynthesisError('nesting deeper than 10');
  const zero = zeroValue(type);
  if (zero) return zero;
  if (type.kind === 'param') return new Uint8Array(8);
  if (type.kind !== 'datatype') throw new SynthesisError(`cannot synthesize ${type.kind}`);
  const special = specialCase(type);
  if (special) return special;
  let def;
  try {
    def = loader.requireDatatype(type);
  } catch (error) {
    throw new SynthesisError((error as Error).message);
  }
  if (def.kind !== 'struct') throw new SynthesisError(`${def.name} is an enum`);
  const parts = def.fields.map((f) => synthesizeValue(loader, substitute(f.type, type.args), depth + 1));
  return Uint8Array.from(parts.flatMap((p) => [...p]));
}
