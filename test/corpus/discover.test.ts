import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverPackages } from '../../src/package-store/discover.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'smi-corpus-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function pkg(rel: string, metadata: string | null, { bytecode = true } = {}): Promise<string> {
  const dir = join(root, rel);
  await mkdir(dir, { recursive: true });
  if (bytecode) await mkdir(join(dir, 'bytecode_modules'));
  if (metadata !== null) await writeFile(join(dir, 'metadata.json'), metadata);
  return dir;
}

describe('discoverPackages', () => {
  it('finds the four packages of the shared corpus', async () => {
    const { packages, skipped } = await discoverPackages(CORPUS_DIR);
    expect(skipped).toEqual([]);
    // Package directories come back resolved (symlinks followed), as upstream records them.
    expect(packages).toEqual(
      Object.entries(SHARED_PACKAGE_DIRS).map(([package_id, dir]) => ({
        package_id,
        package_dir: realpathSync(dir),
      })),
    );
  });

  it('finds a two-level package (upstream test_dataset) and ignores files and one-level packages', async () => {
    await pkg('0x00/pkgA', '{"id": "0xabc"}');
    await writeFile(join(root, 'README.md'), 'x');
    await writeFile(join(root, '0x00', 'notes.txt'), 'x');
    await pkg('0x1', '{"id": "0x1"}'); // one level deep: its children are not packages
    const { packages } = await discoverPackages(root);
    expect(packages).toEqual([{ package_id: '0xabc', package_dir: join(root, '0x00', 'pkgA') }]);
  });

  it('reports every skipped directory with its reason', async () => {
    await pkg('p/a_nobytecode', '{"id": "0xa"}', { bytecode: false });
    await pkg('p/b_nometa', null);
    await pkg('p/c_badjson', '{"id": ');
    await pkg('p/d_noid', '{"name": "x"}');
    await pkg('p/e_emptyid', '{"id": ""}');
    await pkg('p/f_list', '[1, 2]');
    await pkg('p/g_ok', '{"id": "0xd0"}');
    await pkg('p/h_dup', '{"id": "0xd0"}');
    await pkg('p/i_black', '{"id": "FBNeU62dhM5gZsBgq2gUKRxYRo2QpriciUeNjLLT5VUj"}');
    await pkg('p/j_noisy', 'log line\n{"id": "0xA0"}\n');
    await mkdir(join(root, 'p', 'k_bytecode_file'));
    await writeFile(join(root, 'p', 'k_bytecode_file', 'bytecode_modules'), '');
    await writeFile(join(root, 'p', 'k_bytecode_file', 'metadata.json'), '{"id": "0xb0"}');
    await pkg('p/l_long', `{"id": "0x${'a'.repeat(1100)}"}`);
    await pkg('p/m_65digits', `{"id": "0x${'1'.repeat(65)}"}`);
    await pkg('p/n_nohex', '{"id": "0xg1"}');
    await pkg('p/o_noprefix', '{"id": "abc"}');
    await pkg('p/p_bare0x', '{"id": "0x"}');
    const { packages, skipped } = await discoverPackages(root);
    expect(packages.map((p) => p.package_id)).toEqual(['0xA0', '0xd0']);
    const p = (name: string): string => join(root, 'p', name);
    expect(skipped).toEqual([
      { dir: p('a_nobytecode'), reason: 'no bytecode_modules/ directory' },
      { dir: p('b_nometa'), reason: 'missing metadata.json' },
      { dir: p('c_badjson'), reason: 'invalid JSON in metadata.json' },
      { dir: p('d_noid'), reason: 'metadata.json has no non-empty string "id"' },
      { dir: p('e_emptyid'), reason: 'metadata.json has no non-empty string "id"' },
      { dir: p('f_list'), reason: 'metadata.json is not a JSON object' },
      { dir: p('h_dup'), reason: `duplicate id 0xd0 (first seen in ${p('g_ok')})` },
      { dir: p('i_black'), reason: 'blacklisted id FBNeU62dhM5gZsBgq2gUKRxYRo2QpriciUeNjLLT5VUj' },
      { dir: p('k_bytecode_file'), reason: 'no bytecode_modules/ directory' },
      {
        dir: p('l_long'),
        reason: `id "0x${'a'.repeat(78)}"… (1102 characters) is not 0x followed by 1 to 64 hex digits`,
      },
      { dir: p('m_65digits'), reason: `id "0x${'1'.repeat(65)}" is not 0x followed by 1 to 64 hex digits` },
      { dir: p('n_nohex'), reason: 'id "0xg1" is not 0x followed by 1 to 64 hex digits' },
      { dir: p('o_noprefix'), reason: 'id "abc" is not 0x followed by 1 to 64 hex digits' },
      { dir: p('p_bare0x'), reason: 'id "0x" is not 0x followed by 1 to 64 hex digits' },
    ]);
  });

  it('follows symlinks, resolves package_dir and reports broken links', async () => {
    const real = await pkg('store/real', '{"id": "0xe0"}');
    await mkdir(join(root, 'c', 'ab'), { recursive: true });
    await symlink(real, join(root, 'c', 'ab', 'linked'));
    await symlink(join(root, 'nowhere'), join(root, 'c', 'ab', 'broken'));
    await symlink(join(root, 'c', 'ab'), join(root, 'c', 'prefix-link'));
    const { packages, skipped } = await discoverPackages(join(root, 'c'));
    expect(packages).toEqual([{ package_id: '0xe0', package_dir: real }]);
    expect(skipped).toEqual([
      { dir: join(root, 'c', 'ab', 'broken'), reason: 'broken symlink' },
      { dir: join(root, 'c', 'prefix-link', 'broken'), reason: 'broken symlink' },
      {
        dir: join(root, 'c', 'prefix-link', 'linked'),
        reason: `duplicate id 0xe0 (first seen in ${join(root, 'c', 'ab', 'linked')})`,
      },
    ]);
  });

  it('walks in sorted order, first directory wins, result sorted by id', async () => {
    await pkg('0xb/z', '{"id": "0x1"}');
    await pkg('0xa/y', '{"id": "0x2"}');
    await pkg('0xa/x', '{"id": "0x1"}');
    const { packages, skipped } = await discoverPackages(root);
    expect(packages).toEqual([
      { package_id: '0x1', package_dir: join(root, '0xa', 'x') },
      { package_id: '0x2', package_dir: join(root, '0xa', 'y') },
    ]);
    expect(skipped.map((s) => s.dir)).toEqual([join(root, '0xb', 'z')]);
  });

  it('fails clearly on a missing corpus root or a file', async () => {
    await expect(discoverPackages(join(root, 'missing'))).rejects.toThrow(
      `corpus root not found: ${join(root, 'missing')}`,
    );
    await writeFile(join(root, 'file'), '');
    await expect(discoverPackages(join(root, 'file'))).rejects.toThrow(/not a directory/);
  });

  it('handles an empty corpus', async () => {
    expect(await discoverPackages(root)).toEqual({ packages: [], idMismatches: [], skipped: [] });
  });

  it("reports a package filed under another id than its metadata.json, and keeps metadata.json's", async () => {
    const folder = `${'0'.repeat(61)}2`;
    const misfiled = await pkg(`0x00/${folder}`, '{"id": "0xabc"}');
    await pkg(`0x00/${'0'.repeat(59)}abc`, '{"id": "0x0abc"}'); // the same id, spelled short: no mismatch
    await pkg('0x00/not-an-id', '{"id": "0xdef"}'); // not filed by id: nothing to disagree with
    const { packages, idMismatches } = await discoverPackages(root);
    expect(packages.map((p) => p.package_id)).toEqual(['0x0abc', '0xabc', '0xdef']);
    expect(idMismatches).toEqual([{ dir: misfiled, folder_id: `0x00${folder}`, metadata_id: '0xabc' }]);
  });

  it('skips a folder whose metadata.json is a FIFO, without blocking on it', async () => {
    const dir = await pkg('p/fifo', null);
    execFileSync('mkfifo', [join(dir, 'metadata.json')]);
    const { skipped } = await discoverPackages(root);
    expect(skipped).toEqual([
      {
        dir,
        reason: `unreadable metadata.json (${join(dir, 'metadata.json')} is a FIFO, not a regular file)`,
      },
    ]);
  });

  it('scans 10 000 package directories quickly', async () => {
    const n = 10_000;
    for (let p = 0; p < 100; p++) {
      const prefix = join(root, `0x${p.toString(16).padStart(2, '0')}`);
      await Promise.all(
        Array.from({ length: n / 100 }, async (_, i) => {
          const dir = join(prefix, `pkg${i}`);
          await mkdir(join(dir, 'bytecode_modules'), { recursive: true });
          await writeFile(join(dir, 'metadata.json'), `{"id": "0x${p}${i.toString(16).padStart(4, '0')}"}`);
        }),
      );
    }
    const started = performance.now();
    const { packages, skipped } = await discoverPackages(root);
    const seconds = (performance.now() - started) / 1000;
    expect(packages).toHaveLength(n);
    expect(skipped).toHaveLength(0);
    expect(seconds).toBeLessThan(15);
  });
});
