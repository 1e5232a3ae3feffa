// The VM one package runs in: the framework, the package, and the packages it depends on when the corpus has
// them (a dependency missing from the corpus shows up as A2 for the types it defines, as upstream).
import { existsSync } from 'node:fs';
import type { LoadedModule } from '../vm/loader.js';
import { MoveVm } from '../vm/move-vm.js';
import {
  corpusPackageDir,
  readFrameworkOnce,
  readPackageDir,
  type PackageBytes,
} from '../vm/package-source.js';

const FRAMEWORK = new Set(['1', '2', '3'].map((d) => d.padStart(64, '0')));
const MAX_DEPENDENCIES = 200;

export interface SandboxSource {
  corpusRoot: string;
  /** A directory of package directories holding 0x1 and 0x2 (and 0x3); default: the corpus's own. */
  frameworkDir?: string | null;
}

export interface LoadedPackage {
  vm: MoveVm;
  /** The package's own modules (the targets). */
  modules: LoadedModule[];
}

/** @throws VmLoadError for a package or framework that cannot be read (missing, corrupt bytecode) */
export async function loadSandboxPackage(packageDir: string, source: SandboxSource): Promise<LoadedPackage> {
  const framework = await readFrameworkOnce(
    source.frameworkDir ? { frameworkDir: source.frameworkDir } : { corpusRoot: source.corpusRoot },
  );
  const target = await readPackageDir(packageDir);
  const dependencies: PackageBytes[] = [];
  const tried = new Set<string>();
  // Each round adds the corpus packages the loaded modules name but nobody provides yet.
  for (;;) {
    const vm = new MoveVm([...framework, ...dependencies, target]);
    const missing = missingAddresses(vm).filter(
      (a) => !tried.has(a) && existsSync(corpusPackageDir(source.corpusRoot, a)),
    );
    if (missing.length === 0 || dependencies.length >= MAX_DEPENDENCIES) {
      const self = vm.moduleAddress(target.id);
      return { vm, modules: vm.loader.allModules().filter((m) => m.address === self) };
    }
    for (const address of missing) tried.add(address);
    for (const address of missing)
      dependencies.push(await readPackageDir(corpusPackageDir(source.corpusRoot, address)));
  }
}

function missingAddresses(vm: MoveVm): string[] {
  const missing = new Set<string>();
  for (const module of vm.loader.allModules())
    for (let i = 0; i < module.json.module_handles.length; i++) {
      const { address } = module.moduleHandle(i);
      if (!FRAMEWORK.has(address) && !vm.loader.hasAddress(address)) missing.add(address);
    }
  return [...missing].sort();
}
