// Type strings with two or more type arguments, as Sui prints them: `A, B` (its JSON-RPC `objectType`,
// e.g. `0x2::dynamic_field::Field<address, 0x…::m::S>`, and the TypeScript SDK's `tagToString`). Move's
// canonical form (a VM's, and `std::type_name`'s) writes `A,B`; rows stored with it must compare equal.
import { TypeTagSerializer } from '@mysten/sui/bcs';
import { describe, expect, it } from 'vitest';
import { scoreInhabitation } from '../../../src/core/phase2/score.js';
import { canonicalBaseType, normalizeTypeString } from '../../../src/core/phase2/type-string.js';
import { typeNameSet } from '../../../src/sim/type-names.js';

const pad = (hex: string) => '0x' + hex.padStart(64, '0');
const FIELD = `${pad('2')}::dynamic_field::Field`;

describe('type arguments separated as Sui separates them', () => {
  it('writes `A, B` whatever the spacing it is given', () => {
    const sui = `${FIELD}<address, ${pad('abc')}::m::S>`;
    expect(normalizeTypeString('0x2::dynamic_field::Field<address,0xabc::m::S>')).toBe(sui);
    expect(normalizeTypeString('0x2::dynamic_field::Field<address , 0xabc::m::S>')).toBe(sui);
    expect(normalizeTypeString(sui)).toBe(sui);
    expect(normalizeTypeString(normalizeTypeString('0x2::t::T<u8,vector<u64>,0x2::t::P<u8,u16>>'))).toBe(
      `${pad('2')}::t::T<u8, vector<u64>, ${pad('2')}::t::P<u8, u16>>`,
    );
    // the other spaces of a type string stay as they are
    expect(normalizeTypeString('&mut 0x2::coin::Coin<0x2::sui::SUI>')).toBe(
      `&mut ${pad('2')}::coin::Coin<${pad('2')}::sui::SUI>`,
    );
  });

  it('agrees with the Sui SDK’s rendering of a parsed type tag', () => {
    for (const text of ['0x2::table::Table<u64,0x2::coin::Coin<0x2::sui::SUI>>', '0x2::m::S<u8,u16,u32>']) {
      const sdk = TypeTagSerializer.tagToString(TypeTagSerializer.parseFromStr(text, true));
      expect(normalizeTypeString(text)).toBe(sdk);
    }
  });

  it('makes a row stored with `A,B` compare equal to one with `A, B`', () => {
    const old = [`${FIELD}<address,${pad('abc')}::m::S>`, `${pad('2')}::bag::Bag`];
    const now = [`${pad('2')}::bag::Bag`, `${FIELD}<address, ${pad('abc')}::m::S>`];
    expect(typeNameSet(old)).toEqual(typeNameSet(now));
    expect(new Set(old.map(normalizeTypeString))).toEqual(new Set(now.map(normalizeTypeString)));
    // scoring is by base type, so either spelling scores the same
    const targets = ['0x2::dynamic_field::Field', '0x2::bag::Bag', '0x2::kiosk::Kiosk'];
    expect(scoreInhabitation(targets, old)).toEqual(scoreInhabitation(targets, now));
    expect(canonicalBaseType(old[0]!)).toBe(FIELD);
  });
});
