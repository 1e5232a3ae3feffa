// File-system side of a package directory in the sui-packages layout:
//   <dir>/metadata.json           {"id": "0x…", …}   (only `id` is read)
//   <dir>/bytecode_modules/*.mv   one compiled module per file (sub-folders are ignored)
// Package files are small and local (bounded below): they are read with synchronous calls, which cost a
// few microseconds each, where the promise API costs a thread-pool round trip per file and per stat.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOTDIR') {
      throw new PackageReadError('missing_metadata', `${packageDir} is not a package folder`);
    }
    if (code === 'ENOENT') {
      throw new PackageReadError(
        'missing_metadata',
        `${METADATA_FILE} is missing in ${packageDir}${folderExists(packageDir) ? '' : ' (the folder does not exist)'}`,
      );
    }
    throw new PackageReadError('unreadable', `cannot read ${path}: ${describeThrown(error)}`, {
      cause: error,
    });
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
    const code = errorCode(error);
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
  return names.map((name) => join(modulesDir, name));
}

// Bounds on what one untrusted package can make a worker read and parse. Sui caps a published package near
// 100 KB and the framework's largest module is about 13 KB, so these leave ample room for any real package.
export const MAX_MODULE_BYTES = 1024 * 1024;
export const MAX_PACKAGE_BYTES = 8 * 1024 * 1024;

export interface ModuleFileStat {
  path: string;
  size: number;
  mtimeMs: number;
}

/** Size and modification time of each module file, checked against the size limits. */
export async function statModuleFiles(paths: readonly string[]): Promise<ModuleFileStat[]> {
  const stats = paths.map((path) => {
    const { size, mtimeMs } = unreadableAsPackageError(path, (p) => statSync(p));
    return { path, size, mtimeMs };
  });
  let total = 0;
  for (const { path, size } of stats) {
    if (size > MAX_MODULE_BYTES) {
      throw new PackageReadError(
        'too_large',
        `${path} has ${size} bytes, more than the ${MAX_MODULE_BYTES} allowed for one module`,
      );
    }
    total += size;
  }
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

/** Files that `statModuleFiles` has already checked against the size limits. @throws PackageReadError unreadable */
export function readStatedModuleFiles(stats: readonly ModuleFileStat[]): ModuleFile[] {
  return stats.map(({ path }) => ({ path, bytes: unreadableAsPackageError(path, (p) => readFileSync(p)) }));
}

function unreadableAsPackageError<T>(path: string, read: (path: string) => T): T {
  try {
    return read(path);
  } catch (error) {
    throw new PackageReadError('unreadable', `cannot read ${path}: ${describeThrown(error)}`, {
      cause: error,
    });
  }
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}
