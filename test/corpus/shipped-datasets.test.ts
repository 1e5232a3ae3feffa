// The datasets smi-bench ships (data/datasets/): upstream's named package lists, read at run time from the
// project, never from ../shared. Their ids are compared with upstream's own files (../shared/upstream-data/
// manifests, read here line by line as upstream's loader reads them: stripped, blank lines and `#` lines
// skipped); `--dataset NAME` finds them after the user's own folders.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { datasetSearchDirs } from '../../src/benchmarks/run-input.js';
import { readIdsFile, resolveDataset } from '../../src/corpus/ids-file.js';
import {
  listDatasets,
  SHIPPED_DATASETS_DIR,
  shippedDatasetPath,
  withShippedDatasets,
} from '../../src/corpus/shipped-datasets.js';
import { PROJECT_ROOT, SHARED_DIR, UPSTREAM_DATA_DIR } from '../support/paths.js';

const UPSTREAM = join(UPSTREAM_DATA_DIR, 'manifests');
/** Name → where upstream kept it (under benchmark/manifests/) and how many ids it holds. */
const SHIPPED: Record<string, { upstreamPath: string; ids: number }> = {
  type_inhabitation_top25: { upstreamPath: 'datasets/type_inhabitation_top25.txt', ids: 25 },
  standard_phase2_benchmark: { upstreamPath: 'standard_phase2_benchmark.txt', ids: 292 },
  standard_phase2_no_framework: { upstreamPath: 'standard_phase2_no_framework.txt', ids: 290 },
  packages_with_keys: { upstreamPath: 'datasets/packages_with_keys.txt', ids: 145 },
  comparison_25: { upstreamPath: 'datasets/comparison_25.txt', ids: 25 },
  comparison_5: { upstreamPath: 'datasets/comparison_5.txt', ids: 5 },
  quickstart_2: { upstreamPath: 'datasets/quickstart_2.txt', ids: 2 },
  quickstart_local: { upstreamPath: 'datasets/quickstart_local.txt', ids: 2 },
  quickstart_top5: { upstreamPath: 'datasets/quickstart_top5.txt', ids: 5 },
};

/** Upstream's Phase II loader (spec §3.3): each line stripped; empty lines and `#` lines skipped. */
const upstreamIds = (name: string): string[] =>
  readFileSync(join(UPSTREAM, `${name}.txt`), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));

