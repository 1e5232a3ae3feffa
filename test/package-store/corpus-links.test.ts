// A corpus made of links finds dependencies as a real one does: test/support/dependency-corpus.ts's corpus,
// seen through a folder whose prefix folders are links to its own. The dependency stored only as an upgrade
// (under another id, its modules carrying the original one) is found by scanning the corpus, which has to
// follow the links; the package folder is given as discovery gives it, without links.
import { mkdtempSync, readdirSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageDirFor } from '../../src/package-store/layout.js';
import { corpusDependencies } from '../../src/package-store/dependencies.js';
import { readFramework, readPackageDir } from '../../src/package-store/package-dir.js';
import { DEPENDENCY_IDS, makeDependencyCorpus } from '../support/dependency-corpus.js';

let links: string;
beforeAll(async () => {
  const root = await makeDependencyCorpus();
  links = join(mkdtempSync(join(tmpdir(), 'smi-dep-links-')), 'corpus');
  symlinkSync(mkdtempSync(join(tmpdir(), 'smi-dep-link-targets-')), links, 'dir');
  for (const prefix of readdirSync(root)) symlinkSync(join(root, prefix), join(links, prefix), 'dir');
});

async function dependenciesOf(packageId: string) {
  const dir = realpathSync(packageDirFor(links, packageId));
  const found = await corpusDependencies(
    links,
    { dir, bytes: await readPackageDir(dir) },
    await readFramework({ corpusRoot: links }),
  );
  return { ids: found.packages.map((p) => p.id), missing: found.missing, fetch: found.missingStorageIds };
}

describe('dependencies from a corpus of links', () => {
  it('finds a dependency the corpus holds only as an upgrade, under its own id', async () => {
    expect(await dependenciesOf(DEPENDENCY_IDS.needsUpgraded)).toEqual({
      ids: [DEPENDENCY_IDS.upgradeStorage],
      missing: [],
      fetch: [],
    });
  });

  it('takes the version the linkage table names, and names what is missing', async () => {
    expect(await dependenciesOf(DEPENDENCY_IDS.needsLinked)).toMatchObject({
      ids: [DEPENDENCY_IDS.presentUpgrade],
    });
    // No linkage table names the absent one: the original id is its first version's storage id.
    expect(await dependenciesOf(DEPENDENCY_IDS.needsAbsent)).toEqual({
      ids: [],
      missing: [DEPENDENCY_IDS.absent],
      fetch: [DEPENDENCY_IDS.absent],
    });
  });
});
