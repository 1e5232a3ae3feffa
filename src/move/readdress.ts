// A module moved to another address: the helper published beside its target, a package copied under a
// new id (src/package-store/readdress-package.ts).
import { addressDigits } from './address.js';
import { deserializeModule, serializeModule } from './module-json.js';

/**
 * Moves a module to `newAddress`: the address-pool entry of its self handle is replaced, so every
 * handle of the same package (its own types, sibling modules, friends) follows.
 *
 * Same result as deserialize → edit `address_identifiers` → serialize (a test checks this on the
 * framework), but serialize costs ~1 ms per module, so the 32 bytes are patched in place when
 * the binary's table directory locates them; otherwise it falls back to serialize.
 */
export function rewriteSelfAddress(bytes: Uint8Array, newAddress: string, fileLabel: string): Uint8Array {
  const module = deserializeModule(bytes, fileLabel);
  const poolIndex = module.module_handles[module.self_module_handle_idx]?.address ?? -1;
  const oldDigits = module.address_identifiers[poolIndex];
  const newDigits = addressDigits(newAddress);
  if (oldDigits === undefined) throw new Error(`${fileLabel}: self module handle has no address`);
  // Copies via the Uint8Array constructor: Buffer#slice would return a view of the caller's bytes.
  if (oldDigits === newDigits) return new Uint8Array(bytes);
  if (module.address_identifiers.includes(newDigits)) {
    // Merging two pool entries would need re-indexing; synthetic ids never collide in practice.
    throw new Error(`${fileLabel}: address ${newAddress} is already used by a dependency`);
  }
  const offset = addressEntryOffset(bytes, poolIndex);
  if (offset !== undefined && hex(bytes.subarray(offset, offset + 32)) === oldDigits) {
    const patched = new Uint8Array(bytes);
    patched.set(Buffer.from(newDigits, 'hex'), offset);
    return patched;
  }
  module.address_identifiers[poolIndex] = newDigits;
  return serializeModule(module);
}

const ADDRESS_IDENTIFIERS_TABLE = 0x08;
const HEADER_BYTES = 8; // magic a11ceb0b + u32 version (with the flavour byte from v7 on)

/**
 * Byte offset of address-pool entry `index`: the binary starts with a directory of
 * (kind u8, offset uleb128, length uleb128) entries, and table offsets count from its end.
 */
function addressEntryOffset(bytes: Uint8Array, index: number): number | undefined {
  const reader = { bytes, position: HEADER_BYTES };
  const tableCount = readUleb128(reader);
  let tableOffset: number | undefined;
  for (let table = 0; table < tableCount; table++) {
    const kind = bytes[reader.position++];
    const offset = readUleb128(reader);
    readUleb128(reader);
    if (kind === ADDRESS_IDENTIFIERS_TABLE) tableOffset = offset;
  }
  if (tableOffset === undefined) return undefined;
  const entry = reader.position + tableOffset + 32 * index;
  return entry + 32 <= bytes.length ? entry : undefined;
}

function readUleb128(reader: { bytes: Uint8Array; position: number }): number {
  let value = 0;
  for (let shift = 0; shift < 35; shift += 7) {
    const byte = reader.bytes[reader.position++] ?? 0;
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) break;
  }
  return value;
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}
