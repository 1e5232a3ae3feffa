// Phase II `baseline-search` in build-only mode (the default) over the 17 packages of ../shared/mainnet,
// with the framework of ../shared/corpus (a copied corpus root), on the real Temporal server. Build-only runs
// nothing: it credits the types the static scan finds in the called functions' bytecode, whichever branch
// would run. Plans call an upgraded package by its storage id (0x13fe3a…, 0x225a5e…, 0x8878b7…, 0x90ec7b…)
// while its modules carry the original id, and the types are named by their defining ids as Sui names the
// objects: so each upgraded package hits what it hits when its plans run.
//
// The expected created types and hits are those of the executed run (test/support/mainnet-expected.ts,
// derived by hand from the bytecode), except where running decides something the bytecode alone does not:
//   0x75b23b / 0x7b1bf8 fountain_periphery::create_fountain (the same bytecode in both) shares a
//     Fountain<T0, T1> on one branch and, on the other, also transfers a fountain_core::AdminCap to the
//     sender; both are `key` structs of fountain_core (abilities key + store), so both count: 2 of 3 (the
//     third target, StakeProof, no candidate makes). When run, 0x75b23b takes the branch without the
//     AdminCap (1 hit) and 0x7b1bf8 aborts in new_fountain (nothing created);
//   0x782a96 talentum_wheel::spin calls 0x2::transfer::public_transfer<Coin<SUI>> on the coin it was given:
//     statically a Coin, though running it creates nothing (the coin existed); the package has no targets.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeStubCorpus, removeTemporaryDirs } from '../move-stubs/stub-build.js';
import { baseTypes, expectedCreated, expectedHits, fullId } from '../support/mainnet-expected.js';
import { mainnetPackages } from '../support/mainnet-roots.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { runMainnetPhase2 } from '../support/mainnet-run.js';
import { useTestWorkers } from '../support/temporal.js';

const COIN = '0x0000000000000000000000000000000000000000000000000000000000000002::coin::Coin';

const work = mkdtempSync(join(tmpdir(), 'smi-mainnet-build-only-'));
const corpus = makeStubCorpus();
const temporal = useTestWorkers(TEST_NAMESPACES.phase2MainnetBuildOnly, async () => {
  removeTemporaryDirs(work);
});

interface Row {
  package_id: string;
  score: { targets: number; created_hits: number };
  created_object_types_list: string[];
  [field: string]: unknown;
}

describe('Phase II baseline-search, build-only, over the mainnet packages', () => {
  const packages = mainnetPackages();
  const ids = packages.map((p) => p.id);
  const fountains = [fullId('0x75b23b', ids), fullId('0x7b1bf8', ids)];
  const created: Record<string, string[]> = {
    ...expectedCreated(ids),
    ...Object.fromEntries(
      fountains.map((id) => [id, [`${id}::fountain_core::AdminCap`, `${id}::fountain_core::Fountain`]]),
    ),
    [fullId('0x782a96', ids)]: [COIN],
  };
  const hits = (id: string) =>
    fountains.includes(id) ? 2 : expectedHits(packages.find((p) => p.id === id)!);

  it('credits each package the statically created types of its plans, upgraded packages included', async () => {
    const { input, rows } = await runMainnetPhase2<Row>(temporal.client, {
      label: 'p2-mainnet-build-only',
      work,
      corpusRoot: corpus,
      options: { agent: 'baseline-search' },
    });
    expect(input.options.simulationMode).toBe('build-only');
    expect(rows.map((r) => r.package_id)).toEqual(ids);
    for (const [i, row] of rows.entries()) {
      const what = `${row.package_id} (upstream ${packages[i]!.hits}/${packages[i]!.targets})`;
      expect(row['error'], what).toBeNull();
      expect(row.score.targets, what).toBe(packages[i]!.targets);
      expect(row.score.created_hits, what).toBe(hits(row.package_id));
      expect(baseTypes(row.created_object_types_list), what).toEqual(
        [...(created[row.package_id] ?? [])].sort(),
      );
      // A built plan is simulated build-only; the three whose objects nobody can name are not built at all.
      expect(row['simulation_mode'], what).toBe(row['tx_build_ok'] === true ? 'build_only' : null);
    }
    expect(rows.filter((r) => r['tx_build_ok'] !== true).map((r) => r.package_id.slice(0, 8))).toEqual([
      '0x059f94',
      '0x57ac46',
      '0x77d9c8',
    ]);
  });
});
