// Do the stubs declare exactly what the bytecode declares? For every package of the shared corpus and of
// ../shared/mainnet, the stub package a build is served for it (the very files the dependency fetcher
// hands Sui's compiler, macros included) is compiled by Sui's own compiler as the root of a build (Sui
// puts the root at 0x0, so only the module headers move, and the few framework-only lines go, see
// FRAMEWORK_ONLY_LINE), and the bytecode it gives back is read by the interface extractor
// (src/move/interface.ts), as is the original: structs and enums (abilities, type parameters, fields and
// their types, variants) and every function a stub declares, i.e. all but `init` (visibility, entry,
// type parameters and constraints, parameters, returns, native or not) must be the same. Bytecode names
// positional fields pos0, pos1, …, whichever way the source declared them, so whether each struct and
// variant is declared positionally is read from the stub's text and compared with the bytecode's names.
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildInterface, moduleSelfName } from '../../src/move/interface.js';
import { deserializeModule, type FieldDefinition, type ModuleJson } from '../../src/move/module-json.js';
import { frameworkPackage } from '../../src/move-stubs/framework-packages.js';
import { moveIdentifier } from '../../src/move-stubs/move-identifier.js';
import { selfAddress } from '../../src/move-stubs/package-stub.js';
import type { PackageFiles } from '../../src/move-stubs/stub-fetcher.js';
import {
  buildDependencies,
  TARGET_ALIAS,
  type BuildDependencies,
} from '../../src/sui-compiler/dependencies.js';
import { readPackageDir } from '../../src/package-store/package-dir.js';
import { CORPUS_DIR, SHARED_DIR } from '../support/paths.js';
import {
  buildAgainstStubs,
  corpusPackageDirs,
  makeStubCorpus,
  removeTemporaryDirs,
  useFreshSmiHome,
} from './stub-build.js';

/** Package directories relative to a corpus root: the shared corpus's four, then mainnet's 17. */
const PACKAGES = [
  ...corpusPackageDirs(CORPUS_DIR).map((dir) => relative(CORPUS_DIR, dir)),
  ...corpusPackageDirs(join(SHARED_DIR, 'mainnet')).map((dir) => relative(join(SHARED_DIR, 'mainnet'), dir)),
];

/** The stub package a build against `targetId` is served for the target itself. */
function servedStub(deps: BuildDependencies, targetId: string): PackageFiles {
  const framework = frameworkPackage(targetId);
  const files = framework ? deps.framework.get(framework.folder) : deps.local.get(TARGET_ALIAS);
  if (!files) throw new Error(`no stub served for ${targetId}`);
  return files;
}

/** The root package's name and named address; Sui builds the root at 0x0. */
const UNDER_TEST = 'under_test';

/**
 * What only the framework's own address may declare, and no bytecode records: a module claiming a primitive
 * type, natives that are bytecode instructions, index syntax, method aliases (`use fun`). Sui refuses them
 * in a package at 0x0; framework-extras.test.ts shows what they give a helper.
 */
