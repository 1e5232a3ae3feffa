// The packages a package needs from its corpus, found as Sui links them: every address its modules (and
// those of its dependencies, transitively) refer to, by original id, in the version the package's linkage
// table names or else any version the corpus holds. What the corpus lacks is named: every call into such a
// package would fail to link, so callers report it apart instead of running it, naming the storage ids a
// user must fetch (the versions the linkage tables name), not only the original ids the modules refer to.
import { findPackageVersion, packageLinkage } from './corpus-index.js';
import { Loader } from '../vm/loader.js';
import type { PackageBytes } from '../vm/package-bytes.js';
import { readPackageDir } from './package-dir.js';

export interface CorpusDependencies {
  /** Dependencies read from the corpus, each once, in the order they were found. */
  packages: PackageBytes[];
  /** Original ids no package provides, `0x` and 64 hex digits, sorted. */
  missing: string[];
  /**
   * What to fetch into the corpus for each of `missing`, in the same order: the storage id of the version
   * a linkage table (the target's, else a dependency's) names, else the original id (the first version).
   */
  missingStorageIds: string[];
}

/** Addresses the loaded modules refer to that none of them carries. */
function unlinkedAddresses(loader: Loader): string[] {
  const unlinked = new Set<string>();
  for (const module of loader.allModules())
    for (let i = 0; i < module.json.module_handles.length; i++) {
      const { address } = module.moduleHandle(i);
      if (!loader.hasAddress(address)) unlinked.add(address);
    }
  return [...unlinked].sort();
}

/**
 * @param target the package and its directory (its linkage table decides which versions are taken)
 * @param loaded packages already at hand (the framework), looked for nowhere else
 * @throws VmLoadError when a dependency found in the corpus cannot be read
 */
export async function corpusDependencies(
  corpusRoot: string,
  target: { dir: string; bytes: PackageBytes },
  loaded: readonly PackageBytes[],
): Promise<CorpusDependencies> {
  const loader = new Loader();
  for (const pkg of [...loaded, target.bytes]) loader.addModules(pkg.modules);
  const linkage = packageLinkage(target.dir);
  const packages: PackageBytes[] = [];
  const missing = new Set<string>();
  for (;;) {
    const wanted = unlinkedAddresses(loader).filter((a) => !missing.has(a));
    if (wanted.length === 0) break;
    for (const address of wanted) {
      const dir = await findPackageVersion(corpusRoot, address, linkage.get(address));
      if (!dir) {
        missing.add(address);
        continue;
      }
      const pkg = await readPackageDir(dir);
      // A dependency's own table fills what the target's does not say (its dependencies' versions).
      for (const [original, upgraded] of packageLinkage(dir))
        if (!linkage.has(original)) linkage.set(original, upgraded);
      loader.addModules(pkg.modules);
      packages.push(pkg);
      // A directory whose modules carry another address would be looked for again and again.
      if (!loader.hasAddress(address)) missing.add(address);
    }
  }
  const sorted = [...missing].sort();
  return {
    packages,
    missing: sorted.map((a) => `0x${a}`),
    missingStorageIds: sorted.map((a) => `0x${linkage.get(a) ?? a}`),
  };
}
