// Dependencies found in a corpus as Sui links them (by original id, in the version the linkage table names
// or any the corpus has), and the ones it lacks named. The corpus is built by test/support/dependency-corpus.ts;
// which package depends on which is fixed there.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageDirFor } from '../../src/package-store/layout.js';
import { corpusDependencies } from '../../src/package-store/dependencies.js';
import { readFramework, readPackageDir } from '../../src/package-store/package-dir.js';
import { DEPENDENCY_IDS, makeDependencyCorpus } from '../support/dependency-corpus.js';

let root: string;
beforeAll(async () => {
  root = await makeDependencyCorpus();
});

async function dependenciesOf(packageId: string) {
  const dir = packageDirFor(root, packageId);
  const found = await corpusDependencies(
    root,
    { dir, bytes: await readPackageDir(dir) },
    await readFramework({ corpusRoot: root }),
  );
  return { ids: found.packages.map((p) => p.id), missing: found.missing };
}

describe('dependencies from the corpus', () => {
  it('finds a dependency under its original id', async () => {
    expect(await dependenciesOf(DEPENDENCY_IDS.needsPresent)).toEqual({
      ids: [DEPENDENCY_IDS.present],
      missing: [],
    });
  });

  it('takes the version the linkage table names', async () => {
    expect(await dependenciesOf(DEPENDENCY_IDS.needsLinked)).toEqual({
      ids: [DEPENDENCY_IDS.presentUpgrade],
      missing: [],
    });
  });

  it('finds a dependency the corpus holds only as an upgrade, by the address its modules carry', async () => {
    expect(await dependenciesOf(DEPENDENCY_IDS.needsUpgraded)).toEqual({
      ids: [DEPENDENCY_IDS.upgradeStorage],
      missing: [],
    });
  });

  it('names the original id of a dependency the corpus lacks', async () => {
    expect(await dependenciesOf(DEPENDENCY_IDS.needsAbsent)).toEqual({
      ids: [],
      missing: [DEPENDENCY_IDS.absent],
    });
  });

  it("passes over a folder named for the dependency that holds another package (metadata.json's id)", async () => {
    const misfiled = await makeDependencyCorpus();
    // `present`'s package, filed in the folder of the absent id: it is still `present`, not the absent one.
    cpSync(packageDirFor(misfiled, DEPENDENCY_IDS.present), packageDirFor(misfiled, DEPENDENCY_IDS.absent), {
      recursive: true,
    });
    const dir = packageDirFor(misfiled, DEPENDENCY_IDS.needsAbsent);
    const found = await corpusDependencies(
      misfiled,
      { dir, bytes: await readPackageDir(dir) },
      await readFramework({ corpusRoot: misfiled }),
    );
    expect({ ids: found.packages.map((p) => p.id), missing: found.missing }).toEqual({
      ids: [],
      missing: [DEPENDENCY_IDS.absent],
    });
  });

  it('refuses a package whose linkage table cannot be read, naming the file, rather than linking any version', async () => {
    const corrupt = await makeDependencyCorpus();
    const dir = packageDirFor(corrupt, DEPENDENCY_IDS.needsLinked);
    // The table moves to bcs.json, as sui-packages stores it, and that file is cut short.
    const metadataPath = join(dir, 'metadata.json');
    const { linkageTable: _, ...metadata } = JSON.parse(readFileSync(metadataPath, 'utf8')) as Record<
      string,
      unknown
    >;
    writeFileSync(metadataPath, JSON.stringify(metadata));
    // The package's bytes as read before the file was cut short: reading it now is refused too, since the
    // type origin table is read from the same file.
    const bytes = await readPackageDir(dir);
    writeFileSync(join(dir, 'bcs.json'), '{ "linkageTable": ');
    await expect(readPackageDir(dir)).rejects.toThrow(/bcs\.json: .*JSON/);
    await expect(
      corpusDependencies(corrupt, { dir, bytes }, await readFramework({ corpusRoot: corrupt })),
    ).rejects.toThrow(/bcs\.json: .*JSON/);
  });
});
