// Address spellings: the strict one every reader uses (move/address.ts, over the Sui SDK's
// normalizeSuiAddress), its adapters, and upstream's lenient forms (spec/harness.md §11, §14), by hand.
import { describe, expect, it } from 'vitest';
import {
  addMissingHexPrefix,
  normalizeAddress as upstreamNormalize,
} from '../../src/core/phase2/upstream-address.js';
import { normalizeRpcAddress } from '../../src/corpus-report/interface-compare.js';
import { addressDigits, fullAddress, isAddress } from '../../src/move/address.js';
import { normalizeAddress as pureAddress } from '../../src/sim/pure-args.js';
import { normalizeId } from '../../src/vm/package-bytes.js';

const TWO = '0'.repeat(63) + '2';

describe('strict addresses', () => {
  it('pads, lowercases and takes the 0x off, in either case', () => {
    expect(addressDigits('0x2')).toBe(TWO);
    expect(addressDigits('0X2')).toBe(TWO);
    expect(addressDigits('2')).toBe(TWO);
    expect(fullAddress('0xAB')).toBe('0x' + '0'.repeat(62) + 'ab');
    expect(normalizeId('0x2')).toBe(TWO);
  });

  it('refuses what is no address of at most 32 bytes', () => {
    for (const bad of ['', '0x', '0xg1', '1'.repeat(65), ' 0x2'])
      expect(isAddress(bad), JSON.stringify(bad)).toBe(false);
    expect(() => addressDigits('0xzz')).toThrow(/not a Move address: 0xzz/);
    expect(() => normalizeId('deepbook')).toThrow(/not a package id: deepbook/);
    expect(() => normalizeRpcAddress('0x' + '1'.repeat(65))).toThrow(/invalid address in RPC type/);
  });

  it('reads plan addresses as smi_tx_sim does: trimmed, empty meaning zero', () => {
    expect(pureAddress(' 0X2 ')).toBe('0x' + TWO);
    expect(pureAddress('')).toBe('0x' + '0'.repeat(64));
    expect(pureAddress('0x')).toBe('0x' + '0'.repeat(64));
    expect(() => pureAddress('0xzz', 'object id')).toThrow('invalid object id: "0xzz"');
  });
});

describe("upstream's lenient forms", () => {
  it('normalize_address pads 0x-prefixed text and leaves the rest untouched', () => {
    expect(upstreamNormalize(' 0X2 ')).toBe('0x' + TWO);
    expect(upstreamNormalize('2')).toBe('2');
    expect(upstreamNormalize('0xnothex')).toBe('0x' + 'nothex'.padStart(64, '0'));
    expect(upstreamNormalize('0x' + 'a'.repeat(65))).toBe('0x' + 'a'.repeat(65));
  });

  it('_normalize_address adds a missing 0x to bare hex only, without padding or lowercasing', () => {
    const notes: string[] = [];
    const note = (kind: string) => notes.push(kind);
    expect(addMissingHexPrefix(' AB ', note)).toBe('0xAB');
    expect(addMissingHexPrefix('0XAB', note)).toBe('0XAB');
    expect(addMissingHexPrefix('sender', note)).toBe('sender');
    expect(notes).toEqual(['address_missing_0x_prefix']);
  });
});
