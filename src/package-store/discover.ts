// Corpus discovery (upstream dataset.collect_packages) over the sui-packages layout
// `<root>/<prefix>/<package_dir>/{bytecode_modules/, metadata.json}`, reporting every skipped directory and
// every package filed under another id than its metadata.json's.
import { readdir, realpath, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { PackageRef } from '../core/types.js';
import { safeJsonLoads } from '../core/json-extract.js';
import { isPlainObject } from '../core/py-value.js';
import { compareCodePoints } from '../core/py-string.js';
import { isSuiAddress } from '../core/ids-file.js';
import { fullAddress } from '../move/address.js';
import { layoutIdOf } from './layout.js';
import { JSON_LIMIT } from '../move/read-package.js';
import { BLACKLISTED_PACKAGE_IDS } from '../corpus/blacklist.js';
import { fsErrorCode } from '../files/fs-error.js';
import { mapLimited } from '../corpus/map-limited.js';
import { CorpusFileError, readRegularFile } from '../files/regular-file.js';

export interface SkippedDir {
  dir: string;
  reason: string;
}

/**
 * A package filed under another id than its metadata.json's (`0xab/<rest>` holding `{"id": "0xcd…"}`). The
 * package is metadata.json's id, as everywhere else (upstream, rows, simulation); lookups by id in the layout
 * (dependencies, the framework) pass over such a folder.
 */
export interface IdMismatch {
  /** The folder as walked. */
  dir: string;
  /** The id its place in the layout names. */
  folder_id: string;
  /** metadata.json's id: the one used. */
  metadata_id: string;
}

/** One line for a user: where the package is, the two ids, and which one is used. */
export function describeIdMismatch(m: IdMismatch): string {
  return (
    `${m.dir}: the folder is named for ${m.folder_id}, metadata.json says ${m.metadata_id}; ` +
    `the package is ${m.metadata_id} (metadata.json's id is used)`
  );
}

export interface DiscoveryResult {
  /** Sorted by package_id; package_dir is the absolute, symlink-free path. */
  packages: PackageRef[];
  /** Packages (among `packages`) whose folder names another id, in traversal order. */
  idMismatches: IdMismatch[];
  /**
   * Unreadable prefixes and broken symlinks first, then package directories in traversal order.
   * Upstream skips these silently (and crashes on an unreadable prefix).
   */
  skipped: SkippedDir[];
}

// Enough parallel file-system calls to hide latency on 10 000+ packages without exhausting descriptors.
const FS_CONCURRENCY = 64;

/** The id for a skip reason: an id that is not an address can be any length, so long ones are cut. */
function quoteId(id: string): string {
  return id.length <= 80
    ? JSON.stringify(id)
    : `${JSON.stringify(id.slice(0, 80))}… (${id.length} characters)`;
}

type Inspected = { dir: string; ref: PackageRef } | { dir: string; reason: string };

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory(); // stat follows symlinks, as Path.is_dir does
  } catch {
    return false;
  }
}

interface ChildDir {
  /** The path as walked (what skipped entries report). */
  path: string;
  /** Absolute and symlink-free. */
  resolved: string;
}

/**
 * Sorted child directories of `dir` (symlinks followed). `dirResolved` is `dir` without symlinks, so only
 * children that are links need a realpath call of their own. Broken symlinks are reported as skipped.
 */
async function childDirs(
  dir: string,
  dirResolved: string,
  skipped: SkippedDir[] | null,
): Promise<ChildDir[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => compareCodePoints(a.name, b.name));
  const kinds = await mapLimited(entries, FS_CONCURRENCY, async (e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return { path, resolved: join(dirResolved, e.name), kind: 'dir' as const };
    if (!e.isSymbolicLink()) return { path, resolved: path, kind: 'other' as const };
    try {
      if (!(await stat(path)).isDirectory()) return { path, resolved: path, kind: 'other' as const };
      return { path, resolved: await realpath(path), kind: 'dir' as const };
    } catch {
      return { path, resolved: path, kind: 'broken' as const };
    }
  });
  const dirs: ChildDir[] = [];
  for (const k of kinds) {
    if (k.kind === 'dir') dirs.push({ path: k.path, resolved: k.resolved });
    else if (k.kind === 'broken' && skipped) skipped.push({ dir: k.path, reason: 'broken symlink' });
  }
  return dirs;
}

