// Sui's real framework sources (../shared/sui-framework-src: the Move sources of exactly the corpus's 0x1,
// 0x2 and 0x3 bytecode) served to Sui's compiler in place of the stubs, for tests that compare a build
// against them with the build the product makes. Test data only: the product never reads them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FRAMEWORK_PACKAGES } from '../../src/move-stubs/framework-packages.js';
import { StubPackageFetcher, type PackageFiles } from '../../src/move-stubs/stub-fetcher.js';
import type { BuildDependencies } from '../../src/sui-compiler/dependencies.js';
import { SHARED_DIR } from './paths.js';

const FRAMEWORK_SOURCES_DIR = join(SHARED_DIR, 'sui-framework-src');

/** Every `.move` file under `dir`, by path relative to the package (`sources/crypto/ecdsa_k1.move`). */
function moveFiles(packageDir: string, relative: string): PackageFiles {
  const files: PackageFiles = {};
  for (const entry of readdirSync(join(packageDir, relative), { withFileTypes: true })) {
    const path = `${relative}/${entry.name}`;
    if (entry.isDirectory()) Object.assign(files, moveFiles(packageDir, path));
    else if (entry.name.endsWith('.move')) files[path] = readFileSync(join(packageDir, path), 'utf8');
  }
  return files;
}

let read: Map<string, PackageFiles> | undefined;

/** The three packages by their folder in Sui's repository, as Sui's package system asks for them. */
function realFrameworkFiles(): ReadonlyMap<string, PackageFiles> {
  read ??= new Map(
    FRAMEWORK_PACKAGES.map((pkg) => {
      const dir = join(FRAMEWORK_SOURCES_DIR, pkg.folder);
      const manifest = readFileSync(join(dir, 'Move.toml'), 'utf8');
      return [pkg.folder, { 'Move.toml': manifest, ...moveFiles(dir, 'sources') }];
    }),
  );
  return read;
}

/**
 * `deps` (as buildDependencies made them: every stub, nothing selected) with the framework's stubs replaced
 * by the real sources; the target and the corpus packages it needs stay stubs (they have no sources).
 */
export function withRealFramework(deps: BuildDependencies): BuildDependencies {
  const framework = realFrameworkFiles();
  return { ...deps, framework, fetcher: new StubPackageFetcher(framework, deps.local) };
}
