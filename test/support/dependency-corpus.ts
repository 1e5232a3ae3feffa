// A corpus whose packages depend on packages beyond the framework: one found under its original id (and an
// upgrade of it, which a package's linkage table names), one the corpus holds only as an upgraded version
// (stored under another id, its modules still carrying the original one, no originalPackageId in
// metadata.json), and one absent. Modules come from the fixture builder (bodies
// `abort 0`); the framework is the shared corpus's.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildModule, datatype, type ModuleSpec } from '../../src/move/fixture-builder.js';
import { writePackage } from '../../src/package-store/write-package.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from './paths.js';

const id = (byte: string) => `0x${byte.repeat(32)}`;

export const DEPENDENCY_IDS = {
  /** A dependency stored under its original id. */
  present: id('d1'),
  /** An upgrade of `present`, stored under its own id. */
  presentUpgrade: id('d4'),
  /** A dependency's original id; the corpus has only its upgrade, stored under `upgradeStorage`. */
  upgraded: id('d2'),
  upgradeStorage: id('d3'),
  /** A dependency the corpus does not have. */
  absent: id('d0'),
  /** Packages needing each of them. */
  needsPresent: id('a1'),
  needsUpgraded: id('a3'),
  needsAbsent: id('a2'),
  /** Needs `present`, linked against `presentUpgrade` (its metadata.json's linkageTable). */
  needsLinked: id('a4'),
};

/** `token::Token` and its constructor `mint`, at `address`. */
function tokenModule(address: string): ModuleSpec {
  return {
    address,
    name: 'token',
    structs: [{ name: 'Token', abilities: ['drop'], fields: [{ name: 'value', type: 'u64' }] }],
    functions: [{ name: 'mint', returns: [{ local: 'Token', typeArgs: [] }] }],
  };
}

/** `app::consume(Token)` of the dependency at `dependency`, and `app::touch()`, which needs nothing. */
function appModule(address: string, dependency: string): ModuleSpec {
  const token = { address: dependency, module: 'token', name: 'Token', abilities: ['drop' as const] };
  return {
    address,
    name: 'app',
    functions: [{ name: 'consume', params: [datatype(token)] }, { name: 'touch' }],
  };
}

export async function makeDependencyCorpus(): Promise<string> {
  const root = join(mkdtempSync(join(tmpdir(), 'smi-deps-')), 'corpus');
  for (const framework of ['1', '2', '3'].map((d) => SHARED_PACKAGE_DIRS['0x' + d.padStart(64, '0')]!))
    cpSync(framework, join(root, relative(CORPUS_DIR, framework)), { recursive: true });
  const write = (packageId: string, module: ModuleSpec, metadata?: Record<string, unknown>) =>
    writePackage(root, {
      packageId,
      modules: [{ name: module.name, bytes: buildModule(module) }],
      ...(metadata ? { metadata } : {}),
    });
  await write(DEPENDENCY_IDS.present, tokenModule(DEPENDENCY_IDS.present));
  await write(DEPENDENCY_IDS.presentUpgrade, tokenModule(DEPENDENCY_IDS.present));
  const linkage = {
    [DEPENDENCY_IDS.present]: { upgraded_id: DEPENDENCY_IDS.presentUpgrade, upgraded_version: 2 },
  };
  await write(DEPENDENCY_IDS.needsLinked, appModule(DEPENDENCY_IDS.needsLinked, DEPENDENCY_IDS.present), {
    linkageTable: linkage,
  });
  await write(DEPENDENCY_IDS.upgradeStorage, tokenModule(DEPENDENCY_IDS.upgraded));
  await write(DEPENDENCY_IDS.needsPresent, appModule(DEPENDENCY_IDS.needsPresent, DEPENDENCY_IDS.present));
  await write(DEPENDENCY_IDS.needsUpgraded, appModule(DEPENDENCY_IDS.needsUpgraded, DEPENDENCY_IDS.upgraded));
  await write(DEPENDENCY_IDS.needsAbsent, appModule(DEPENDENCY_IDS.needsAbsent, DEPENDENCY_IDS.absent));
  return root;
}
