// Address spellings. Bytecode pools hold 64 hex digits without `0x`; interface JSON and corpus
// directories use `0x` + 64 lowercase digits; people write short forms such as `0x2`. Every strict
// spelling of the project comes from here (the Sui SDK's `normalizeSuiAddress`, after checking the
// digits); upstream's lenient forms, which let malformed text through, are in core/phase2/upstream-address.ts.
import { normalizeSuiAddress } from '@mysten/sui/utils';

const HEX_ADDRESS = /^(0x)?[0-9a-f]{1,64}$/;

/** Whether `address` is `0x`-optional hex of 1 to 64 digits, either case. */
export function isAddress(address: string): boolean {
  return HEX_ADDRESS.test(address.toLowerCase());
}

/** 64 lowercase hex digits without `0x`, from any hex spelling of up to 32 bytes. */
export function addressDigits(address: string): string {
  if (!isAddress(address)) throw new Error(`not a Move address: ${address}`);
  return normalizeSuiAddress(address).slice(2);
}

/** `0x` + 64 lowercase hex digits: the only address form inside interface JSON. */
export function fullAddress(address: string): string {
  return '0x' + addressDigits(address);
}
