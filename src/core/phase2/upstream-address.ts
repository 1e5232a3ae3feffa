// Upstream's lenient address spellings, kept exactly for the results that depend on them (spec/harness.md
// §11, §14): they fix what they can read and let anything else through unchanged, hex digits unchecked.
// Every strict spelling is src/move/address.ts's. Pure: used by workflow code.
import { pyStrip } from '../py-string.js';

const HEX_ONLY = /^[0-9a-fA-F]{1,64}$/;

/**
 * Upstream `normalize_address`: `0x`-prefixed (after strip + lowercase) addresses are left-padded to 64
 * hex digits; anything else is returned untouched. Hex digits are not validated, as upstream.
 */
export function normalizeAddress(addr: string): string {
  const s = pyStrip(addr).toLowerCase();
  if (!s.startsWith('0x')) return addr;
  const hex = s.slice(2);
  if (hex.length > 64) return s;
  return '0x' + hex.padStart(64, '0');
}

/**
 * Upstream `_normalize_address` of plan normalization: strips, and adds a missing `0x` to bare hex (no
 * padding, no case), telling `note` when it did.
 */
export function addMissingHexPrefix(value: string, note: (kind: string) => void): string {
  const s = pyStrip(value);
  if (s.startsWith('0x') || s.startsWith('0X')) return s;
  if (!HEX_ONLY.test(s)) return s;
  note('address_missing_0x_prefix');
  return '0x' + s;
}
