// The local-directory mode of the upstream extractor (`--bytecode-package-dir DIR
// --emit-bytecode-json`): package id from metadata.json, modules from bytecode_modules/*.mv.
import { LRUCache } from 'lru-cache';
import type { InterfaceJson } from '../core/types.js';
import { InvalidBytecodeError, PackageReadError } from './errors.js';
import { buildInterface } from './interface.js';
import { deserializeModule, type ModuleJson } from './module-json.js';
import {
  listModuleFiles,
  readMetadataId,
  readStatedModuleFiles,
  statModuleFiles,
  type ModuleFileStat,
} from './read-package.js';

export interface ExtractOptions {
  /** Emit enums and schema_version 2 (the sui-sandbox shape). Default: false, exactly upstream v1. */
  includeEnums?: boolean;
  /** Used (trimmed) only when metadata.json is missing or has no string id, like `--package-id`. */
  packageId?: string;
}

/** @throws PackageReadError */
export async function extractPackageInterface(
  packageDir: string,
  options: ExtractOptions = {},
): Promise<InterfaceJson> {
  const packageId = await resolvePackageId(packageDir, options.packageId);
  const modules = await readPackageModules(packageDir);
  return buildInterface(modules, packageId, { includeEnums: options.includeEnums ?? false });
}

/** metadata.json wins; a fallback id is used for any metadata failure, as upstream does. */
export async function resolvePackageId(packageDir: string, fallbackId?: string): Promise<string> {
  try {
    return await readMetadataId(packageDir);
  } catch (error) {
    if (fallbackId !== undefined && error instanceof PackageReadError) return fallbackId.trim();
    throw error;
  }
}

/**
 * Deserialized modules of a package, in file path order. A worker extracts a package and then scans the
 * same modules to simulate its plans: the last few packages read are kept, and used again as long as their
 * files have the same names, sizes and modification times. Callers must not modify the modules.
 * @throws PackageReadError no_modules | unreadable | invalid_bytecode | too_large
 */
export async function readPackageModules(packageDir: string): Promise<ModuleJson[]> {
  const stats = await statModuleFiles(await listModuleFiles(packageDir));
  const key = filesKey(stats);
  const kept = recentPackages.get(packageDir);
  if (kept?.key === key) return kept.modules;
  const files = readStatedModuleFiles(stats);
  const modules = files.map((file) => {
    try {
      return deserializeModule(file.bytes, file.path);
    } catch (error) {
      if (!(error instanceof InvalidBytecodeError)) throw error;
      throw new PackageReadError('invalid_bytecode', error.message, { cause: error });
    }
  });
  recentPackages.set(packageDir, { key, modules });
  return modules;
}

/**
 * Names, sizes and modification times of a package's module files: while it is the same, so are the
 * modules read from them.
 * @throws PackageReadError no_modules | unreadable | too_large
 */
export async function moduleFilesKey(packageDir: string): Promise<string> {
  return filesKey(await statModuleFiles(await listModuleFiles(packageDir)));
}

function filesKey(stats: readonly ModuleFileStat[]): string {
  return stats.map((s) => `${s.path}\0${s.size}\0${s.mtimeMs}`).join('\n');
}

const KEPT_PACKAGES = 16;
const recentPackages = new LRUCache<string, { key: string; modules: ModuleJson[] }>({ max: KEPT_PACKAGES });
