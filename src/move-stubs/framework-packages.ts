// The framework packages as Sui's package system asks for them: by their folder in Sui's repository (the
// implicit `std`/`sui` dependencies and `{ system = "sui_system" }` both become such requests), with the
// package names and named addresses of Sui's own Move.toml files so that diagnostics read as usual.
import { addressDigits } from '../move/address.js';
import { stubManifest } from './stub-manifest.js';

export interface FrameworkPackage {
  id: string;
  packageName: string;
  namedAddress: string;
  /** The package's folder under `crates/sui-framework/packages/` of Sui's repository. */
  folder: string;
  /** Package names of the framework packages it depends on. */
  dependsOn: readonly string[];
  /** How another package declares it in [dependencies]; null when Sui's package system adds it implicitly. */
  declaredAs: { alias: string; table: string } | null;
}

export const FRAMEWORK_PACKAGES: readonly FrameworkPackage[] = [
  {
    id: '0x1',
    packageName: 'MoveStdlib',
    namedAddress: 'std',
    folder: 'move-stdlib',
    dependsOn: [],
    declaredAs: null,
  },
  {
    id: '0x2',
    packageName: 'Sui',
    namedAddress: 'sui',
    folder: 'sui-framework',
    dependsOn: ['MoveStdlib'],
    declaredAs: null,
  },
  {
    id: '0x3',
    packageName: 'SuiSystem',
    namedAddress: 'sui_system',
    folder: 'sui-system',
    dependsOn: ['MoveStdlib', 'Sui'],
    declaredAs: { alias: 'sui_system', table: '{ system = "sui_system" }' },
  },
];

/** A git URL of Sui's repository, as a Move.toml gives it (https or ssh, with or without `.git`). */
const SUI_REPOSITORY = /^(https?:\/\/|git@)github\.com[/:]mystenlabs\/sui(\.git)?\/?$/i;

export const isSuiRepository = (gitUrl: string): boolean => SUI_REPOSITORY.test(gitUrl);

export function frameworkPackage(id: string): FrameworkPackage | undefined {
  const digits = addressDigits(id);
  return FRAMEWORK_PACKAGES.find((pkg) => addressDigits(pkg.id) === digits);
}

/** The framework package kept in `crates/sui-framework/packages/<folder>`, if `subdir` is one. */
export function frameworkPackageAt(subdir: string): FrameworkPackage | undefined {
  const folder = /^crates\/sui-framework\/packages\/([^/]+)\/?$/.exec(subdir)?.[1];
  return FRAMEWORK_PACKAGES.find((pkg) => pkg.folder === folder);
}

export function frameworkManifest(pkg: FrameworkPackage): string {
  const dependencies: Record<string, string> = {};
  for (const name of pkg.dependsOn) {
    const folder = FRAMEWORK_PACKAGES.find((other) => other.packageName === name)!.folder;
    dependencies[name] = `{ local = "../${folder}" }`;
  }
  return stubManifest({
    packageName: pkg.packageName,
    namedAddress: pkg.namedAddress,
    originalId: pkg.id,
    publishedAt: pkg.id,
    dependencies,
  });
}
