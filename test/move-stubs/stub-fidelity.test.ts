// Do the stubs declare exactly what the bytecode declares? For every package of the shared corpus and of
// ../shared/mainnet, the package's modules are written as stubs and compiled by Sui's own compiler, and the
// bytecode it gives back is read by the interface extractor (src/move/interface.ts), as is the original:
// structs and enums (abilities, type parameters, fields and their types, variants) and public functions
// (entry, type parameters and constraints, parameters, returns, native or not) must be the same.
//
// Sui compiles the root package of a build at 0x0, so the stub under test is a copy at 0x0 whose own
// types, named by address literal, are those of the package's real stub, which the build gets from the
// dependency fetcher like any target; the copy leaves out the framework's source-only extras (they claim
// primitive types and bytecode instructions, which only the real framework stub may), which
// framework-extras.test.ts covers.
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildInterface, moduleSelfName } from '../../src/move/interface.js';
import { deserializeModule, type ModuleJson } from '../../src/move/module-json.js';
import type { ModuleExtras } from '../../src/move-stubs/module-extras.js';
import { moduleSource } from '../../src/move-stubs/module-source.js';
import { selfAddress } from '../../src/move-stubs/package-stub.js';
import { buildDependencies } from '../../src/sui-compiler/dependencies.js';
import { readPackageDir } from '../../src/vm/package-source.js';
import { CORPUS_DIR, SHARED_DIR } from '../support/paths.js';
import {
  buildAgainstStubs,
  corpusPackageDirs,
  makeStubCorpus,
  removeTemporaryDirs,
  useFreshSmiHome,
} from './stub-build.js';

const NO_EXTRAS: ModuleExtras = {
  definesPrimitive: null,
  bytecodeInstructions: new Set(),
  indexFunctions: new Set(),
  methodAliases: [],
  macroSources: [],
};

/** Package directories relative to a corpus root: the shared corpus's four, then mainnet's 17. */
const PACKAGES = [
  ...corpusPackageDirs(CORPUS_DIR).map((dir) => relative(CORPUS_DIR, dir)),
  ...corpusPackageDirs(join(SHARED_DIR, 'mainnet')).map((dir) => relative(join(SHARED_DIR, 'mainnet'), dir)),
];

/** The interface a package declares to other packages, its modules placed at `address`. */
function declaredInterface(modules: readonly ModuleJson[], address: string) {
  const described = buildInterface(modules, address, { includeEnums: true });
  for (const module of Object.values(described.modules)) {
    module.address = address;
    module.functions = Object.fromEntries(
      Object.entries(module.functions).filter(([, fn]) => fn.visibility === 'public'),
    );
  }
  return described;
}

describe('stubs compiled by Sui declare what the bytecode declares', () => {
  let corpus: string;
  beforeAll(() => {
    useFreshSmiHome();
    corpus = makeStubCorpus();
  });
  afterAll(() => removeTemporaryDirs());

  test('the corpus holds the framework, wrapper_coin and the 17 mainnet packages', () => {
    expect(PACKAGES).toHaveLength(21);
  });

  test.each(PACKAGES)('%s', async (packageDir) => {
    const pkg = await readPackageDir(join(corpus, packageDir));
    const original = pkg.modules.map((m) => deserializeModule(m.bytes, m.label));
    const address = `0x${selfAddress(original[0]!)}`;
    const copy = Object.fromEntries(
      original.map((m) => [`sources/${moduleSelfName(m)}.move`, moduleSource(m, 'under_test', NO_EXTRAS)]),
    );
    const built = await buildAgainstStubs(
      'under_test',
      copy,
      await buildDependencies({ corpusRoot: corpus, targetId: pkg.id }),
    );
    expect(declaredInterface(built.modules, address)).toEqual(declaredInterface(original, address));
  });
});
