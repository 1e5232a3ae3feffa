// File-system side of a package directory in the sui-packages layout:
//   <dir>/metadata.json           {"id": "0x…", …}   (only `id` is read)
//   <dir>/bytecode_modules/*.mv   one compiled module per file (sub-folders are ignored)
// Every file is read through `readRegularFile` (regular files only, bounded below), synchronously: package
// files are small and local, and the promise API costs a thread-pool round trip per file and per stat.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fsErrorCode } from '../files/fs-error.js';
import { CorpusFileError, readRegularFile, regularFileStats } from '../files/regular-file.js';
import { compareUtf8 } from './canonical-json.js';
import { describeThrown, PackageReadError } from './errors.js';

export const METADATA_FILE = 'metadata.json';
export const MODULES_DIR = 'bytecode_modules';

export interface ModuleFile {
  path: string;
  bytes: Uint8Array;
}

/**
 * The string `id` of `metadata.json`, verbatim (no trimming or address normalisation, like upstream).
 * @throws PackageReadError missing_metadata | invalid_metadata | unreadable
 */
export async function readMetadataId(packageDir: string): Promise<string> {
  const path = join(packageDir, METADATA_FILE);
  let text: string;
  try {
    text = readRegularFile(path, JSON_LIMIT).toString('utf8');
  } catch (error) {
    if (!(error instanceof CorpusFileError)) throw error;
    if (fsErrorCode(error.cause) === 'ENOTDIR') {
      throw new PackageReadError('missing_metadata', `${packageDir} is not a package folder`);
    }
    if (error.problem === 'missing') {
      throw new PackageReadError(
        'missing_metadata',
        `${METADATA_FILE} is missing in ${packageDir}${folderExists(packageDir) ? '' : ' (the folder does not exist)'}`,
      );
    }
    throw packageErrorOf(error);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new PackageReadError('invalid_metadata', `${path} is not valid JSON: ${describeThrown(error)}`, {
      cause: error,
    });
  }
  const id = typeof parsed === 'object' && parsed !== null ? (parsed as { id?: unknown }).id : undefined;
  if (typeof id !== 'string') {
    throw new PackageReadError('invalid_metadata', `${path} has no string "id" field`);
  }
  return id;
}

function folderExists(dir: string): boolean {
  return statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/** Rust `Path::extension() == Some("mv")`: a leading dot alone does not start an extension. */
export function hasMvExtension(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && fileName.slice(dot + 1) === 'mv';
}

/**
 * Paths of `bytecode_modules/*.mv`, non-recursive, in byte order of the file names (upstream reads
 * them in path order, which decides which duplicate module name wins).
 * @throws PackageReadError no_modules | unreadable
 */
export async function listModuleFiles(packageDir: string): Promise<string[]> {
  const modulesDir = join(packageDir, MODULES_DIR);
  let entries: string[];
  try {
    entries = readdirSync(modulesDir);
  } catch (error) {
    const code = fsErrorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new PackageReadError('no_modules', `${MODULES_DIR} is missing in ${packageDir}`, {
        cause: error,
      });
    }
    throw new PackageReadError('unreadable', `cannot list ${modulesDir}: ${describeThrown(error)}`, {
      cause: error,
    });
  }
  // Like upstream, only the name is checked: a directory called `x.mv` fails later, when read.
  const names = entries.filter((name) => hasMvExtension(name)).sort(compareUtf8);
  if (names.length === 0) {
    throw new PackageReadError('no_modules', `no .mv files found in ${modulesDir}`);
  }
  if (names.length > MAX_MODULES) {
    throw new PackageReadError(
      'too_large',
      `${modulesDir} holds ${names.length} .mv files, more than the ${MAX_MODULES} a package may have`,
    );
  }
  return names.map((name) => join(modulesDir, name));
}

// Bounds on what one untrusted package can make a worker read and parse, from Sui's protocol config (as of
// protocol version 104). A published package, modules and tables together, is at most
// `max_move_package_size` (100 KiB, since protocol 1), so no module of one is larger. A publish holds fewer
// than `max_modules_in_publish` modules (128 up to protocol 37, 64 from 38). System packages (0x1, 0x2, 0x3, …)
// are exempt from both, but far inside them: 0x2 has 61 modules, 90 KB in all, the largest 13 KB. So one
// module may have Sui's package size, a package at most 128 modules (packages published before protocol 38
// may hold more than 64) and 1 MiB.
export const MAX_MODULE_BYTES = 100 * 1024;
export const MAX_MODULES = 128;
export const MAX_PACKAGE_BYTES = 1024 * 1024;
/** metadata.json (a few hundred bytes) and bcs.json (the modules in base64 and the package's tables). */
const MAX_JSON_BYTES = 4 * 1024 * 1024;
export const JSON_LIMIT = { maxBytes: MAX_JSON_BYTES };
const MODULE_LIMIT = { maxBytes: MAX_MODULE_BYTES, what: 'for one module' };

export interface ModuleFileStat {
  path: string;
  size: number;
  mtimeMs: number;
}

/** Size and modification time of each module file, checked against the size limits. */
export async function statModuleFiles(paths: readonly string[]): Promise<ModuleFileStat[]> {
  const stats = paths.map((path) => {
    const { size, mtimeMs } = asPackageError(() => regularFileStats(path, MODULE_LIMIT));
    return { path, size, mtimeMs };
  });
  let total = 0;
  for (const { size } of stats) total += size;
  if (total > MAX_PACKAGE_BYTES) {
    throw new PackageReadError(
      'too_large',
      `the modules in ${dirname(paths[0] ?? '')} have ${total} bytes, more than the ${MAX_PACKAGE_BYTES} allowed`,
    );
  }
  return stats;
}

/** @throws PackageReadError unreadable | too_large */
export async function readModuleFiles(paths: readonly string[]): Promise<ModuleFile[]> {
  return readStatedModuleFiles(await statModuleFiles(paths));
}

/** Files that `statModuleFiles` has already checked. @throws PackageReadError unreadable | too_large */
export function readStatedModuleFiles(stats: readonly ModuleFileStat[]): ModuleFile[] {
  return stats.map(({ path }) => ({
    path,
    bytes: asPackageError(() => readRegularFile(path, MODULE_LIMIT)),
  }));
}

/** A corpus file that cannot be read makes its package unreadable (or too large), with the reason. */
function asPackageError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof CorpusFileError)) throw error;
    throw packageErrorOf(error);
  }
}

function packageErrorOf(error: CorpusFileError): PackageReadError {
  const code = error.problem === 'too_large' ? 'too_large' : 'unreadable';
  return new PackageReadError(code, error.message, { cause: error });
}
