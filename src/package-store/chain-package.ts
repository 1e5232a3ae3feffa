// A package as the chain keeps it: storage id, original id, version, modules by name, the type origin and
// linkage tables, and the transaction that published it. `corpus pull` writes one into a corpus folder:
// `metadata.json` (id, originalPackageId, version, and the publishing transaction's sender, digest and
// checkpoint) and `bcs.json` (the chain's moduleMap in base64, the type origin and linkage tables) beside
// `bytecode_modules/`. A local full node reads every folder of its corpus back: what a folder does not say
// is what the chain would, a package nobody upgraded being at version 1 under its own id, its types
// defined there, linked to the framework only.
import { createHash } from 'node:crypto';
import { basename, join } from 'node:path';
import { toBase58 } from '@mysten/sui/utils';
import { pyDumps } from '../core/pyjson.js';
import { deserializeModule } from '../move/module-json.js';
import { CorpusFileError, readRegularFile } from '../files/regular-file.js';
import {
  JSON_LIMIT,
  listModuleFiles,
  METADATA_FILE,
  MODULES_DIR,
  readModuleFiles,
} from '../move/read-package.js';
import { normalizeId } from '../vm/package-bytes.js';
import { packageLinkage } from './corpus-index.js';
import { readTypeOrigins } from './package-dir.js';
import { fullAddress } from '../move/address.js';

export interface ChainPackage {
  /** The storage id; ids and names here are as the node stated them until `checkAnswer` has passed them. */
  id: string;
  originalId: string;
  version: bigint;
  /** In the node's order (Sui's module map is sorted by name). */
  modules: { name: string; bytes: Uint8Array }[];
  typeOrigins: { module: string; name: string; package: string }[];
  linkage: { originalId: string; upgradedId: string; upgradedVersion: bigint }[];
  transactionDigest: string | null;
  sender: string | null;
  checkpoint: bigint | null;
}

/** A corpus folder as a local node serves it: every id `0x` and 64 hex digits. */
export interface ServedPackage extends Omit<ChainPackage, 'id' | 'transactionDigest'> {
  dir: string;
  storageId: string;
  /** Base58 digest of the publishing transaction (metadata.json's, else one derived from the id). */
  transactionDigest: string;
}

// JSON.stringify's layout, but versions and checkpoints are bigints written digit for digit: past 2^53 a
// JavaScript number would round them.
const json = (value: unknown) => pyDumps(value, { indent: 2 });

export function metadataJson(pkg: ChainPackage): string {
  return json({
    id: pkg.id,
    originalPackageId: pkg.originalId,
    version: pkg.version,
    ...(pkg.sender ? { sender: pkg.sender } : {}),
    ...(pkg.transactionDigest ? { transactionDigest: pkg.transactionDigest } : {}),
    ...(pkg.checkpoint !== null ? { checkpoint: pkg.checkpoint } : {}),
  });
}

export function bcsJson(pkg: ChainPackage): string {
  return json({
    dataType: 'package',
    id: pkg.id,
    version: pkg.version,
    moduleMap: Object.fromEntries(pkg.modules.map((m) => [m.name, Buffer.from(m.bytes).toString('base64')])),
    typeOriginTable: pkg.typeOrigins.map((o) => ({
      module_name: o.module,
      datatype_name: o.name,
      package: o.package,
    })),
    linkageTable: Object.fromEntries(
      pkg.linkage.map((l) => [
        l.originalId,
        { upgraded_id: l.upgradedId, upgraded_version: l.upgradedVersion },
      ]),
    ),
  });
}

/** The files of `bytecode_modules`, by name; module names are checked identifiers. */
export function moduleFiles(pkg: ChainPackage): Map<string, Buffer> {
  return new Map(pkg.modules.map((m) => [`${m.name}.mv`, Buffer.from(m.bytes)]));
}