describe('shipped datasets', () => {
  it('live in the project, not in ../shared', () => {
    expect(SHIPPED_DATASETS_DIR).toBe(join(PROJECT_ROOT, 'data', 'datasets'));
    expect(relative(SHARED_DIR, SHIPPED_DATASETS_DIR).startsWith('..')).toBe(true);
    expect(
      readdirSync(SHIPPED_DATASETS_DIR)
        .filter((f) => f.endsWith('.txt'))
        .sort(),
    ).toEqual(
      Object.keys(SHIPPED)
        .map((n) => `${n}.txt`)
        .sort(),
    );
  });

  it.each(Object.entries(SHIPPED))('%s holds upstream’s ids, in upstream’s order', async (name, info) => {
    const ours = await readIdsFile(shippedDatasetPath(name), { dedupe: false });
    const theirs = upstreamIds(name);
    expect(theirs).toHaveLength(info.ids);
    expect(ours).toEqual(theirs);
  });

  it.each(Object.entries(SHIPPED))(
    '%s says where it came from, and keeps upstream’s conventions',
    (name, info) => {
      const text = readFileSync(shippedDatasetPath(name), 'utf8');
      const lines = text.split('\n');
      expect(lines.at(-1)).toBe(''); // ends with a newline
      const comments = lines.filter((l) => l.startsWith('#'));
      expect(comments[0]).toMatch(new RegExp(`^# ${name}: `));
      expect(comments.join('\n')).toContain(`benchmark/manifests/${info.upstreamPath}`);
      expect(comments.join('\n')).toContain('Evan-Kim2028/sui-sandbox');
      // ids start with 0x, no duplicates, no trailing whitespace, comments before the first id only
      const body = lines.slice(comments.length, -1);
      expect(body.every((l) => /^0x[0-9a-f]{1,64}$/.test(l))).toBe(true);
      expect(new Set(body).size).toBe(body.length);
      expect(lines.every((l) => l === l.trimEnd())).toBe(true);
    },
  );

  it('type_inhabitation_top25 keeps the two header lines upstream’s tests check', () => {
    const lines = readFileSync(shippedDatasetPath('type_inhabitation_top25'), 'utf8').split('\n');
    expect(lines[0]).toMatch(/^#.*25/);
    expect(lines[1]).toBe('# Generated: 2026-01-03T15:20:09');
  });
});

describe('--dataset NAME', () => {
  const fresh = () => mkdtempSync(join(tmpdir(), 'smi-fresh-'));

  it('resolves a shipped dataset from a fresh working directory, with nothing of the user’s', async () => {
    const cwd = fresh();
    const dirs = datasetSearchDirs(undefined, cwd);
    expect(dirs).toEqual([
      join(cwd, 'manifests', 'datasets'),
      join(cwd, 'manifests'),
      join(cwd, 'datasets'),
      SHIPPED_DATASETS_DIR,
    ]);
    const path = await resolveDataset('type_inhabitation_top25', dirs);
    expect(path).toBe(shippedDatasetPath('type_inhabitation_top25'));
    expect(await readIdsFile(path)).toEqual(upstreamIds('type_inhabitation_top25'));
    // upstream's documented `--dataset standard_phase2_benchmark` (which its own loader never found)
    expect(await resolveDataset('standard_phase2_benchmark', dirs)).toBe(
      shippedDatasetPath('standard_phase2_benchmark'),
    );
  });

  it('takes the user’s file of the same name first: ./manifests/datasets, or $SMI_DATASETS_DIR', async () => {
    const cwd = fresh();
    mkdirSync(join(cwd, 'manifests', 'datasets'), { recursive: true });
    const mine = join(cwd, 'manifests', 'datasets', 'type_inhabitation_top25.txt');
    writeFileSync(mine, '0x2\n');
    expect(await resolveDataset('type_inhabitation_top25', datasetSearchDirs(undefined, cwd))).toBe(mine);

    const envDir = fresh();
    writeFileSync(join(envDir, 'type_inhabitation_top25.txt'), '0x3\n');
    const dirs = datasetSearchDirs(envDir, cwd);
    expect(dirs[0]).toBe(envDir);
    expect(await resolveDataset('type_inhabitation_top25', dirs)).toBe(
      join(envDir, 'type_inhabitation_top25.txt'),
    );
    // the shipped folder is searched once, even when a user's folder is that folder
    expect(withShippedDatasets([SHIPPED_DATASETS_DIR, envDir])).toEqual([SHIPPED_DATASETS_DIR, envDir]);
  });

  it('still says "Dataset not found" for a name nobody has, listing the folders tried', async () => {
    const cwd = fresh();
    await expect(resolveDataset('no_such_set', datasetSearchDirs(undefined, cwd))).rejects.toThrow(
      `Dataset not found: no_such_set (looked for ${join(cwd, 'manifests', 'datasets', 'no_such_set.txt')}`,
    );
  });

  it('lists every dataset it can take, the user’s first, marking the shipped ones a user file hides', async () => {
    const cwd = fresh();
    mkdirSync(join(cwd, 'datasets'));
    writeFileSync(join(cwd, 'datasets', 'quickstart_2.txt'), '# quickstart_2: mine\n0x2\n0x3\n');
    writeFileSync(join(cwd, 'datasets', 'notes.md'), 'not a dataset\n');
    const entries = await listDatasets(datasetSearchDirs(undefined, cwd));
    expect(entries[0]).toMatchObject({
      name: 'quickstart_2',
      ids: 2,
      shipped: false,
      shadowed: false,
      description: 'quickstart_2: mine',
    });
    const shipped = entries.filter((e) => e.shipped);
    expect(shipped.map((e) => e.name).sort()).toEqual(Object.keys(SHIPPED).sort());
    for (const e of shipped) expect(e.ids, e.name).toBe(SHIPPED[e.name]!.ids);
    expect(shipped.find((e) => e.name === 'quickstart_2')!.shadowed).toBe(true);
    expect(shipped.find((e) => e.name === 'quickstart_local')!.shadowed).toBe(false);
  });
});
