// buildPhase2Manifest over corpora on disk: the files it writes (spec/harness.md §24.2, §20.1), broken
// packages counted and named rather than fatal, --limit, and the real corpus checked against the interface
// the upstream extractor (the sui-sandbox wheel) gives.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildModule } from '../../src/move/index.js';
import { writePackage } from '../../src/package-store/write-package.js';
import { buildPhase2Manifest, type ManifestProgress } from '../../src/manifest/phase2-manifest.js';
import { BAD_CORPUS_IDS, makeBadCorpus } from '../support/bad-corpus.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { skipUnlessCi } from '../support/required-in-ci.js';
import { WHEEL_AVAILABLE, WHEEL_SKIP_REASON, wheelExtract } from '../move/support/wheel.js';
import { SHOP_ID, VAULT_ID, shop, vault } from './support/shop-package.js';

const out = (name: string) => join(mkdtempSync(join(tmpdir(), 'smi-manifest-out-')), name);

/** Python's json.dumps(indent=2, sort_keys=True) of plain ASCII data, written independently of the code. */
function pythonIndented(value: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(sorted(value), null, 2);
}

async function brokenAndHandmadeCorpus(): Promise<string> {
  const { root } = await makeBadCorpus();
  for (const spec of [shop, vault])
    await writePackage(root, {
      packageId: spec.address,
      modules: [{ name: spec.name, bytes: buildModule(spec) }],
    });
  return root;
}

