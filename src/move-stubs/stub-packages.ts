// Stub packages as file sets for the fetcher: a framework package under Sui's own names, or a corpus
// package (the target, or a package it needs) under an alias that is at once its package name, its named
// address and the folder other stubs point to.
import { addressDigits } from '../move/address.js';
import { deserializeModule } from '../move/module-json.js';
import type { PackageBytes } from '../vm/package-bytes.js';
import { frameworkManifest, frameworkPackage, type FrameworkPackage } from './framework-packages.js';
import { selfAddress } from './package-stub.js';
import type { PackageFiles } from './stub-fetcher.js';
import { cachedPackageStub } from './stub-cache.js';
import { stubManifest } from './stub-manifest.js';

/** The alias of a corpus package that is not the target: unique, from its original id. */
export function dependencyAlias(originalId: string): string {
  return `smi_${addressDigits(originalId)}`;
}

export function frameworkStubFiles(pkg: PackageBytes, framework: FrameworkPackage): PackageFiles {
  const stub = cachedPackageStub(pkg.modules, framework.namedAddress);
  return { 'Move.toml': frameworkManifest(framework), ...stub.sources };
}

/** `pkg` as a stub package; its storage id is what packages built against it link to. */
export function corpusStubFiles(pkg: PackageBytes, alias: string): PackageFiles {
  const stub = cachedPackageStub(pkg.modules, alias);
  const dependencies: Record<string, string> = {};
  for (const id of stub.dependencyIds) {
    const framework = frameworkPackage(id);
    if (framework?.declaredAs) dependencies[framework.declaredAs.alias] = framework.declaredAs.table;
    else if (!framework) dependencies[dependencyAlias(id)] = `{ local = "../${dependencyAlias(id)}" }`;
  }
  const manifest = stubManifest({
    packageName: alias,
    namedAddress: alias,
    originalId: stub.originalId,
    publishedAt: pkg.id,
    dependencies,
  });
  return { 'Move.toml': manifest, ...stub.sources };
}

/** The address the package's modules carry (read from one of them). */
export function packageOriginalId(pkg: PackageBytes): string {
  const first = pkg.modules[0];
  if (!first) throw new Error(`package ${pkg.id} has no modules`);
  return `0x${selfAddress(deserializeModule(first.bytes, first.label))}`;
}