/** Every file of the package's folder, by its path inside it. */
export function packageFiles(pkg: ChainPackage): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const [name, bytes] of moduleFiles(pkg)) files.set(join(MODULES_DIR, name), bytes);
  files.set('bcs.json', Buffer.from(bcsJson(pkg)));
  files.set(METADATA_FILE, Buffer.from(metadataJson(pkg)));
  return files;
}

function readJson(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readRegularFile(path, JSON_LIMIT).toString('utf8');
  } catch (error) {
    if (error instanceof CorpusFileError && error.problem === 'missing') return {};
    throw error;
  }
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Every struct and enum of the modules, defined by the original id: a package's first version. */
function typesOfModules(modules: ServedPackage['modules'], originalId: string): ServedPackage['typeOrigins'] {
  const origins: ServedPackage['typeOrigins'] = [];
  for (const { name, bytes } of modules) {
    const module = deserializeModule(bytes, name);
    const handles = [
      ...module.struct_defs.map((d) => d.struct_handle),
      ...module.enum_defs.map((d) => d.enum_handle),
    ];
    for (const handle of handles)
      origins.push({
        module: name,
        name: module.identifiers[module.datatype_handles[handle]!.name]!,
        package: originalId,
      });
  }
  return origins;
}

/** The linkage table with versions, as sui-packages stores it in bcs.json or metadata.json. */
function linkageWithVersions(dir: string): ServedPackage['linkage'] {
  const tables = [
    readJson(join(dir, METADATA_FILE))['linkageTable'],
    readJson(join(dir, 'bcs.json'))['linkageTable'],
  ];
  const table = tables.find((t) => typeof t === 'object' && t !== null) as
    Record<string, { upgraded_version?: unknown }> | undefined;
  return [...packageLinkage(dir)]
    .map(([original, upgraded]) => {
      const stated = Object.entries(table ?? {}).find(([key]) => normalizeId(key) === original)?.[1];
      return {
        originalId: `0x${original}`,
        upgradedId: `0x${upgraded}`,
        upgradedVersion: BigInt(typeof stated?.upgraded_version === 'number' ? stated.upgraded_version : 1),
      };
    })
    .sort((a, b) => (a.originalId < b.originalId ? -1 : 1));
}

/** The publishing transaction of a package whose metadata does not name one (the framework's genesis). */
export function publishDigest(storageId: string): string {
  return toBase58(
    createHash('sha256')
      .update(`publish ${fullAddress(storageId)}`)
      .digest(),
  );
}

export async function readServedPackage(dir: string): Promise<ServedPackage> {
  const meta = readJson(join(dir, METADATA_FILE));
  if (typeof meta['id'] !== 'string') throw new Error(`${dir}: metadata.json names no package id`);
  const storageId = fullAddress(meta['id']);
  const originalId =
    typeof meta['originalPackageId'] === 'string' ? fullAddress(meta['originalPackageId']) : storageId;
  const modules = (await readModuleFiles(await listModuleFiles(dir)))
    .map(({ path, bytes }) => ({ name: basename(path).replace(/\.mv$/, ''), bytes }))
    .sort((a, b) => (Buffer.from(a.name) < Buffer.from(b.name) ? -1 : 1));
  const origins = readTypeOrigins(dir);
  const digest =
    typeof meta['transactionDigest'] === 'string' ? meta['transactionDigest'] : publishDigest(storageId);
  return {
    dir,
    storageId,
    originalId,
    version: BigInt(typeof meta['version'] === 'number' ? meta['version'] : 1),
    modules,
    typeOrigins: origins
      ? origins.map((o) => ({ ...o, package: fullAddress(o.package) }))
      : typesOfModules(modules, originalId),
    linkage: linkageWithVersions(dir),
    transactionDigest: digest,
    sender: typeof meta['sender'] === 'string' ? fullAddress(meta['sender']) : null,
    checkpoint: typeof meta['checkpoint'] === 'number' ? BigInt(meta['checkpoint']) : null,
  };
}
