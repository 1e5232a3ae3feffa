// `corpus pull` against a node that lies (a gRPC-web server on 127.0.0.1 answering with Mysten's message
// types): a package is written only under the id asked for and only when it is one Sui could hold; what the
// corpus already holds is never replaced unasked; a linkage closure without end stops at --max-packages. Each
// problem fails its own package, the pull goes on, and the summary names every failure.
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { GrpcTypes } from '@mysten/sui/grpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smiBench } from '../support/cli.js';
import { startPackageNode, type PackageNode } from '../support/package-node.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';

const full = (hex: string) => `0x${hex.padStart(64, '0')}`;
const packageDir = (root: string, id: string) => join(root, id.slice(0, 4), id.slice(4));
const REAL_BYTES = readFileSync(join(SHARED_PACKAGE_DIRS[full('1')]!, 'bytecode_modules', 'ascii.mv'));
const module = (name: string): GrpcTypes.Module => ({
  name,
  contents: REAL_BYTES,
  datatypes: [],
  functions: [],
});
const modules = (...names: string[]) => names.map(module);
const pkg = (storageId: string, mods: GrpcTypes.Module[], more: Partial<GrpcTypes.Package> = {}) => ({
  storageId,
  originalId: storageId,
  version: 1n,
  modules: mods,
  typeOrigins: [],
  linkage: [],
  ...more,
});
const link = (upgradedId: string, originalId = upgradedId): GrpcTypes.Linkage => ({
  originalId,
  upgradedId,
  upgradedVersion: 1n,
});

// Sui's bounds, read from its sources: at most 128 modules a package (`max_modules_in_publish` before protocol
// version 38), identifiers of at most 128 characters (`max_move_identifier_len`), versions below
// SequenceNumber::MAX = 2^63 - 1.
const ANSWERS = new Map<string, GrpcTypes.Package>([
  [full('b1'), pkg(full('2'), modules('fake'))],
  [full('b2'), pkg(full('b3'), modules('m'))],
  [full('c1'), pkg(full('c1'), modules('a', 'b'), { linkage: [link(full('c2'))] })],
  [full('c2'), pkg(full('c2'), modules('c'))],
  [
    full('d1'),
    pkg(full('d1'), modules('m'), { linkage: [link(full('c2')), link('not a package id', full('d2'))] }),
  ],
  [full('e1'), pkg(full('e1'), modules('m', 'm'))],
  [full('e2'), pkg(full('e2'), modules(...Array.from({ length: 129 }, (_, i) => `m${i}`)))],
  [full('e3'), pkg(full('e3'), modules(...Array.from({ length: 128 }, (_, i) => `m${i}`)))],
  [full('a1'), pkg(full('a1'), modules('m'), { version: 2n ** 63n })],
  [full('a2'), pkg(full('a2'), modules('x'.repeat(128)), { version: 2n ** 53n + 1n })],
  [full('a3'), pkg(full('a3'), modules('n'.repeat(100_000)))],
]);

