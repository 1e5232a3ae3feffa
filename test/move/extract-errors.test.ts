// Package directories that are broken in every way the corpus can break them.
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildModule,
  deserializeModule,
  extractPackageInterface,
  hasMvExtension,
  InvalidBytecodeError,
  PackageReadError,
  type PackageReadErrorCode,
} from '../../src/move/index.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { useTempDirs } from './support/temp-dirs.js';

const WRAPPER_ID = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const WRAPPER_DIR = SHARED_PACKAGE_DIRS[WRAPPER_ID]!;

const tempDir = useTempDirs();
let pkg: string;

beforeEach(async () => {
  pkg = join(await tempDir(), 'pkg');
  await cp(WRAPPER_DIR, pkg, { recursive: true });
});

async function expectReadError(
  promise: Promise<unknown>,
  code: PackageReadErrorCode,
  message: RegExp,
): Promise<PackageReadError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PackageReadError);
  const readError = error as PackageReadError;
  expect(readError.code).toBe(code);
  expect(readError.message).toMatch(message);
  return readError;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('extractPackageInterface errors', () => {
  it('names the corrupt .mv file and keeps the deserializer status', async () => {
    const bad = join(pkg, 'bytecode_modules', 'freshx.mv');
    await writeFile(bad, 'not bytecode');
    const error = await expectReadError(
      extractPackageInterface(pkg),
      'invalid_bytecode',
      new RegExp(`^invalid bytecode in ${escape(bad)}: PartialVMError with status BAD_MAGIC`),
    );
    expect(error.cause).toBeInstanceOf(InvalidBytecodeError);
  });

  it('rejects a truncated module', async () => {
    const path = join(pkg, 'bytecode_modules', 'wrapper_coin.mv');
    const bytes = await readFile(path);
    await writeFile(path, bytes.subarray(0, bytes.length - 7));
    await expectReadError(
      extractPackageInterface(pkg),
      'invalid_bytecode',
      /wrapper_coin\.mv: PartialVMError/,
    );
  });

  it('reports an empty bytecode_modules directory', async () => {
    await rm(join(pkg, 'bytecode_modules'), { recursive: true });
    await mkdir(join(pkg, 'bytecode_modules'));
    await writeFile(join(pkg, 'bytecode_modules', 'README.txt'), 'no modules here');
    await expectReadError(
      extractPackageInterface(pkg),
      'no_modules',
      new RegExp(`^no \\.mv files found in ${escape(join(pkg, 'bytecode_modules'))}$`),
    );
  });

  it('reports a missing bytecode_modules directory', async () => {
    await rm(join(pkg, 'bytecode_modules'), { recursive: true });
    await expectReadError(extractPackageInterface(pkg), 'no_modules', /bytecode_modules is missing in/);
  });

  it('reports a missing metadata.json', async () => {
    await rm(join(pkg, 'metadata.json'));
    await expectReadError(
      extractPackageInterface(pkg),
      'missing_metadata',
      new RegExp(`^metadata\\.json is missing in ${escape(pkg)}$`),
    );
  });

  it('reports metadata.json that is not JSON', async () => {
    await writeFile(join(pkg, 'metadata.json'), '{"id": "0x1",');
    await expectReadError(
      extractPackageInterface(pkg),
      'invalid_metadata',
      /metadata\.json is not valid JSON/,
    );
  });

  it.each([['{"id": 1}'], ['{"package": "0x1"}'], ['["0x1"]'], ['null']])(
    'reports metadata.json %s without a string id',
    async (text) => {
      await writeFile(join(pkg, 'metadata.json'), text);
      await expectReadError(extractPackageInterface(pkg), 'invalid_metadata', /has no string "id" field/);
    },
  );
});