describe('buildPhase2Manifest', () => {
  it('writes ids, plan, report and key-struct ids; broken packages are counted with their errors', async () => {
    const root = await brokenAndHandmadeCorpus();
    const [ids, plan, report, keys] = [out('ids.txt'), out('plan.json'), out('report.json'), out('keys.txt')];
    const progress: ManifestProgress[] = [];
    const summary = await buildPhase2Manifest(
      { corpusRoot: root, outIds: ids, outPlan: plan, outReport: report, outKeyStructIds: keys },
      (p) => progress.push(p),
    );

    expect(readFileSync(ids, 'utf8')).toBe(`${SHOP_ID}\n`);
    // shop's first candidate in name order is a_mint(u64, &mut TxContext)
    expect(readFileSync(plan, 'utf8')).toBe(
      [
        '{',
        `  "${SHOP_ID}": {`,
        '    "calls": [',
        '      {',
        '        "args": [',
        '          {',
        '            "u64": 1',
        '          }',
        '        ],',
        `        "target": "${SHOP_ID}::shop::a_mint",`,
        '        "type_args": []',
        '      }',
        '    ]',
        '  }',
        '}',
      ].join('\n'),
    );
    // only shop declares key structs (the wrapper coin has its witness, vault a store-only Box)
    expect(readFileSync(keys, 'utf8')).toBe(`${SHOP_ID}\n`);

    const text = readFileSync(report, 'utf8');
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(text).toBe(pythonIndented(parsed));
    expect(Object.keys(parsed).sort()).toEqual([
      'corpus_root_name',
      'finished_at_unix_seconds',
      'max_calls_per_package',
      'rejected_samples',
      'samples',
      'schema_version',
      'started_at_unix_seconds',
      'stats',
    ]);
    expect(parsed).toMatchObject({ schema_version: 1, corpus_root_name: 'corpus', max_calls_per_package: 1 });
    expect(parsed['finished_at_unix_seconds']).toBeGreaterThanOrEqual(
      parsed['started_at_unix_seconds'] as number,
    );

    // 8 package folders: shop, vault, the wrapper coin (aa) and five broken ones
    expect(summary.stats).toMatchObject({
      packages_total: 8,
      packages_selected: 1,
      packages_failed_interface: 5,
      packages_no_candidates: 2,
      candidate_functions_total: 1,
    });
    expect(parsed['stats']).toEqual(summary.stats);
    const samples = parsed['samples'] as { package_id: string; error?: string }[];
    const id = (byte: string) => `0x${byte.repeat(32)}`;
    expect(samples.map((s) => s.package_id)).toEqual([
      SHOP_ID,
      BAD_CORPUS_IDS.corruptModule,
      BAD_CORPUS_IDS.emptyModules,
      id('ee'),
      id('ef'),
      id('f0'),
    ]);
    expect(samples[1]!.error).toMatch(/invalid bytecode/);
    expect(samples[3]!.error).toBe('missing metadata.json');
    expect(samples[4]!.error).toBe('invalid JSON in metadata.json');
    for (const s of samples.slice(1)) expect(s.error).toEqual(expect.any(String));
    const rejected = parsed['rejected_samples'] as { package_id: string }[];
    expect(rejected.map((r) => r.package_id)).toEqual([VAULT_ID, BAD_CORPUS_IDS.good]);

    expect(progress.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(progress.at(-1)).toMatchObject({ total: 8, selected: 1, failed: 5 });
  });

  it('--limit takes the first packages by id, not a sample', async () => {
    const root = await brokenAndHandmadeCorpus();
    const ids = out('ids.txt');
    const summary = await buildPhase2Manifest({
      corpusRoot: root,
      outIds: ids,
      outPlan: out('p.json'),
      limit: 2,
    });
    // 0x5a… (shop) and 0x7b… (vault) come before 0xaa…
    expect(summary.stats.packages_total).toBe(2);
    expect(summary.stats.packages_no_candidates).toBe(1);
    expect(readFileSync(ids, 'utf8')).toBe(`${SHOP_ID}\n`);
  });

  it('stops when its signal is aborted, and writes nothing', async () => {
    const ids = out('ids.txt');
    const abort = new AbortController();
    const run = buildPhase2Manifest(
      {
        corpusRoot: await brokenAndHandmadeCorpus(),
        outIds: ids,
        outPlan: out('p.json'),
        signal: abort.signal,
      },
      () => abort.abort(new Error('cancelled')),
    );
    await expect(run).rejects.toThrow('cancelled');
    expect(existsSync(ids)).toBe(false);
  });

  it('writes empty ids and an empty plan object when nothing is selected', async () => {
    const ids = out('ids.txt');
    const plan = out('plan.json');
    // the Move stdlib (0x1) comes first by id and has no public entry function
    await buildPhase2Manifest({ corpusRoot: CORPUS_DIR, outIds: ids, outPlan: plan, limit: 1 });
    expect(readFileSync(ids, 'utf8')).toBe('');
    expect(readFileSync(plan, 'utf8')).toBe('{}');
  });

  it.skipIf(skipUnlessCi(WHEEL_AVAILABLE))(
    `counts the shared corpus as the upstream extractor's interfaces say${WHEEL_AVAILABLE ? '' : ` (skipped: ${WHEEL_SKIP_REASON})`}`,
    async () => {
      // jq-style counts over the wheel's interface JSON of each package
      let publicEntry = 0;
      let keyStructs = 0;
      const withPublicEntry: string[] = [];
      const withKeys: string[] = [];
      for (const [id, dir] of Object.entries(SHARED_PACKAGE_DIRS)) {
        const wheel = await wheelExtract(dir);
        const fns = Object.values(wheel.modules).flatMap((m) => Object.values(m.functions));
        const structs = Object.values(wheel.modules).flatMap((m) => Object.values(m.structs));
        const entries = fns.filter((f) => f['visibility'] === 'public' && f['is_entry'] === true).length;
        const keys = structs.filter((s) => (s['abilities'] as string[]).includes('key')).length;
        publicEntry += entries;
        keyStructs += keys;
        if (entries > 0) withPublicEntry.push(id);
        if (keys > 0) withKeys.push(id);
      }
      const keysFile = out('keys.txt');
      const { stats } = await buildPhase2Manifest({
        corpusRoot: CORPUS_DIR,
        outIds: out('ids.txt'),
        outPlan: out('plan.json'),
        outKeyStructIds: keysFile,
      });
      expect(stats.packages_total).toBe(4);
      expect(stats.viability.public_entry_total).toBe(publicEntry);
      expect(stats.viability.packages_with_public_entry).toBe(withPublicEntry.length);
      expect(stats.viability.key_targets_total).toBe(keyStructs);
      expect(stats.viability.packages_with_key_targets).toBe(withKeys.length);
      expect(readFileSync(keysFile, 'utf8')).toBe(withKeys.sort().join('\n') + '\n');
    },
    60_000,
  );
});
