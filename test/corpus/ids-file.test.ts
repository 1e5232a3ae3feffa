import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { selectPackages } from '../../src/core/selection.js';
import { discoverPackages } from '../../src/package-store/discover.js';
import { readIdsFile, resolveDataset } from '../../src/corpus/ids-file.js';
import { CORPUS_DIR, UPSTREAM_DATA_DIR } from '../support/paths.js';

const MANIFESTS = resolve(UPSTREAM_DATA_DIR, 'manifests');
let tmp: string;

beforeEach(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'smi-ids-'));
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('readIdsFile', () => {
  it('reads ids in order, deduplicating for Phase I and not for Phase II', async () => {
    const path = join(tmp, 'ids.txt');
    await writeFile(path, '# h\n0x2\r\n0x1\n\n0x2\n');
    expect(await readIdsFile(path)).toEqual(['0x2', '0x1']);
    expect(await readIdsFile(path, { dedupe: false })).toEqual(['0x2', '0x1', '0x2']);
  });

  it('fails clearly on a missing file', async () => {
    await expect(readIdsFile(join(tmp, 'nope.txt'))).rejects.toThrow(
      `ids file not found: ${join(tmp, 'nope.txt')}`,
    );
  });
});

describe('upstream manifests (test_datasets)', () => {
  it('type_inhabitation_top25: 2 header lines, 25 unique 0x ids, all in the standard Phase II benchmark', async () => {
    const text = readFileSync(join(MANIFESTS, 'type_inhabitation_top25.txt'), 'utf8');
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^#.*25/);
    expect(lines[1]).toMatch(/^# Generated: \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    const ids = await readIdsFile(join(MANIFESTS, 'type_inhabitation_top25.txt'), { dedupe: false });
    expect(ids).toHaveLength(25);
    expect(new Set(ids).size).toBe(25);
    const standard = new Set(await readIdsFile(join(MANIFESTS, 'standard_phase2_benchmark.txt')));
    for (const id of ids) expect(standard.has(id)).toBe(true);
  });

  it('every package manifest has 0x ids, no duplicates and no trailing whitespace', async () => {
    const files = readdirSync(MANIFESTS).filter((f) => f.endsWith('.txt') && f !== 'openrouter_models.txt');
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const text = readFileSync(join(MANIFESTS, f), 'utf8');
      for (const line of text.split('\n')) expect(line, f).toBe(line.trimEnd());
      const ids = await readIdsFile(join(MANIFESTS, f), { dedupe: false });
      expect(ids.length, f).toBeGreaterThan(0);
      expect(new Set(ids).size, f).toBe(ids.length);
      for (const id of ids) expect(id, f).toMatch(/^0x[0-9a-f]+$/);
    }
  });

  it('packages_with_keys is non-empty', async () => {
    expect((await readIdsFile(join(MANIFESTS, 'packages_with_keys.txt'))).length).toBe(145);
  });
});

describe('resolveDataset', () => {
  it('finds <name>.txt in the first search dir that has it', async () => {
    await mkdir(join(tmp, 'a'));
    await writeFile(join(tmp, 'a', 'packages_with_keys.txt'), '0x1\n');
    expect(await resolveDataset('packages_with_keys', [join(tmp, 'a'), MANIFESTS])).toBe(
      join(tmp, 'a', 'packages_with_keys.txt'),
    );
    expect(await resolveDataset('type_inhabitation_top25', [join(tmp, 'a'), MANIFESTS])).toBe(
      join(MANIFESTS, 'type_inhabitation_top25.txt'),
    );
    expect(await resolveDataset('quickstart_2.txt', [MANIFESTS])).toBe(join(MANIFESTS, 'quickstart_2.txt'));
  });

  it('fails with "Dataset not found" and rejects path-like names', async () => {
    await expect(resolveDataset('nope', [tmp])).rejects.toThrow(/^Dataset not found: nope/);
    await expect(resolveDataset('../etc/passwd', [tmp])).rejects.toThrow(/invalid dataset name/);
  });
});

describe('selection against the shared corpus', () => {
  it('keeps manifest order, reports ids missing from the corpus', async () => {
    const { packages } = await discoverPackages(CORPUS_DIR);
    const path = join(tmp, 'ids.txt');
    await writeFile(
      path,
      [
        '0x0000000000000000000000000000000000000000000000000000000000000002',
        '0x059f94b85c07eb74d2847f8255d8cc0a67c9a8dcc039eabf9f8b9e23a0de2700',
        '0x0000000000000000000000000000000000000000000000000000000000000001',
      ].join('\n'),
    );
    const s = selectPackages({ packages, idsFileIds: await readIdsFile(path), samples: 0, seed: 0 });
    expect(s.selected.map((p) => p.package_id.slice(-1))).toEqual(['2', '1']);
    expect(s.unknownIds).toEqual(['0x059f94b85c07eb74d2847f8255d8cc0a67c9a8dcc039eabf9f8b9e23a0de2700']);
    expect(s.targetIdsTotal).toBe(2);
  });

  it('with the top25 dataset, nothing of the shared corpus is known', async () => {
    const { packages } = await discoverPackages(CORPUS_DIR);
    const ids = await readIdsFile(await resolveDataset('type_inhabitation_top25', [MANIFESTS]));
    const s = selectPackages({ packages, idsFileIds: ids, samples: 1, seed: 0 });
    expect(s.selected).toEqual([]);
    expect(s.unknownIds).toHaveLength(25);
  });
});
