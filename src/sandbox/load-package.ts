// The VM one package runs in: the framework, the package, and the packages it depends on, found in the
// corpus by original id (src/vm/corpus-dependencies.ts). Dependencies the corpus lacks are named by the storage
// ids to fetch: every call into the package would fail to link, so the sandbox reports them instead of running
// its functions.
import { corpusDependencies } from '../vm/corpus-dependencies.js';
import type { LoadedModule } from '../vm/loader.js';
import { MoveVm } from '../vm/move-vm.js';
import { readFrameworkOnce, readPackageDir } from '../vm/package-source.js';

export interface SandboxSource {
  corpusRoot: string;
  /** A directory of package directories holding 0x1 and 0x2 (and 0x3); default: the corpus's own. */
  frameworkDir?: string | null;
}

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
export async function loadSandboxPackage(packageDir: string, source: SandboxSource): Promise<LoadedPackage> {
  const framework = await readFrameworkOnce(
    source.frameworkDir ? { frameworkDir: source.frameworkDir } : { corpusRoot: source.corpusRoot },
  );
  const target = await readPackageDir(packageDir);
  const dependencies = await corpusDependencies(
    source.corpusRoot,
    { dir: packageDir, bytes: target },
    framework,
  );
  const vm = new MoveVm([...framework, ...dependencies.packages, target]);
  const self = vm.moduleAddress(target.id);
  return {
    vm,
    modules: vm.loader.allModules().filter((m) => m.address === self),
    missingDependencies: dependencies.missingStorageIds,
  };
}
