// How a Sui node spells what the local VM produces, shared by `local` simulation and the local full node:
// type names with `0x` and 64 hex digits, short package ids in abort locations, and a `Coin<SUI>`'s BCS.
import { bcs } from '@mysten/sui/bcs';
import { fullAddress } from '../move/address.js';

/** `0x` and 64 hex digits for every address of a VM canonical type name (which has bare digits). */
export function nodeTypeName(canonical: string): string {
  return canonical.replace(/(^|[<, ])([0-9a-f]{64})::/g, '$10x$2::');
}

/** `0x` and the digits without leading zeros, as upstream's rows name abort locations. */
export function shortId(id: string): string {
  return `0x${id.replace(/^0x/, '').replace(/^0+(?=.)/, '')}`;
}

const COIN = bcs.struct('Coin', { id: bcs.Address, balance: bcs.u64() });

/** A `Coin<SUI>` value: its UID and its balance, as BCS. */
export function suiCoinBytes(id: string, balance: bigint): Uint8Array {
  return COIN.serialize({ id: fullAddress(id), balance }).toBytes();
}
