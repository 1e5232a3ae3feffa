// The manifest entry of packages whose counts are derived by hand from their declarations
// (spec/harness.md §10.6, §10.7, §24.2), read from real bytecode through the extractor.
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildModule, extractPackageInterface } from '../../src/move/index.js';
import { writePackage } from '../../src/package-store/write-package.js';
import type { ModuleSpec } from '../../src/move/fixture-builder.js';
import { ManifestTally } from '../../src/manifest/manifest-tally.js';
import { computePackageViability } from '../../src/manifest/viability.js';
import { SHOP_ID, VAULT_ID, shop, vault } from './support/shop-package.js';

const STDLIB = '0x' + '0'.repeat(63) + '1';
const SUI = '0x' + '0'.repeat(63) + '2::sui::SUI';
const target = (fn: string) => `${SHOP_ID}::shop::${fn}`;

/** shop's candidates in function name order, each derived from its declaration by the rules of §10.2–10.5. */
const SHOP_CANDIDATES = [
  [{ target: target('a_mint'), type_args: [], args: [{ u64: 1 }] }],
  [{ target: target('b_generic'), type_args: [SUI], args: [{ u64: 1 }] }],
  [
    { target: `${STDLIB}::string::utf8`, type_args: [], args: [{ vector_u8_utf8: 'sui' }] },
    { target: target('d_named'), type_args: [], args: [{ result: 0 }] },
  ],
  [{ target: target('g_clock'), type_args: [], args: [{ shared_object: { id: '0x6', mutable: false } }] }],
  [
    { target: target('e_helper'), type_args: [], args: [{ u64: 1 }] },
    { target: target('h_note'), type_args: [], args: [{ result: 0 }] },
  ],
];

async function interfaceOf(spec: ModuleSpec): Promise<unknown> {
  const root = mkdtempSync(join(tmpdir(), 'smi-manifest-'));
  const ref = await writePackage(root, {
    packageId: spec.address,
    modules: [{ name: spec.name, bytes: buildModule(spec) }],
  });
  return extractPackageInterface(ref.package_dir);
}

describe('compute_package_viability', () => {
  it('counts public entry functions, the non-generic ones, and those with only default arguments', async () => {
    // public entry: a, b, c, d, g, h; of them not generic: all but b; only default args: a (u64), g (&Clock)
    expect(computePackageViability(await interfaceOf(shop))).toEqual({
      public_entry_total: 6,
      public_entry_no_type_params_total: 5,
      public_entry_no_type_params_supported_args_total: 2,
    });
    expect(computePackageViability(await interfaceOf(vault))).toEqual({
      public_entry_total: 0,
      public_entry_no_type_params_total: 0,
      public_entry_no_type_params_supported_args_total: 0,
    });
  });

  it('gives zeros for an interface without modules', () => {
    const zero = {
      public_entry_total: 0,
      public_entry_no_type_params_total: 0,
      public_entry_no_type_params_supported_args_total: 0,
    };
    expect(computePackageViability({ package_id: '0x1' })).toEqual(zero);
    expect(computePackageViability(null)).toEqual(zero);
  });
});

describe('ManifestTally', () => {
  it('selects shop with its first candidate, records vault’s rejections and a failed interface', async () => {
    const tally = new ManifestTally(1);
    const selected = tally.addInterface(SHOP_ID, await interfaceOf(shop));
    expect(selected).toEqual({ packageId: SHOP_ID, plan: { calls: SHOP_CANDIDATES[0] }, keyTargets: 2 });
    expect(tally.addInterface(VAULT_ID, await interfaceOf(vault))).toEqual({
      packageId: VAULT_ID,
      plan: null,
      keyTargets: 0,
    });
    expect(tally.addFailure('0xdead', 'boom')).toEqual({ packageId: '0xdead', plan: null, keyTargets: 0 });

    expect(tally.stats).toEqual({
      packages_total: 3,
      packages_selected: 1,
      packages_failed_interface: 1,
      packages_no_candidates: 1,
      candidate_functions_total: 1,
      // shop: e_helper and f_private not public entry, c_wide unsupported; vault: its 7 private functions
      rejection_reasons_counts: { not_public_entry: 9, unsupported_param_type: 1, no_candidates: 1 },
      viability: {
        packages_with_public_entry: 1,
        packages_with_public_entry_no_type_params: 1,
        packages_with_supported_entry: 1,
        packages_with_key_targets: 1,
        selected_packages_with_key_targets: 1,
        key_targets_total: 2,
        public_entry_total: 6,
        public_entry_no_type_params_total: 5,
        public_entry_supported_total: 2,
      },
    });
    expect(tally.samples).toEqual([
      { package_id: SHOP_ID, calls: [SHOP_CANDIDATES[0]], targets_key_types: 2 },
      { package_id: '0xdead', error: 'boom' },
    ]);
    const rejected = (fn: string) => ({ target: `${VAULT_ID}::vault::${fn}`, reasons: ['not_public_entry'] });
    expect(tally.rejectedSamples).toEqual([
      { package_id: VAULT_ID, rejected_targets: ['f1', 'f2', 'f3', 'f4', 'f5'].map(rejected) },
    ]);
  });

  it('keeps all candidates with --max-calls-per-package 0, and that many with a positive one', async () => {
    const iface = await interfaceOf(shop);
    for (const [maxCalls, kept] of [
      [0, 5],
      [-1, 5],
      [3, 3],
      [9, 5],
    ] as const) {
      const tally = new ManifestTally(maxCalls);
      const outcome = tally.addInterface(SHOP_ID, iface);
      expect(outcome.plan).toEqual({ calls: SHOP_CANDIDATES[0] });
      expect(tally.stats.candidate_functions_total).toBe(kept);
      expect(tally.samples[0]).toEqual({
        package_id: SHOP_ID,
        calls: SHOP_CANDIDATES.slice(0, kept),
        targets_key_types: 2,
      });
    }
  });

  it('keeps at most 20 samples and 50 rejected samples', async () => {
    const iface = await interfaceOf(vault);
    const tally = new ManifestTally(1);
    for (let i = 0; i < 60; i++) tally.addInterface(`0x${i}`, iface);
    for (let i = 0; i < 25; i++) tally.addFailure(`0xf${i}`, 'broken');
    expect(tally.rejectedSamples).toHaveLength(50);
    expect(tally.rejectedSamples[49]!.package_id).toBe('0x49');
    expect(tally.samples).toHaveLength(20);
    expect(tally.stats.packages_failed_interface).toBe(25);
    expect(tally.stats.packages_no_candidates).toBe(60);
    expect(tally.stats.rejection_reasons_counts).toEqual({ not_public_entry: 420, no_candidates: 60 });
  });
});
