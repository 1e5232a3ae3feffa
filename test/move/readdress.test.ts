import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  deserializeModule,
  extractPackageInterface,
  formatInterfaceJson,
  rewriteSelfAddress,
  serializeModule,
} from '../../src/move/index.js';
import { packageDirFor } from '../../src/package-store/layout.js';
import { readdressPackage } from '../../src/package-store/readdress-package.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs();

const WRAPPER_ID = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const FRAMEWORK_ID = '0x0000000000000000000000000000000000000000000000000000000000000002';
const NEW_ID = '0x00000000000000000000000000000000000000000000000000000000c0ffee01';

describe('readdressPackage', () => {
  it('moves the package and its own types to the new id, leaving dependencies alone', async () => {
    const root = await tempDir();
    const ref = await readdressPackage(SHARED_PACKAGE_DIRS[WRAPPER_ID]!, root, '0xc0ffee01');
    expect(ref).toEqual({ package_id: NEW_ID, package_dir: packageDirFor(root, NEW_ID) });
    expect(JSON.parse(await readFile(join(ref.package_dir, 'metadata.json'), 'utf8'))).toEqual({
      id: NEW_ID,
      readdressed_from: WRAPPER_ID,
    });

    const original = await extractPackageInterface(SHARED_PACKAGE_DIRS[WRAPPER_ID]!);
    const moved = await extractPackageInterface(ref.package_dir);
    expect(moved.package_id).toBe(NEW_ID);
    expect(moved.modules.wrapper_coin!.address).toBe(NEW_ID);
    // The whole interface is the original with the package's address substituted.
    const substituted = formatInterfaceJson(original).replaceAll(WRAPPER_ID, NEW_ID);
    expect(formatInterfaceJson(moved)).toBe(substituted);
    expect(formatInterfaceJson(moved)).toContain(FRAMEWORK_ID);
  });

  it('keeps module bytes with keepModuleAddress, like an upgraded package', async () => {
    const root = await tempDir();
    const source = SHARED_PACKAGE_DIRS[WRAPPER_ID]!;
    const ref = await readdressPackage(source, root, NEW_ID, { keepModuleAddress: true });
    for (const file of await readdir(join(source, 'bytecode_modules'))) {
      const copied = await readFile(join(ref.package_dir, 'bytecode_modules', file));
      expect(copied).toEqual(await readFile(join(source, 'bytecode_modules', file)));
    }
    const upgraded = await extractPackageInterface(ref.package_dir);
    expect(upgraded.package_id).toBe(NEW_ID);
    expect(upgraded.modules.freshx!.address).toBe(WRAPPER_ID);
  });

  it('moves every module of a multi-module package, sibling references included', async () => {
    const root = await tempDir();
    const ref = await readdressPackage(SHARED_PACKAGE_DIRS[FRAMEWORK_ID]!, root, NEW_ID);
    const moved = await extractPackageInterface(ref.package_dir);
    const original = await extractPackageInterface(SHARED_PACKAGE_DIRS[FRAMEWORK_ID]!);
    expect(moved.module_names).toEqual(original.module_names);
    expect(Object.values(moved.modules).every((module) => module.address === NEW_ID)).toBe(true);
    expect(moved.modules.coin!.structs.Coin!.fields[0]!.type).toMatchObject({
      address: NEW_ID,
      module: 'object',
    });
    // Stdlib types still point at 0x1.
    expect(formatInterfaceJson(moved)).toContain(
      '"0x0000000000000000000000000000000000000000000000000000000000000001"',
    );
  });

  it('overwrites an earlier copy', async () => {
    const root = await tempDir();
    await readdressPackage(SHARED_PACKAGE_DIRS[FRAMEWORK_ID]!, root, NEW_ID);
    const ref = await readdressPackage(SHARED_PACKAGE_DIRS[WRAPPER_ID]!, root, NEW_ID);
    expect((await readdir(join(ref.package_dir, 'bytecode_modules'))).sort()).toEqual([
      'freshx.mv',
      'wrapper_coin.mv',
    ]);
  });
});

describe('rewriteSelfAddress', () => {
  it('gives the same bytes as deserialize → edit → serialize on every shared module', async () => {
    let checked = 0;
    for (const dir of Object.values(SHARED_PACKAGE_DIRS)) {
      for (const file of await readdir(join(dir, 'bytecode_modules'))) {
        const bytes = await readFile(join(dir, 'bytecode_modules', file));
        const module = deserializeModule(bytes, file);
        const selfIndex = module.module_handles[module.self_module_handle_idx]!.address;
        module.address_identifiers[selfIndex] = NEW_ID.slice(2);
        const untouched = Buffer.from(bytes);
        const rewritten = rewriteSelfAddress(bytes, NEW_ID, file);
        expect(rewritten, file).toEqual(serializeModule(module));
        expect(bytes.equals(untouched), 'input left unchanged').toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(90);
  });

  it('refuses an address that a dependency already uses', async () => {
    const bytes = await readFile(
      join(SHARED_PACKAGE_DIRS[WRAPPER_ID]!, 'bytecode_modules', 'wrapper_coin.mv'),
    );
    expect(() => rewriteSelfAddress(bytes, '0x2', 'wrapper_coin.mv')).toThrow(/already used by a dependency/);
  });

  it('costs less than serializing, which synthetic corpora of hundreds of packages could not afford', async () => {
    const dir = join(SHARED_PACKAGE_DIRS[FRAMEWORK_ID]!, 'bytecode_modules');
    const files = await Promise.all((await readdir(dir)).map((file) => readFile(join(dir, file))));
    const modules = files.map((bytes) => deserializeModule(bytes, 'warm-up'));
    const time = (work: () => void) => {
      const start = performance.now();
      work();
      return performance.now() - start;
    };
    const rewriting = time(() => files.forEach((bytes) => rewriteSelfAddress(bytes, NEW_ID, 'module')));
    const serializing = time(() => modules.forEach((module) => serializeModule(module)));
    expect(rewriting).toBeLessThan(serializing);
  });
});
