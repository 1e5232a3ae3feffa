// Sui's object id derivations, from its published definitions:
// - a new object:      blake2b256(0xf1 ‖ tx digest (32) ‖ u64 LE creation number)
// - a dynamic field:   blake2b256(0xf0 ‖ parent (32) ‖ u64 LE key length ‖ key BCS ‖ BCS(TypeTag of key))
import { blake2b } from '@noble/hashes/blake2.js';
import { BcsWriter } from '../bcs-values.js';
import { VmLoadError } from '../errors.js';
import type { Type } from '../types.js';
import { addressToBytes, bytesToAddress } from '../values.js';

const REGULAR_OBJECT_ID = 0xf1;
const CHILD_OBJECT_ID = 0xf0;

export function blake2b256(bytes: Uint8Array): Uint8Array {
  return blake2b(bytes, { dkLen: 32 });
}

function u64le(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, true);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The id of the `creationNumber`-th object a transaction creates (0-based), 64 hex digits. */
export function deriveObjectId(txDigest: Uint8Array, creationNumber: bigint): string {
  return bytesToAddress(
    blake2b256(concat([Uint8Array.of(REGULAR_OBJECT_ID), txDigest, u64le(creationNumber)])),
  );
}

/** The id of the dynamic field of `parent` whose key has this type and BCS. */
export function deriveDynamicFieldId(parent: string, keyType: Type, keyBcs: Uint8Array): string {
  return bytesToAddress(
    blake2b256(
      concat([
        Uint8Array.of(CHILD_OBJECT_ID),
        addressToBytes(parent),
        u64le(BigInt(keyBcs.length)),
        keyBcs,
        typeTagBcs(keyType),
      ]),
    ),
  );
}

/** Variant indices of Sui's `TypeTag` enum. */
const TYPE_TAG_VARIANT: Record<string, number> = {
  bool: 0,
  u8: 1,
  u64: 2,
  u128: 3,
  address: 4,
  signer: 5,
  vector: 6,
  datatype: 7,
  u16: 8,
  u32: 9,
  u256: 10,
};

export function typeTagBcs(type: Type): Uint8Array {
  const writer = new BcsWriter();
  writeTypeTag(writer, type);
  return writer.finish();
}

function writeString(writer: BcsWriter, text: string): void {
  const bytes = new TextEncoder().encode(text);
  writer.uleb(bytes.length);
  writer.raw(bytes);
}

function writeTypeTag(writer: BcsWriter, type: Type): void {
  const variant = TYPE_TAG_VARIANT[type.kind];
  if (variant === undefined) throw new VmLoadError(`${type.kind} has no TypeTag`);
  writer.uleb(variant);
  if (type.kind === 'vector') writeTypeTag(writer, type.elem);
  if (type.kind === 'datatype') {
    writer.raw(addressToBytes(type.address));
    writeString(writer, type.module);
    writeString(writer, type.name);
    writer.uleb(type.args.length);
    for (const arg of type.args) writeTypeTag(writer, arg);
  }
}
