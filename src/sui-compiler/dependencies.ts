// The dependency side of a build with Sui's compiler: the framework and, when there is a target, the
// target package with every corpus package it needs, all as source stubs made from their bytecode. Sui's
// package system gets them through the fetcher (never the network); the root Move.toml only has to name
// the target (`target_pkg`) and, when present, Sui System.
import type { MovePackageFetcher } from '@zktx.io/sui-move-builder';
import { addressDigits } from '../move/address.js';
import { FRAMEWORK_PACKAGES, frameworkPackage } from '../move-stubs/framework-packages.js';
import { frameworkForSources } from '../move-stubs/module-selection.js';
import { StubPackageFetcher, type PackageFiles } from '../move-stubs/stub-fetcher.js';
import {
  corpusStubFiles,
  dependencyAlias,
  frameworkStubFiles,
  packageOriginalId,
} from '../move-stubs/stub-packages.js';
import { corpusDependencies } from '../package-store/dependencies.js';
import { findPackageVersion } from '../package-store/corpus-index.js';
import { readFrameworkOnce, readPackageDir } from '../package-store/package-dir.js';
import { type PackageBytes } from '../vm/package-bytes.js';
import type { DependencySource } from '../contracts/sui-build.js';

export type { DependencySource };

export const TARGET_ALIAS = 'target_pkg';

/** Where the root Move.toml finds the target's stub package. */
const STUBS_FOLDER = 'smi-stubs';

export interface BuildDependencies {
  fetcher: MovePackageFetcher;
  /** Alias → inline TOML table, for the root Move.toml's [dependencies]. */
  rootDependencies: Record<string, string>;
  /**
   * Named address → address, for the root Move.toml's [addresses]: `target_pkg` when the target is a
   * framework package (its stub is Sui's own package, which does not name it so).
   */
  rootAddresses: Record<string, string>;
  target: { originalId: string; storageId: string; namedAddress: typeof TARGET_ALIAS } | null;
  /** The stub packages the fetcher serves: the framework's by folder, the corpus's by alias. */
  framework: ReadonlyMap<string, PackageFiles>;
  local: ReadonlyMap<string, PackageFiles>;
}

/** The corpus lacks packages the target needs: the user must fetch them (by storage id) into the corpus. */
export class MissingDependenciesError extends Error {
  override readonly name = 'MissingDependenciesError';

  constructor(
    readonly storageIds: string[],
    message: string,
  ) {
    super(message);
  }
}

export async function buildDependencies(source: DependencySource): Promise<BuildDependencies> {
  const framework = await readFrameworkOnce(source);
  const frameworkFiles = new Map<string, PackageFiles>();
  for (const pkg of framework) {
    const known = frameworkPackage(pkg.id)!;
    frameworkFiles.set(known.folder, frameworkStubFiles(pkg, known));
  }
  const rootDependencies: Record<string, string> = {};
  for (const known of FRAMEWORK_PACKAGES)
    if (known.declaredAs && frameworkFiles.has(known.folder))
      rootDependencies[known.declaredAs.alias] = known.declaredAs.table;
  const rootAddresses: Record<string, string> = {};
  let target: BuildDependencies['target'] = null;
  let targetPackages = new Map<string, PackageFiles>();
  if (source.targetId !== undefined) {
    const id = `0x${addressDigits(source.targetId)}`;
    const inFramework = frameworkPackage(id);
    if (inFramework) {
      if (!frameworkFiles.has(inFramework.folder)) throw missingFrameworkTarget(id);
      target = { originalId: id, storageId: id, namedAddress: TARGET_ALIAS };
      rootAddresses[TARGET_ALIAS] = id;
    } else {
      ({ target, packages: targetPackages } = await corpusTarget(source, id, framework));
      rootDependencies[TARGET_ALIAS] = `{ local = "${STUBS_FOLDER}/${TARGET_ALIAS}" }`;
    }
  }
  const fetcher = new StubPackageFetcher(frameworkFiles, targetPackages);
  return {
    fetcher,
    rootDependencies,
    rootAddresses,
    target,
    framework: frameworkFiles,
    local: targetPackages,
  };
}

