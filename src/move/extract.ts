// The local-directory mode of the upstream extractor (`--bytecode-package-dir DIR
// --emit-bytecode-json`): package id from metadata.json, modules from bytecode_modules/*.mv.
import type { InterfaceJson } from '../core/types.js';
import { InvalidBytecodeError, PackageReadError } from './errors.js';
import { buildInterface } from './interface.js';
import { deserializeModule, type ModuleJson } from './module-json.js';
import { listModuleFiles, readMetadataId, readModuleFiles } from './read-package.js';

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
 * Deserialized modules of a package, in file path order.
 * @throws PackageReadError no_modules | unreadable | invalid_bytecode
 */
export async function readPackageModules(packageDir: string): Promise<ModuleJson[]> {
  const files = await readModuleFiles(await listModuleFiles(packageDir));
  return files.map((file) => {
    try {
      return deserializeModule(file.bytes, file.path);
    } catch (error) {
      if (!(error instanceof InvalidBytecodeError)) throw error;
      throw new PackageReadError('invalid_bytecode', error.message, { cause: error });
    }
  });
}
