// How a Sui node spells what the local VM produces, shared by `local` simulation and the local full node:
// type names with `0x` and 64 hex digits, short package ids in abort locations, and a `Coin<SUI>`'s BCS.
import { addressDigits } from '../move/address.js';

/** `0x` and 64 hex digits for every address of a VM canonical type name (which has bare digits). */
export function nodeTypeName(canonical: string): string {
  return canonical.replace(/(^|[<, ])([0-9a-f]{64})::/g, '$10x$2::');
}

/** `0x` and the digits without leading zeros, as upstream's rows name abort locations. */
export function shortId(id: string): string {
  return `0x${id.replace(/^0x/, '').replace(/^0+(?=.)/, '')}`;
}

/** A `Coin<SUI>` value: its UID and its balance, as BCS. */
export function suiCoinBytes(id: string, balance: bigint): Uint8Array {
  const bytes = new Uint8Array(40);
  bytes.set(Buffer.from(addressDigits(id), 'hex'), 0);
  new DataView(bytes.buffer).setBigUint64(32, balance, true);
  return bytes;
}