/** The target found in the corpus, and its stub with those of every package it needs, by alias. */
async function corpusTarget(
  source: DependencySource,
  storageId: string,
  framework: readonly PackageBytes[],
): Promise<{ target: NonNullable<BuildDependencies['target']>; packages: Map<string, PackageFiles> }> {
  const { bytes, closure } = await findCorpusTarget(source, storageId, framework);
  const packages = new Map([[TARGET_ALIAS, corpusStubFiles(bytes, TARGET_ALIAS)]]);
  for (const pkg of closure) {
    const alias = dependencyAlias(packageOriginalId(pkg));
    packages.set(alias, corpusStubFiles(pkg, alias));
  }
  const target = {
    originalId: packageOriginalId(bytes),
    storageId: `0x${addressDigits(bytes.id)}`,
    namedAddress: TARGET_ALIAS,
  } as const;
  return { target, packages };
}

/**
 * The target's bytes and the corpus packages it needs.
 * @throws MissingDependenciesError naming the storage ids the corpus lacks
 */
async function findCorpusTarget(
  source: DependencySource,
  storageId: string,
  framework: readonly PackageBytes[],
): Promise<{ bytes: PackageBytes; closure: PackageBytes[] }> {
  const corpusRoot = source.corpusRoot;
  if (!corpusRoot)
    throw new Error(`the target ${storageId} is not a framework package: give a corpus root to find it in`);
  const dir = await findPackageVersion(corpusRoot, storageId);
  if (!dir)
    throw new MissingDependenciesError(
      [storageId],
      `the corpus ${corpusRoot} has no package ${storageId} (the target): fetch it into the corpus`,
    );
  const bytes = await readPackageDir(dir);
  const closure = await corpusDependencies(corpusRoot, { dir, bytes }, framework);
  if (closure.missing.length > 0) throw missingError(corpusRoot, closure.missingStorageIds);
  return { bytes, closure: closure.packages };
}

/**
 * Whether a build for `source`'s target can get every package it needs, without making any stub: what a
 * run checks before it asks a model for a helper.
 * @throws MissingDependenciesError naming the storage ids the corpus lacks
 */
export async function checkTargetDependencies(source: DependencySource): Promise<void> {
  if (source.targetId === undefined) return;
  const framework = await readFrameworkOnce(source);
  const id = `0x${addressDigits(source.targetId)}`;
  const inFramework = frameworkPackage(id);
  if (!inFramework) {
    await findCorpusTarget(source, id, framework);
    return;
  }
  if (!framework.some((pkg) => frameworkPackage(pkg.id)?.folder === inFramework.folder))
    throw missingFrameworkTarget(id);
}

function missingFrameworkTarget(id: string): MissingDependenciesError {
  return new MissingDependenciesError([id], `the framework read has no ${id} (the target)`);
}

/** The storage ids to fetch: the version a linkage table names, else the original id (its first version). */
function missingError(corpusRoot: string, storageIds: string[]): MissingDependenciesError {
  return new MissingDependenciesError(
    storageIds,
    `the corpus ${corpusRoot} lacks ${storageIds.length === 1 ? 'a package' : 'packages'} the target needs: ` +
      `fetch ${storageIds.join(', ')} into the corpus`,
  );
}

/**
 * The dependencies of one build, cut down to the framework modules its sources can reach (see
 * move-stubs/module-selection.ts): Sui's compiler checks every dependency module on every build.
 */
export function dependenciesForSources(
  deps: BuildDependencies,
  sources: readonly string[],
): BuildDependencies {
  const framework = frameworkForSources(deps.framework, deps.local, sources);
  const rootDependencies = Object.fromEntries(
    Object.entries(deps.rootDependencies).filter(([alias]) => {
      const known = FRAMEWORK_PACKAGES.find((p) => p.declaredAs?.alias === alias);
      return !known || framework.has(known.folder);
    }),
  );
  return {
    ...deps,
    fetcher: new StubPackageFetcher(framework, deps.local),
    rootDependencies,
    framework,
  };
}