/** The checks upstream makes on one package directory, in the same order. */
async function inspectPackageDir({ path: dir, resolved }: ChildDir): Promise<Inspected> {
  if (!(await isDirectory(join(resolved, 'bytecode_modules')))) {
    return { dir, reason: 'no bytecode_modules/ directory' };
  }
  let text: string;
  try {
    text = readRegularFile(join(resolved, 'metadata.json'), JSON_LIMIT).toString('utf8');
  } catch (e) {
    if (!(e instanceof CorpusFileError)) throw e;
    if (e.problem === 'missing') return { dir, reason: 'missing metadata.json' };
    const code = fsErrorCode(e.cause);
    return { dir, reason: `unreadable metadata.json (${code ?? e.message})` };
  }
  let meta: unknown;
  try {
    // Same tolerance as upstream's safe_read_json: noise around one JSON object is accepted.
    meta = safeJsonLoads(text, 'metadata.json');
  } catch {
    return { dir, reason: 'invalid JSON in metadata.json' };
  }
  if (!isPlainObject(meta)) return { dir, reason: 'metadata.json is not a JSON object' };
  const id = meta['id'];
  if (typeof id !== 'string' || id === '')
    return { dir, reason: 'metadata.json has no non-empty string "id"' };
  return { dir, ref: { package_id: id, package_dir: resolved } };
}

/**
 * All packages of a corpus. Directories are walked in sorted order; the first directory with a given id
 * wins and later ones are reported as duplicates; blacklisted ids are reported too.
 */
export async function discoverPackages(corpusRoot: string): Promise<DiscoveryResult> {
  const root = resolve(corpusRoot);
  let rootStat;
  try {
    rootStat = await stat(root);
  } catch (e) {
    if (fsErrorCode(e) === 'ENOENT') throw new Error(`corpus root not found: ${root}`);
    throw e;
  }
  if (!rootStat.isDirectory()) throw new Error(`corpus root is not a directory: ${root}`);

  const skipped: SkippedDir[] = [];
  const prefixes = await childDirs(root, await realpath(root), null);
  const perPrefixSkipped = prefixes.map((): SkippedDir[] => []);
  const perPrefix = await mapLimited(prefixes, FS_CONCURRENCY, async (p, i) => {
    const sink = perPrefixSkipped[i] ?? [];
    try {
      return await childDirs(p.path, p.resolved, sink);
    } catch (e) {
      // One unreadable prefix (e.g. permissions) should not hide the rest of the corpus.
      sink.push({ dir: p.path, reason: `unreadable directory (${fsErrorCode(e) ?? String(e)})` });
      return [];
    }
  });
  const packageDirs = perPrefix.flat();
  skipped.push(...perPrefixSkipped.flat());

  const inspected = await mapLimited(packageDirs, FS_CONCURRENCY, inspectPackageDir);
  const firstDirById = new Map<string, string>();
  const packages: PackageRef[] = [];
  const idMismatches: IdMismatch[] = [];
  for (const item of inspected) {
    if ('reason' in item) {
      skipped.push(item);
      continue;
    }
    const { package_id: id } = item.ref;
    const first = firstDirById.get(id);
    if (first !== undefined) {
      skipped.push({ dir: item.dir, reason: `duplicate id ${id} (first seen in ${first})` });
    } else if (BLACKLISTED_PACKAGE_IDS.has(id)) {
      skipped.push({ dir: item.dir, reason: `blacklisted id ${id}` });
    } else if (!isSuiAddress(id)) {
      // It would end up in workflow ids and file names; the server rejects a child start with a long one.
      skipped.push({ dir: item.dir, reason: `id ${quoteId(id)} is not 0x followed by 1 to 64 hex digits` });
    } else {
      firstDirById.set(id, item.dir);
      packages.push(item.ref);
      const folderId = layoutIdOf(item.dir);
      if (folderId !== null && folderId !== fullAddress(id))
        idMismatches.push({ dir: item.dir, folder_id: folderId, metadata_id: id });
    }
  }
  packages.sort((a, b) => compareCodePoints(a.package_id, b.package_id));
  return { packages, idMismatches, skipped };
}
