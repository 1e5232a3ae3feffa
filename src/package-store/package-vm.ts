// The one way a VM for some packages is built, for local simulation, the sandbox, helpers and a local full
// node alike: the framework (from the corpus or a framework folder, read once per process), each package
// asked for, and what they need from the corpus, found by original id (dependencies.ts). What the corpus
// lacks is told per package, as the storage ids to fetch; callers decide what that means for them.
import { PromiseCache } from '../promise-cache.js';
import { genesisObjects, type Genesis } from '../vm/genesis.js';
import { MoveVm } from '../vm/move-vm.js';
import { defaultNatives } from '../vm/natives/index.js';
import { normalizeId, type PackageBytes } from '../vm/package-bytes.js';
import { corpusDependencies } from './dependencies.js';
import { readFramework, readFrameworkOnce, readPackageDir, type FrameworkSource } from './package-dir.js';

export interface PackageSource {
  /** The corpus the packages' dependencies are found in. */
  corpusRoot: string;
  /** A directory of package directories holding 0x1 and 0x2 (and 0x3); absent or null: the corpus's own. */
  frameworkDir?: string | null;
}

export interface BuiltPackage {
  dir: string;
  bytes: PackageBytes;
  /**
   * Dependencies neither the framework nor the corpus has, as the storage ids to fetch (`0x` + 64 hex): the
   * versions the linkage tables name, else the original ids. Empty when the corpus has them all.
   */
  missingDependencies: string[];
}

export interface PackagesVm {
  vm: MoveVm;
  /** The packages asked for, in the order given. */
  packages: BuiltPackage[];
}

/** Where the framework is read from: the framework folder if given, else the corpus root. */
export function frameworkSource(source: PackageSource): FrameworkSource {
  return source.frameworkDir ? { frameworkDir: source.frameworkDir } : { corpusRoot: source.corpusRoot };
}

/** A framework as a local chain starts from: its packages, and the system objects they make. */
export interface FrameworkChain {
  framework: PackageBytes[];
  genesis: Genesis;
}

/** Chains by framework source; a few at most (a worker serves runs over a few corpora). */
const chains = new PromiseCache<FrameworkChain>(4);

/** The framework of `source` and its genesis objects, made once per source in this process. */
export function frameworkChain(source: PackageSource): Promise<FrameworkChain> {
  const from = frameworkSource(source);
  const key = from.frameworkDir ? `dir:${from.frameworkDir}` : `corpus:${from.corpusRoot ?? ''}`;
  return chains.get(key, async () => {
    const framework = await readFrameworkOnce(from);
    return { framework, genesis: genesisObjects(new MoveVm(framework)) };
  });
}

/**
 * The VM with the framework, the packages in `packageDirs` and their dependencies from the corpus. A package
 * that an earlier one already brought in as a dependency is not loaded twice.
 * @throws VmLoadError for a package or framework that cannot be read (missing, corrupt bytecode)
 */
export async function vmForPackages(
  source: PackageSource,
  packageDirs: readonly string[],
): Promise<PackagesVm> {
  const framework = await readFrameworkOnce(frameworkSource(source));
  const loaded: PackageBytes[] = [...framework];
  const added = new Set<string>();
  const add = (pkg: PackageBytes) => {
    if (added.has(normalizeId(pkg.id))) return;
    added.add(normalizeId(pkg.id));
    loaded.push(pkg);
  };
  const packages: BuiltPackage[] = [];
  for (const dir of packageDirs) {
    const bytes = await readPackageDir(dir);
    const dependencies = await corpusDependencies(source.corpusRoot, { dir, bytes }, loaded);
    dependencies.packages.forEach(add);
    add(bytes);
    packages.push({ dir, bytes, missingDependencies: dependencies.missingStorageIds });
  }
  return { vm: new MoveVm(loaded), packages };
}

export interface LoadVmOptions extends FrameworkSource {
  /** More packages: directories, or bytes already read. Later packages replace modules of earlier ones. */
  packages?: (string | PackageBytes)[];
  /** Run the bytecode verifier on every module as it is added. */
  verify?: boolean;
}

/** A VM over the framework and the packages given, as they are (no dependencies looked for): tests, tools. */
export async function loadMoveVm(options: LoadVmOptions): Promise<MoveVm> {
  const framework = await readFramework(options);
  const extra = await Promise.all(
    (options.packages ?? []).map((p) => (typeof p === 'string' ? readPackageDir(p) : p)),
  );
  return new MoveVm([...framework, ...extra], defaultNatives(), { verify: options.verify ?? false });
}
