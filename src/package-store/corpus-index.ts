// Where a corpus keeps each version of a package. Sui links a dependency by its original id (the address
// its modules carry, in every version), while the sui-packages layout stores each version under its own
// storage id; so a dependency is looked for by original id, in whichever version the corpus has.
// metadata.json of sui-packages says `originalPackageId` and `version`; without them, the self address
// of one of the package's modules gives the original id.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { addressDigits, isAddress } from '../move/address.js';
import { deserializeModule } from '../move/module-json.js';
import { VmLoadError } from '../vm/errors.js';
import { CorpusFileError, readRegularFile } from '../files/regular-file.js';
import { JSON_LIMIT, listModuleFiles, METADATA_FILE, readModuleFiles } from '../move/read-package.js';
import { PromiseCache } from '../promise-cache.js';
import { packageDirFor, packageDirsUnder } from './layout.js';

interface StoredVersion {
  dir: string;
  /** Its version when metadata.json says it. */
  version: number | null;
}

/** The JSON object in `path`, or null when it holds another JSON value. @throws when it is no JSON */
function parseJsonObject(path: string): Record<string, unknown> | null {
  const value: unknown = JSON.parse(readRegularFile(path, JSON_LIMIT).toString('utf8'));
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** For the scan of a whole corpus: a directory whose metadata cannot be read is not a package version. */
function readJsonObject(path: string): Record<string, unknown> | null {
  try {
    return parseJsonObject(path);
  } catch {
    return null;
  }
}

/** A package being linked: its unreadable metadata is an error, not an empty linkage table. */
function readOwnJson(path: string): Record<string, unknown> | null {
  try {
    return parseJsonObject(path);
  } catch (error) {
    // A file that is no regular one, or too large, names the path itself.
    if (error instanceof CorpusFileError) throw new VmLoadError(error.message, { cause: error });
    throw new VmLoadError(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The package's linkage table, original id → the storage id of the version it was linked against, from
 * `linkageTable` in metadata.json or, as sui-packages stores it, in bcs.json. Empty when neither has one.
 */
export function packageLinkage(packageDir: string): Map<string, string> {
  const linkage = new Map<string, string>();
  for (const file of [METADATA_FILE, 'bcs.json']) {
    const path = join(packageDir, file);
    const table = existsSync(path) ? readOwnJson(path)?.['linkageTable'] : undefined;
    if (typeof table !== 'object' || table === null) continue;
    for (const [original, info] of Object.entries(table as Record<string, unknown>)) {
      const upgraded = (info as { upgraded_id?: unknown } | null)?.upgraded_id;
      if (isAddress(original) && typeof upgraded === 'string' && isAddress(upgraded))
        linkage.set(addressDigits(original), addressDigits(upgraded));
    }
    return linkage;
  }
  return linkage;
}

/** Corpora indexed by this process; a few at most (a worker serves runs over a few corpora). */
const indexes = new PromiseCache<Map<string, StoredVersion[]>>(4);

/** Every package of the corpus by original id; read once per corpus in this process, when first needed. */
function versionsByOriginalId(corpusRoot: string): Promise<Map<string, StoredVersion[]>> {
  return indexes.get(corpusRoot, () => readVersions(corpusRoot));
}

async function readVersions(corpusRoot: string): Promise<Map<string, StoredVersion[]>> {
  const index = new Map<string, StoredVersion[]>();
  // The layout's own walk: links followed (a corpus may be assembled from linked prefix folders), folders
  // being written passed over.
  for (const dir of existsSync(corpusRoot) ? packageDirsUnder(corpusRoot) : []) {
    const meta = readJsonObject(join(dir, METADATA_FILE));
    if (typeof meta?.['id'] !== 'string' || !isAddress(meta['id'])) continue;
    const stated = meta['originalPackageId'];
    const original =
      typeof stated === 'string' && isAddress(stated) ? addressDigits(stated) : await moduleAddress(dir);
    if (!original) continue;
    const version = typeof meta['version'] === 'number' ? meta['version'] : null;
    const versions = index.get(original) ?? [];
    versions.push({ dir, version });
    index.set(original, versions);
  }
  return index;
}

/** The address a package's modules carry: its original id. Null when no module can be read. */
async function moduleAddress(packageDir: string): Promise<string | null> {
  try {
    const [file] = await readModuleFiles((await listModuleFiles(packageDir)).slice(0, 1));
    const module = deserializeModule(file!.bytes, file!.path);
    const handle = module.module_handles[module.self_module_handle_idx];
    const address = handle === undefined ? undefined : module.address_identifiers[handle.address];
    return address === undefined ? null : addressDigits(address);
  } catch {
    return null;
  }
}

/**
 * The directory of a version of the package with this original id: the one `linkedId` names (the linkage
 * table's choice) if the corpus has it, else the original version, else the newest version the corpus has.
 * Null when the corpus holds no version at all.
 */
export async function findPackageVersion(
  corpusRoot: string,
  originalId: string,
  linkedId?: string,
): Promise<string | null> {
  for (const id of [linkedId, originalId]) {
    if (id === undefined) continue;
    const dir = packageDirFor(corpusRoot, id);
    // metadata.json's id is the package's; a folder named for another id holds another package.
    const stored = existsSync(join(dir, METADATA_FILE))
      ? readJsonObject(join(dir, METADATA_FILE))?.['id']
      : null;
    if (typeof stored === 'string' && isAddress(stored) && addressDigits(stored) === addressDigits(id))
      return dir;
  }
  const versions = (await versionsByOriginalId(corpusRoot)).get(addressDigits(originalId)) ?? [];
  const newest = [...versions].sort((a, b) => (b.version ?? -1) - (a.version ?? -1))[0];
  return newest?.dir ?? null;
}
