// The VM one package runs in: the framework, the package, and the packages it depends on, found in the
// corpus by original id (src/package-store/package-vm.ts). Dependencies the corpus lacks are named by the
// storage ids to fetch: every call into the package would fail to link, so the sandbox reports them instead
// of running its functions.
import { vmForPackages, type PackageSource } from '../package-store/package-vm.js';
import type { LoadedModule } from '../vm/loader.js';
import type { MoveVm } from '../vm/move-vm.js';

export interface LoadedPackage {
  vm: MoveVm;
  /** The package's own modules (the targets). */
  modules: LoadedModule[];
  /**
   * Dependencies neither the framework nor the corpus has, as the storage ids to fetch (`0x` + 64 hex): the
   * versions the linkage tables name, else the original ids. In the order of their original ids.
   */
  missingDependencies: string[];
}

/** @throws VmLoadError for a package or framework that cannot be read (missing, corrupt bytecode) */
export async function loadSandboxPackage(packageDir: string, source: PackageSource): Promise<LoadedPackage> {
  const { vm, packages } = await vmForPackages(source, [packageDir]);
  const target = packages[0]!;
  const self = vm.moduleAddress(target.bytes.id);
  return {
    vm,
    modules: vm.loader.allModules().filter((m) => m.address === self),
    missingDependencies: target.missingDependencies,
  };
}
