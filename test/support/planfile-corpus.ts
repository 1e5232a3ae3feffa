// A two-package corpus whose ids and functions are those of upstream's plan-file fixture
// (upstream-data/fixtures/phase2_plans_two_packages.json), built as real .mv with the fixture builder.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildModule,
  local,
  txContext,
  uid,
  vector,
  type ModuleSpec,
} from '../../src/move/fixture-builder.js';
import { writePackage } from '../../src/package-store/write-package.js';

export const NFT_PACKAGE = '0x1c515fb0c7979c0106b841f528374bf2ee14b0c605ab2d97c52e25ed3488826a';
export const SEAL_PACKAGE = '0xd177e8fbb09c9700b186cbdeb049c665e7f519dacebd3f4b3ca226a7bf7fbd2e';

const nft: ModuleSpec = {
  address: NFT_PACKAGE,
  name: 'nft',
  structs: [
    {
      name: 'Nft',
      abilities: ['key', 'store'],
      fields: [
        { name: 'id', type: uid() },
        { name: 'name', type: vector('u8') },
      ],
    },
  ],
  functions: [{ name: 'mint_public', entry: true, params: [vector('u8'), vector('u8'), txContext()] }],
};

const sealManager: ModuleSpec = {
  address: SEAL_PACKAGE,
  name: 'seal_manager',
  structs: [
    {
      name: 'AccessPolicy',
      abilities: ['key'],
      fields: [
        { name: 'id', type: uid() },
        { name: 'members', type: vector('address') },
      ],
    },
  ],
  functions: [
    { name: 'create_access_policy', entry: true, params: [vector('address'), txContext()] },
    { name: 'policy_size', params: [{ ref: local('AccessPolicy'), mutable: false }], returns: ['u64'] },
  ],
};

export async function makePlanFileCorpus(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'smi-planfile-'));
  for (const spec of [nft, sealManager]) {
    await writePackage(root, {
      packageId: spec.address,
      modules: [{ name: spec.name, bytes: buildModule(spec) }],
    });
  }
  return root;
}
