// What the stub tests share: a corpus holding the framework, the shared corpus's packages and the 17
// mainnet packages (copied, as ../shared/mainnet/README.md asks), a private $SMI_HOME, and a build with
// Sui's compiler against the stubs of a BuildDependencies.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useSmiHome } from '../../src/smi-home.js';
import { dumpMovePackage, initMovePackageBuilder } from '@zktx.io/sui-move-builder';
import { deserializeModule, type ModuleJson } from '../../src/move/module-json.js';
import type { BuildDependencies } from '../../src/sui-compiler/dependencies.js';
import { CORPUS_DIR, SHARED_DIR } from '../support/paths.js';

const temporaryDirs: string[] = [];

function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporaryDirs.push(dir);
  return dir;
}

/** Removes what this file's tests made in the temporary directory; `extra` are other such directories. */
export function removeTemporaryDirs(...extra: string[]): void {
  for (const dir of [...temporaryDirs.splice(0), ...extra]) rmSync(dir, { recursive: true, force: true });
}

/** A fresh $SMI_HOME for this test file's process, so stubs are made here and not read from elsewhere. */
export function useFreshSmiHome(): string {
  const home = temporaryDir('smi-stubs-home-');
  process.env.SMI_HOME = home;
  useSmiHome(home);
  return home;
}

/** The shared corpus plus ../shared/mainnet, copied into one corpus root. */
export function makeStubCorpus(): string {
  const root = join(temporaryDir('smi-stubs-corpus-'), 'corpus');
  cpSync(CORPUS_DIR, root, { recursive: true });
  const mainnet = join(SHARED_DIR, 'mainnet');
  for (const prefix of prefixes(mainnet))
    cpSync(join(mainnet, prefix), join(root, prefix), { recursive: true });
  return root;
}

const prefixes = (root: string) => readdirSync(root).filter((name) => /^0x[0-9a-f]{2}$/.test(name));

/** Every package directory of a corpus in the sui-packages layout. */
export function corpusPackageDirs(root: string): string[] {
  return prefixes(root).flatMap((prefix) =>
    readdirSync(join(root, prefix)).map((rest) => join(root, prefix, rest)),
  );
}

export interface StubBuild {
  modules: ModuleJson[];
  /** The storage ids the built package links to. */
  dependencies: string[];
}

/**
 * Builds a package named `name` at named address `name` (0x0) from `sources` (path → text) with Sui's
 * compiler, its Move.toml naming what `dependencies` asks the root to name. Throws Sui's diagnostics.
 */
export async function buildAgainstStubs(
  name: string,
  sources: Record<string, string>,
  dependencies: BuildDependencies,
): Promise<StubBuild> {
  const built = await compileAgainstStubs(name, sources, dependencies);
  if ('error' in built) throw new Error(`Sui's compiler refused ${name}:\n${built.error}`);
  return built;
}

/** As buildAgainstStubs, but Sui's refusal is returned: its rendered diagnostics (warnings left out). */
export async function compileAgainstStubs(
  name: string,
  sources: Record<string, string>,
  dependencies: BuildDependencies,
): Promise<StubBuild | { error: string }> {
  await initMovePackageBuilder();
  const lines = (table: Record<string, string>, quote: boolean) =>
    Object.entries(table).map(([key, value]) => `${key} = ${quote ? `"${value}"` : value}\n`);
  const manifest =
    `[package]\nname = "${name}"\nedition = "2024"\n\n` +
    `[dependencies]\n${lines(dependencies.rootDependencies, false).join('')}\n` +
    `[addresses]\n${name} = "0x0"\n${lines(dependencies.rootAddresses, true).join('')}`;
  const built = await dumpMovePackage({
    files: { 'Move.toml': manifest, ...sources },
    fetcher: dependencies.fetcher,
    silenceWarnings: true,
  });
  if ('error' in built) return { error: built.error };
  return {
    modules: built.modules.map((base64, i) =>
      deserializeModule(Buffer.from(base64, 'base64'), `module ${i}`),
    ),
    dependencies: built.dependencies,
  };
}