describe('package id resolution', () => {
  it('uses metadata.json id verbatim, even in short form, over a given package id', async () => {
    await writeFile(join(pkg, 'metadata.json'), '{"id": "0x1", "other": true}');
    const result = await extractPackageInterface(pkg, { packageId: '0x5' });
    expect(result.package_id).toBe('0x1');
    // Module addresses still come from the bytecode.
    expect(result.modules.freshx!.address).toBe(WRAPPER_ID);
  });

  it.each([
    ['missing', null],
    ['invalid', 'not json'],
    ['without id', '{}'],
  ])('falls back to the trimmed package id when metadata.json is %s', async (_label, text) => {
    if (text === null) await rm(join(pkg, 'metadata.json'));
    else await writeFile(join(pkg, 'metadata.json'), text);
    const result = await extractPackageInterface(pkg, { packageId: '  0x1\n' });
    expect(result.package_id).toBe('0x1');
  });
});

describe('module file selection', () => {
  it('reads only bytecode_modules/*.mv, not sub-folders or other extensions', async () => {
    const modules = join(pkg, 'bytecode_modules');
    await mkdir(join(modules, 'dependencies', 'Sui'), { recursive: true });
    await writeFile(join(modules, 'dependencies', 'Sui', 'broken.mv'), 'junk');
    for (const name of ['.mv', 'notes.MV', 'freshx.mv.bak', 'freshxmv'])
      await writeFile(join(modules, name), 'junk');
    const result = await extractPackageInterface(pkg);
    expect(result.module_names).toEqual(['freshx', 'wrapper_coin']);
  });

  it('fails on a directory named like a module, as upstream does', async () => {
    await mkdir(join(pkg, 'bytecode_modules', 'folder.mv'));
    await expectReadError(
      extractPackageInterface(pkg),
      'unreadable',
      /folder\.mv is a directory, not a regular file$/,
    );
  });

  it('matches Rust Path::extension', () => {
    expect(['a.mv', 'a.b.mv', '..mv'].map(hasMvExtension)).toEqual([true, true, true]);
    expect(['.mv', 'a.MV', 'a.mv.bak', 'amv', 'a.'].map(hasMvExtension)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('takes module names from the bytecode, not the file name', async () => {
    const modules = join(pkg, 'bytecode_modules');
    await cp(join(modules, 'wrapper_coin.mv'), join(modules, 'renamed.mv'));
    await rm(join(modules, 'wrapper_coin.mv'));
    expect((await extractPackageInterface(pkg)).module_names).toEqual(['freshx', 'wrapper_coin']);
  });

  it.each([
    ['zz_later.mv', ['Impostor']],
    ['aa_earlier.mv', ['FRESHX']],
  ])('lets the later file in path order win a duplicate module name (%s)', async (fileName, structs) => {
    const impostor = buildModule({ address: WRAPPER_ID, name: 'freshx', structs: [{ name: 'Impostor' }] });
    await writeFile(join(pkg, 'bytecode_modules', fileName), impostor);
    const result = await extractPackageInterface(pkg);
    expect(result.module_names).toEqual(['freshx', 'wrapper_coin']);
    expect(Object.keys(result.modules.freshx!.structs)).toEqual(structs);
  });
});

describe('deserializeModule', () => {
  it('throws InvalidBytecodeError naming the label', () => {
    let thrown: unknown;
    try {
      deserializeModule(new Uint8Array([1, 2, 3]), 'foo.mv');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidBytecodeError);
    expect((thrown as Error).message).toBe(
      'invalid bytecode in foo.mv: PartialVMError with status BAD_MAGIC',
    );
    expect((thrown as InvalidBytecodeError).fileLabel).toBe('foo.mv');
  });

  it('accepts an ArrayBuffer, which the library alone would reject as BAD_MAGIC', async () => {
    const bytes = await readFile(join(WRAPPER_DIR, 'bytecode_modules', 'freshx.mv'));
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    expect(deserializeModule(buffer as unknown as Uint8Array, 'freshx.mv').identifiers).toContain('FRESHX');
  });
});