const FRAMEWORK_ONLY_LINE =
  /^\s*(#\[(defines_primitive\(\w+\)|bytecode_instruction|syntax\(index\))\]|public use fun )/;

/**
 * Compiles the sources of a served stub package as the root of a build: each module header moved to the
 * root's address, the framework-only lines dropped, nothing else changed. The stub names its own types by
 * address literal, so its signatures refer to the real stub, which the same fetcher serves as a dependency.
 */
async function compileServed(files: PackageFiles, deps: BuildDependencies): Promise<ModuleJson[]> {
  const sources = Object.fromEntries(
    Object.entries(files)
      .filter(([path]) => path.startsWith('sources/'))
      .map(([path, text]) => [
        path,
        text
          .split('\n')
          .filter((line) => !FRAMEWORK_ONLY_LINE.test(line))
          .join('\n')
          .replace(/^(\s*module )\w+::/m, `$1${UNDER_TEST}::`),
      ]),
  );
  return (await buildAgainstStubs(UNDER_TEST, sources, deps)).modules;
}

/** The interface a package declares to other packages and its own modules: every function but `init`. */
function declaredInterface(modules: readonly ModuleJson[], address: string) {
  const described = buildInterface(modules, address, { includeEnums: true });
  for (const module of Object.values(described.modules)) {
    module.address = address;
    delete module.functions['init'];
  }
  return described;
}

/** Bytecode's own mark of a positional declaration: fields named pos0, pos1, … in order. */
const positionalInBytecode = (module: ModuleJson, fields: readonly FieldDefinition[]) =>
  fields.length > 0 && fields.every((field, i) => module.identifiers[field.name] === `pos${i}`);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `module::Struct` and `module::Enum::Variant` → positional or not, as the bytecode says. */
function bytecodeForms(modules: readonly ModuleJson[]): Record<string, boolean> {
  const forms: Record<string, boolean> = {};
  for (const module of modules) {
    const name = moduleSelfName(module);
    const datatype = (handle: number) => module.identifiers[module.datatype_handles[handle]!.name]!;
    for (const def of module.struct_defs)
      if (def.field_information !== 'Native')
        forms[`${name}::${datatype(def.struct_handle)}`] = positionalInBytecode(
          module,
          def.field_information.Declared,
        );
    for (const def of module.enum_defs)
      for (const variant of def.variants)
        forms[`${name}::${datatype(def.enum_handle)}::${module.identifiers[variant.variant_name]}`] =
          positionalInBytecode(module, variant.fields);
  }
  return forms;
}

/** The same keys, read from the stub's text: a declaration whose name is followed by `(` is positional. */
function stubForms(files: PackageFiles, keys: readonly string[]): Record<string, boolean> {
  const forms: Record<string, boolean> = {};
  for (const key of keys) {
    const [module, datatype, variant] = key.split('::') as [string, string, string | undefined];
    const text = files[`sources/${module}.move`] ?? '';
    const typeParams = '(?:<[^(){};]*>)?';
    if (variant === undefined) {
      const head = new RegExp(
        `public struct ${escape(moveIdentifier(datatype))}${typeParams}\\s*(\\(|has|\\{)`,
      );
      forms[key] = head.exec(text)?.[1] === '(';
    } else {
      const start = text.search(new RegExp(`public enum ${escape(moveIdentifier(datatype))}\\b`));
      const body = text.slice(start, text.indexOf('\n    }', start));
      const line = new RegExp(`^\\s*${escape(moveIdentifier(variant))}\\s*(\\(|\\{|,)`, 'm');
      forms[key] = start >= 0 && line.exec(body)?.[1] === '(';
    }
  }
  return forms;
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
    const deps = await buildDependencies({ corpusRoot: corpus, targetId: pkg.id });
    const served = servedStub(deps, pkg.id);
    const built = await compileServed(served, deps);
    expect(declaredInterface(built, address)).toEqual(declaredInterface(original, address));
    const forms = bytecodeForms(original);
    expect(stubForms(served, Object.keys(forms))).toEqual(forms);
  });
});

describe('reading a stub for positional declarations', () => {
  test('tells `S(u64)` and `V(u64)` from `S { pos0: u64 }` and `V { pos0: u64 }`', () => {
    const files = {
      'sources/m.move': [
        'module a::m {',
        '    public struct P<phantom T>(u64) has copy, drop;',
        '    public struct N has copy, drop {',
        '        pos0: u64,',
        '    }',
        '    public enum E {',
        '        A(u64),',
        '        B {',
        '            pos0: u64,',
        '        },',
        '    }',
        '}',
      ].join('\n'),
    };
    expect(stubForms(files, ['m::P', 'm::N', 'm::E::A', 'm::E::B'])).toEqual({
      'm::P': true,
      'm::N': false,
      'm::E::A': true,
      'm::E::B': false,
    });
  });
});
