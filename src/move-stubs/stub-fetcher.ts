// What Sui's package system gets when it asks for a dependency: stubs, never the network. Requests for
// Sui's repository are answered with the framework's stubs whatever the revision (the corpus has one
// framework); local dependencies by the last part of their path, which is the stub package's alias.
import { MovePackageFetcher, type MovePackageFetchLocalContext } from '@zktx.io/sui-move-builder';
import { frameworkPackageAt, isSuiRepository } from './framework-packages.js';

/** Package-relative path → content: `Move.toml`, `sources/<module>.move`. */
export type PackageFiles = Record<string, string>;

/** The revision every request for Sui's repository resolves to: there is one framework, the corpus's. */
const FRAMEWORK_STUBS_REVISION = 'smi-bench-framework-stubs';

export class StubPackageFetcher extends MovePackageFetcher {
  constructor(
    /** By folder name under `crates/sui-framework/packages/`. */
    private readonly framework: ReadonlyMap<string, PackageFiles>,
    /** By alias. */
    private readonly local: ReadonlyMap<string, PackageFiles>,
  ) {
    super();
  }

  override async fetch(gitUrl: string, rev: string, subdir?: string): Promise<PackageFiles> {
    const pkg = isSuiRepository(gitUrl) && subdir !== undefined ? frameworkPackageAt(subdir) : undefined;
    const files = pkg && this.framework.get(pkg.folder);
    if (files) return files;
    const available = [...this.framework.keys()].join(', ');
    throw new Error(
      `${gitUrl} ${subdir ?? ''} (rev ${rev}) is not available: builds have no network and take only the ` +
        `framework packages of the corpus (${available}) from Sui's repository`,
    );
  }

  /**
   * A Move.toml naming the framework at some revision (`framework/testnet`, …) gets the same stubs as the
   * implicit dependencies; resolving every revision to one keeps Sui's package system from seeing two
   * versions of 0x2 in one build.
   */
  override getResolvedSha(gitUrl: string): string | undefined {
    return isSuiRepository(gitUrl) ? FRAMEWORK_STUBS_REVISION : undefined;
  }

  override async fetchFile(gitUrl: string, rev: string, path: string): Promise<string | null> {
    throw new Error(`${gitUrl} ${path} (rev ${rev}) is not available: builds have no network`);
  }

  override fetchLocal = async (
    localPath: string,
    context: MovePackageFetchLocalContext,
  ): Promise<PackageFiles> => {
    const files = this.local.get(localPath.split('/').filter(Boolean).pop() ?? '');
    if (files) return files;
    throw new Error(
      `local dependency ${context.dependencyName} (${localPath}) of ${context.parentPackageName} is not available: ` +
        'a build takes only the framework, the target package and what the target needs from the corpus',
    );
  };
}
