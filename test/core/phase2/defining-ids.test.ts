// Scoring targets under their defining ids. The vectors come from ../shared/mainnet: artipedia
// 0x13fe3a…6ece is version 6 of 0xb7c36a…9498, and its bcs.json typeOriginTable says which version first
// defined each datatype; the interface (and so the truth) names every type by the original id its modules
// carry.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withDefiningIds, type TypeOriginEntry } from '../../../src/core/phase2/defining-ids.js';
import { SHARED_DIR } from '../../support/paths.js';

const ORIGINAL = '0xb7c36a747d6fdd6b59ab0354cea52a31df078c242242465a867481b6f4509498';
const V6 = '0x13fe3a7422946badff042be0e6dbbb0686fbff3fabc0c86cedc2d7a029486ece';
const TIERS = '0x074cc1010a0ef299e87ba2ffe1b004a4f9dcc36319d873fd8831a88e93c47e69';

/** The table exactly as sui-packages stores it in bcs.json. */
function artipediaOrigins(): TypeOriginEntry[] {
  const dir = join(SHARED_DIR, 'mainnet', '0x13', V6.slice(4));
  const bcs = JSON.parse(readFileSync(join(dir, 'bcs.json'), 'utf8')) as {
    typeOriginTable: { module_name: string; datatype_name: string; package: string }[];
  };
  return bcs.typeOriginTable.map((row) => ({
    module: row.module_name,
    name: row.datatype_name,
    package: row.package,
  }));
}

describe('withDefiningIds', () => {
  it('maps artipedia’s five key types to the versions that defined them', () => {
    // The five `key` structs of artipedia, as the interface names them.
    const truth = ['AdminRegistry', 'Approval', 'TierRegistration', 'TierRegistry', 'UserNumber'].map(
      (name) => `${ORIGINAL}::artipedia::${name}`,
    );
    // bcs.json: AdminRegistry and Approval come from the original package, UserNumber from version 6
    // (0x13fe3a…) itself, TierRegistration and TierRegistry from a later upgrade (0x074cc1…). Sorted by code
    // point, as targets are: 0x074c… < 0x13fe… < 0xb7c3….
    expect(withDefiningIds(truth, artipediaOrigins())).toEqual([
      `${TIERS}::artipedia::TierRegistration`,
      `${TIERS}::artipedia::TierRegistry`,
      `${V6}::artipedia::UserNumber`,
      `${ORIGINAL}::artipedia::AdminRegistry`,
      `${ORIGINAL}::artipedia::Approval`,
    ]);
  });

  it('keeps targets without an origin row, and all of them without a table', () => {
    const truth = [`${ORIGINAL}::artipedia::UserNumber`, `${ORIGINAL}::other::Thing`];
    expect(withDefiningIds(truth, undefined)).toEqual(truth);
    expect(withDefiningIds(truth, [])).toEqual(truth);
    expect(withDefiningIds(truth, artipediaOrigins())).toEqual([
      `${V6}::artipedia::UserNumber`,
      `${ORIGINAL}::other::Thing`,
    ]);
  });

  it('writes defining ids in full, lowercase, as the interface writes addresses', () => {
    const origins = [{ module: 'm', name: 'S', package: '0xABC' }];
    expect(withDefiningIds([`${ORIGINAL}::m::S`], origins)).toEqual([`0x${'abc'.padStart(64, '0')}::m::S`]);
    // A row whose package is not an id changes nothing.
    expect(withDefiningIds([`${ORIGINAL}::m::S`], [{ module: 'm', name: 'S', package: 'nope' }])).toEqual([
      `${ORIGINAL}::m::S`,
    ]);
  });
});
