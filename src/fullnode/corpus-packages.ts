// The packages a local full node serves: every package directory of a corpus (the sui-packages layout) and
// the framework, each read as the chain keeps it: storage id, original id, version, modules by name, the
// type origin and linkage tables, and the transaction that published it. What the directory does not say
// is what the chain would: a package nobody upgraded is at version 1 under its own id, its types defined
// there, linked to the framework only.
import { createHash } from 'node:crypto';
import { basename, join } from 'node:path';
import { toBase58 } from '@mysten/sui/utils';
import { deserializeModule } from '../move/module-json.js';
import { CorpusFileError, readRegularFile } from '../files/regular-file.js';
import { JSON_LIMIT, listModuleFiles, METADATA_FILE, readModuleFiles } from '../move/read-package.js';
import { normalizeId, readTypeOrigins } from '../vm/package-source.js';
import { packageLinkage } from '../vm/corpus-index.js';
import { fullAddress } from '../move/address.js';

export interface ServedPackage {
  dir: string;
  /** `0x` and 64 hex digits, as every id below. */
  storageId: string;
  originalId: string;
  version: bigint;
  /** Sorted by name, as Sui's module map is. */
  modules: { name: string; bytes: Uint8Array }[];
  typeOrigins: { module: string; name: string; package: string }[];
  linkage: { originalId: string; upgradedId: string; upgradedVersion: bigint }[];
  /** Base58 digest of the publishing transaction (metadata.json's, else one derived from the id). */
  transactionDigest: string;
  /** The publisher and checkpoint when metadata.json says them; a node that does not know them omits them. */
  sender: string | null;
  checkpoint: bigint | null;
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
