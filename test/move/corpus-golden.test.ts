// The extractor's output for the four shared packages, byte for byte. The expected files were
// produced by this extractor, cross-checked against the sui-sandbox wheel (wheel-crosscheck test)
// and spot-checked against the contract spec. Regenerate with UPDATE_INTERFACE_FIXTURES=1.
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPackageInterface, formatInterfaceJson } from '../../src/move/index.js';
import { PROJECT_ROOT, SHARED_PACKAGE_DIRS } from '../support/paths.js';

const FIXTURE_DIR = resolve(PROJECT_ROOT, 'test/fixtures/interface');
const UPDATE = process.env.UPDATE_INTERFACE_FIXTURES === '1';

describe('interface JSON of the shared corpus', () => {
  it.each(Object.entries(SHARED_PACKAGE_DIRS))('%s matches its fixture byte for byte', async (id, dir) => {
    const actual = formatInterfaceJson(await extractPackageInterface(dir));
    const fixturePath = resolve(FIXTURE_DIR, `${id}.json`);
    if (UPDATE) await writeFile(fixturePath, actual);
    expect(actual === (await readFile(fixturePath, 'utf8'))).toBe(true);
  });

  it('follows the spec rules that a reader can check by eye', async () => {
    const read = async (id: string) =>
      JSON.parse(await readFile(resolve(FIXTURE_DIR, `${id}.json`), 'utf8')) as Awaited<
        ReturnType<typeof extractPackageInterface>
      >;
    const sui = await read('0x0000000000000000000000000000000000000000000000000000000000000002');
    const coin = sui.modules.coin!;
    // `has key, store` in the fixed copy/drop/store/key order, phantom type parameter.
    expect(coin.structs.Coin).toMatchObject({
      abilities: ['store', 'key'],
      type_params: [{ constraints: [], is_phantom: true }],
    });
    // A hot potato has no abilities at all.
    expect(sui.modules.kiosk!.structs.Borrow!.abilities).toEqual([]);
    // Positional fields and the empty-struct placeholder are kept verbatim.
    expect(sui.modules.derived_object!.structs.Claimed!.fields.map((f) => f.name)).toEqual(['pos0']);
    expect(sui.modules.sui!.structs.SUI!.fields).toEqual([{ name: 'dummy_field', type: { kind: 'bool' } }]);
    // `entry fun` without `public` is private + entry; `public(package)` is friend; natives have no code.
    expect(sui.modules.kiosk!.functions.default).toMatchObject({ visibility: 'private', is_entry: true });
    expect(sui.modules.transfer!.functions.transfer_impl).toMatchObject({
      visibility: 'friend',
      is_native: true,
    });
    // Enums are not emitted by default; their names are missing from structs.
    expect(sui.modules.coin_registry!).not.toHaveProperty('enums');
    expect(sui.modules.coin_registry!.structs).not.toHaveProperty('SupplyState');
    expect(sui.schema_version).toBe(1);

    const wrapper = await read('0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467');
    expect(wrapper.module_names).toEqual(['freshx', 'wrapper_coin']);
    expect(wrapper.modules.wrapper_coin!.functions.init).toMatchObject({
      visibility: 'private',
      is_entry: false,
    });
  });
});