/** Every file under `root` by its path, as its sha256. */
function fileHashes(root: string): Map<string, string> {
  const hashes = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else hashes.set(relative(root, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(root);
  return hashes;
}
const packageIds = (root: string) =>
  readdirSync(root)
    .flatMap((prefix) => readdirSync(join(root, prefix)).map((rest) => `${prefix}${rest}`))
    .sort();
/** A corpus holding the real framework 0x1, 0x2 and 0x3. */
function frameworkCorpus(name: string): string {
  const out = join(work, name);
  cpSync(join(CORPUS_DIR, '0x00'), join(out, '0x00'), { recursive: true });
  return out;
}
const FRAMEWORK = ['1', '2', '3'].map(full);

const work = mkdtempSync(join(tmpdir(), 'smi-pull-hostile-'));
let node: PackageNode;
beforeAll(async () => {
  node = await startPackageNode((id) => ANSWERS.get(id) ?? endless(id));
});
afterAll(() => node.close());

/** Package 0xf… number n links to the three after 3n, for ever. */
function endless(id: string): GrpcTypes.Package | undefined {
  const n = Number.parseInt(id.slice(-8), 16) - 0xf0000000;
  if (!id.startsWith(full('').slice(0, 58)) || !(n >= 0)) return undefined;
  const next = (k: number) => full((0xf0000000 + k).toString(16));
  return pkg(next(n), modules('m'), { linkage: [1, 2, 3].map((k) => link(next(3 * n + k))) });
}

const pull = (out: string, ids: string[], ...flags: string[]) =>
  smiBench([
    'corpus',
    'pull',
    '--package-id',
    ...ids,
    '--out',
    out,
    '--rpc-url',
    node.url,
    '--no-progress',
    ...flags,
  ]);

describe('corpus pull from a hostile node', () => {
  it('writes only the packages asked for that are whole and Sui-shaped, and names every failure', async () => {
    const out = frameworkCorpus('hostile');
    const before = fileHashes(out);
    const res = await pull(out, [...ANSWERS.keys()]);
    const text = String(res.stdout);
    expect(res.exitCode, String(res.stderr)).toBe(1);
    expect(text).toMatch(/^corpus pull: 4 packages pulled, 0 already there and whole, 7 failed/);

    const failure = (hex: string) => new RegExp(`^  failed ${full(hex)}: (.*)$`, 'm').exec(text)?.[1] ?? '';
    expect(failure('b1')).toContain(`asked for ${full('b1')}, the node answered with package ${full('2')}`);
    expect(failure('b2')).toContain(`asked for ${full('b2')}, the node answered with package ${full('b3')}`);
    expect(failure('d1')).toMatch(/"not a package id" is not a Sui address/);
    expect(failure('e1')).toMatch(/module m twice/);
    expect(failure('e2')).toMatch(/129 modules; a Sui package has at most 128/);
    expect(failure('a1')).toMatch(/9223372036854775808 is beyond Sui's largest object version/);
    expect(failure('a3')).toMatch(/"n{40}…" \(100000 characters\) is not a Move identifier/);

    // The framework is byte for byte what it was; the only new packages are the good ones asked or linked.
    const after = fileHashes(out);
    for (const [path, hash] of before) expect(after.get(path), path).toBe(hash);
    const added = ['c1', 'c2', 'e3', 'a2'].map(full);
    expect(packageIds(out)).toEqual([...FRAMEWORK, ...added].sort());
    expect(readdirSync(join(packageDir(out, full('2')), 'bytecode_modules'))).toHaveLength(61);
    expect(readdirSync(join(packageDir(out, full('e3')), 'bytecode_modules'))).toHaveLength(128);
    // 2^53 + 1 is the first integer a JavaScript number cannot hold.
    const metadata = readFileSync(join(packageDir(out, full('a2')), 'metadata.json'), 'utf8');
    expect(metadata).toContain('"version": 9007199254740993\n');
  });

  it('stops a linkage closure without end at --max-packages, keeping whole packages', async () => {
    const out = join(work, 'endless');
    const res = await pull(out, [full('f0000000')], '--max-packages', '40');
    expect(res.exitCode, String(res.stderr)).toBe(1);
    expect(res.stdout).toMatch(/^corpus pull: 40 packages pulled, 0 already there and whole, 0 failed/);
    expect(res.stdout).toContain('stopped at --max-packages 40');
    const ids = packageIds(out);
    expect(ids).toHaveLength(40);
    for (const id of ids)
      expect(readdirSync(packageDir(out, id)).sort()).toEqual([
        'bcs.json',
        'bytecode_modules',
        'metadata.json',
      ]);

    const tooMany = await pull(join(work, 'too-many'), [full('c1'), full('c2')], '--max-packages', '1');
    expect(tooMany.exitCode).toBe(2);
    expect(tooMany.stderr).toContain('2 packages asked for, more than --max-packages 1');
  });

  it('replaces a copy already in the corpus only with --replace, and never what is another package', async () => {
    const out = frameworkCorpus('replace');
    const fakeOf = (id: string) => pkg(id, modules('fake'));
    ANSWERS.set(full('1'), fakeOf(full('1')));
    ANSWERS.set(full('3'), fakeOf(full('3')));
    // 0x2 as the node has it: the very bytecode of the copy there, which has no bcs.json.
    const frameworkModules = join(SHARED_PACKAGE_DIRS[full('2')]!, 'bytecode_modules');
    ANSWERS.set(
      full('2'),
      pkg(
        full('2'),
        readdirSync(frameworkModules).map((file) => ({
          ...module(file.replace(/\.mv$/, '')),
          contents: readFileSync(join(frameworkModules, file)),
        })),
      ),
    );
    // At 0xc9's place, a folder of another package.
    mkdirSync(packageDir(out, full('c9')), { recursive: true });
    writeFileSync(join(packageDir(out, full('c9')), 'metadata.json'), JSON.stringify({ id: full('c8') }));
    ANSWERS.set(full('c9'), pkg(full('c9'), modules('m')));
    expect((await pull(out, [full('c1')])).exitCode).toBe(0);
    const before = fileHashes(out);

    const kept = await pull(out, [full('1'), full('2'), full('c1'), full('c9')]);
    expect(kept.exitCode).toBe(1);
    expect(kept.stdout).toMatch(/^corpus pull: 0 packages pulled, 2 already there and whole, 2 failed/);
    expect(kept.stdout).toMatch(/^corpus pull: 0 replaced, 1 kept unchanged, 2 refused to replace$/m);
    expect(kept.stdout).toMatch(
      new RegExp(`failed ${full('1')}: refused to replace .*--replace overwrites it`),
    );
    expect(kept.stdout).toMatch(
      new RegExp(`failed ${full('c9')}: refused to replace .*names package "${full('c8')}"`),
    );
    expect(fileHashes(out)).toEqual(before);

    const replaced = await pull(out, [full('1'), full('3'), full('c1'), full('c9')], '--replace');
    expect(replaced.exitCode).toBe(1);
    expect(replaced.stdout).toMatch(/^corpus pull: 0 packages pulled, 0 already there and whole, 1 failed/);
    expect(replaced.stdout).toMatch(/^corpus pull: 2 replaced, 2 kept unchanged, 1 refused to replace$/m);
    for (const id of ['1', '3'].map(full))
      expect(readdirSync(join(packageDir(out, id), 'bytecode_modules'))).toEqual(['fake.mv']);
    const after = fileHashes(out);
    const replacedDirs = ['1', '3'].map((hex) => relative(out, packageDir(out, full(hex))));
    for (const [path, hash] of before)
      if (!replacedDirs.some((dir) => path.startsWith(dir))) expect(after.get(path), path).toBe(hash);
    expect(packageIds(out)).toEqual([...FRAMEWORK, full('c1'), full('c2'), full('c9')].sort());
  });
});
