// A target whose dependencies the corpus lacks: the helper is not run (every call into the target would
// fail to link) and the refusal names the missing package, so the row says why instead of scoring
// ordinary failures.
import { expect, it } from 'vitest';
import { runHelper } from '../../src/helper/run.js';
import { packageDirFor } from '../../src/package-store/layout.js';
import { VmLoadError } from '../../src/vm/errors.js';
import { DEPENDENCY_IDS, makeDependencyCorpus } from '../support/dependency-corpus.js';

it('refuses to run a helper beside a target whose dependency is not in the corpus, naming it', async () => {
  const root = await makeDependencyCorpus();
  const run = runHelper({
    packageDir: packageDirFor(root, DEPENDENCY_IDS.needsAbsent),
    packageId: DEPENDENCY_IDS.needsAbsent,
    corpusRoot: root,
    frameworkDir: null,
    modules: [],
    entrypoints: [],
  });
  await expect(run).rejects.toThrow(VmLoadError);
  await expect(run).rejects.toThrow(
    `the target's dependencies are not in the corpus: ${DEPENDENCY_IDS.absent}`,
  );
});
