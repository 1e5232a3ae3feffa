import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPackageInterface } from '../../src/move/index.js';
import { demoPackageId } from '../../src/package-store/demo-corpus.js';
import { writeDemoCorpus } from '../../src/package-store/demo-corpus.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs();

/** What a benchmark should find: every struct with `key`, as module::Name. */
const EXPECTED_KEY_STRUCTS: Record<string, string[]> = {
  shop: ['shop::Item', 'shop::Shop', 'shop::ShopOwnerCap'],
  vault: ['vault::Vault', 'vault::VaultCap'],
  gold_coin: ['gold_coin::Treasury'],
  math_utils: [],
  hero_game: ['arena::Arena', 'hero::Hero', 'sword::Sword'],
  marketplace: ['market::Listing', 'market::Marketplace'],
};

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

describe('writeDemoCorpus', () => {
  it('writes packages in the sui-packages layout with the expected key structs', async () => {
    const root = await tempDir();
    const refs = await writeDemoCorpus(root);
    expect(refs.map((ref) => ref.package_id)).toEqual(
      Object.keys(EXPECTED_KEY_STRUCTS).map(demoPackageId).sort(),
    );
    for (const [name, keyStructs] of Object.entries(EXPECTED_KEY_STRUCTS)) {
      const id = demoPackageId(name);
      const ref = refs.find((candidate) => candidate.package_id === id)!;
      expect(id).toMatch(/^0x[0-9a-f]{64}$/);
      expect(ref.package_dir).toBe(join(root, id.slice(0, 4), id.slice(4)));
      const metadata = JSON.parse(await readFile(join(ref.package_dir, 'metadata.json'), 'utf8')) as {
        id: string;
      };
      expect(metadata.id).toBe(id);

      const result = await extractPackageInterface(ref.package_dir, { includeEnums: true });
      expect(result.package_id).toBe(id);
      const found = Object.entries(result.modules).flatMap(([moduleName, module]) => {
        expect(module.address).toBe(id);
        return Object.entries(module.structs)
          .filter(([, struct]) => struct.abilities.includes('key'))
          .map(([structName]) => `${moduleName}::${structName}`);
      });
      expect(found, name).toEqual(keyStructs);
    }
  });

  it('covers enums, hot potatoes and cross-module references', async () => {
    const refs = await writeDemoCorpus(await tempDir());
    const dirOf = (name: string) => refs.find((ref) => ref.package_id === demoPackageId(name))!.package_dir;

    const market = await extractPackageInterface(dirOf('marketplace'), { includeEnums: true });
    expect(market.modules.market!.enums!.ListingStatus!.variants.map((variant) => variant.name)).toEqual([
      'Active',
      'Sold',
      'Cancelled',
    ]);

    const game = await extractPackageInterface(dirOf('hero_game'));
    expect(game.modules.arena!.structs.Battle!.abilities).toEqual([]);
    expect(game.modules.hero!.structs.Hero!.fields.at(-1)!.type).toMatchObject({
      module: 'option',
      type_args: [{ address: demoPackageId('hero_game'), module: 'sword', name: 'Sword' }],
    });
  });

  it('is deterministic and replaces what an earlier run left behind', async () => {
    const root = await tempDir();
    const first = await writeDemoCorpus(root);
    const before = await listFiles(root);
    const contents = await Promise.all(before.map((file) => readFile(join(root, file))));
    await writeFile(join(first[0]!.package_dir, 'bytecode_modules', 'stale.mv'), 'left over');

    const second = await writeDemoCorpus(root);
    expect(second).toEqual(first);
    expect(await listFiles(root)).toEqual(before);
    const after = await Promise.all(before.map((file) => readFile(join(root, file))));
    expect(after).toEqual(contents);
  });
});
