// The helper of upgraded-target.test.ts (artipedia 0x13fe3a…, version 6 of 0xb7c36a…), built and run with the
// framework of ../shared/corpus given the two ways that copy nothing: a corpus root made of links (whose
// package folders resolve, as discovery gives them, into ../shared/mainnet) and `--framework-dir` beside
// ../shared/mainnet itself. Both build and create a UserNumber, as with the copied corpus.
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHelper } from '../../src/helper/build.js';
import { runHelper } from '../../src/helper/run.js';
import { packageDirFor } from '../../src/package-store/layout.js';
import { removeTemporaryDirs } from '../move-stubs/stub-build.js';
import { ARTIPEDIA, ARTIPEDIA_HELPER_ANSWER } from '../support/artipedia-helper.js';
import { linkedMainnetRoot, MAINNET_DIR } from '../support/mainnet-roots.js';
import { CORPUS_DIR } from '../support/paths.js';

const linked = linkedMainnetRoot();
afterAll(() => removeTemporaryDirs(join(linked, '..')));

describe('a helper over a corpus without copies', () => {
  for (const [name, corpusRoot, frameworkDir] of [
    ['a linked corpus root', linked, null],
    ['--framework-dir', MAINNET_DIR, CORPUS_DIR],
  ] as const)
    it(`builds and runs with ${name}`, async () => {
      const build = await buildHelper(ARTIPEDIA_HELPER_ANSWER, {
        corpusRoot,
        frameworkDir,
        packageId: ARTIPEDIA,
      });
      if (build.stage !== 'built') throw new Error(`did not build: ${JSON.stringify(build)}`);
      const [result] = await runHelper({
        // As discovery gives it: without links.
        packageDir: realpathSync(packageDirFor(corpusRoot, ARTIPEDIA)),
        packageId: ARTIPEDIA,
        corpusRoot,
        frameworkDir,
        modules: build.modules,
        entrypoints: [],
      });
      expect(result).toMatchObject({ status: 'tier_b_hit', abort_code: null, error: null });
      expect(result!.created_types).toEqual([`${ARTIPEDIA}::artipedia::UserNumber`]);
    });
});
