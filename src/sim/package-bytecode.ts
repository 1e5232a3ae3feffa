// The compiled modules of one package, indexed for the static scan. Loaded once per directory and
// kept for a while: a package is simulated many times in a row (candidates × variants).
import { definingIdTable } from '../core/phase2/defining-ids.js';
import { normalizeAddress } from '../core/phase2/upstream-address.js';
import { readPackageModules } from '../move/extract.js';
import type { ModuleJson } from '../move/module-json.js';
import { readMetadataId } from '../move/read-package.js';
import { packageTypeOrigins } from '../package-store/package-dir.js';
import { PromiseCache } from '../promise-cache.js';

export interface PackageBytecode {
  /** 64 lowercase hex digits, no `0x`: the modules' own address (the original id). */
  address: string;
  /**
   * 64 lowercase hex digits, no `0x`: the package's own id (metadata.json), which plans call. For an
   * upgraded package it differs from `address`.
   */
  storageId: string;
  /** By module name (the module's own name, not its file's). */
  modules: Map<string, ModuleJson>;
  /** `module::Name` → defining id (`0x` + 64 hex) from the type origin table; empty without one. */
  definingIds: Map<string, string>;
}

export function moduleAddress(module: ModuleJson, handleIndex: number): string {
  const handle = module.module_handles[handleIndex];
  return handle ? (module.address_identifiers[handle.address] ?? '') : '';
}

export function moduleName(module: ModuleJson, handleIndex: number): string {
  const handle = module.module_handles[handleIndex];
  return handle ? (module.identifiers[handle.name] ?? '') : '';
}

/** @throws PackageReadError / InvalidBytecodeError when the directory is not a readable package */
async function readPackageBytecode(packageDir: string): Promise<PackageBytecode> {
  const modules = new Map<string, ModuleJson>();
  let address = '';
  for (const module of await readPackageModules(packageDir)) {
    const name = moduleName(module, module.self_module_handle_idx);
    // In file-name order, a later module of the same name replaces an earlier one, as in the extractor.
    modules.set(name, module);
    address ||= moduleAddress(module, module.self_module_handle_idx);
  }
  // Spelt as plans' targets are compared (an id that is no address matches no target).
  const storageId = normalizeAddress(await readMetadataId(packageDir)).slice(2);
  return { address, storageId, modules, definingIds: definingIdTable(packageTypeOrigins(packageDir)) };
}

/** The last few directories read; a failed read is not kept, as the directory may be fixed and retried. */
const recent = new PromiseCache<PackageBytecode>(8);

/** `readPackageBytecode`, remembered for the last few directories. */
export function loadPackageBytecode(packageDir: string): Promise<PackageBytecode> {
  return recent.get(packageDir, () => readPackageBytecode(packageDir));
}
