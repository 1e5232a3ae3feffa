// `smi-bench doctor --corpus-root` lists the dependencies a corpus lacks (by original id), and finds those it
// holds in any version; the corpus is test/support/dependency-corpus.ts, whose packages say what they need.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { smiBench } from '../support/cli.js';
import { DEPENDENCY_IDS, makeDependencyCorpus } from '../support/dependency-corpus.js';
import { CORPUS_DIR } from '../support/paths.js';

const noDotenv = join(mkdtempSync(join(tmpdir(), 'smi-doctor-deps-')), 'none.env');
const doctor = (corpusRoot: string) =>
  smiBench(['doctor', '--corpus-root', corpusRoot, '--dotenv', noDotenv], { SMI_TEMPORAL_PORT: '1' });

describe('doctor and a corpus’s dependencies', () => {
  it('names the one dependency the corpus lacks, and the package needing it', async () => {
    const run = await doctor(await makeDependencyCorpus());
    expect(run.stdout).toMatch(
      new RegExp(
        `warn\\s+dependencies\\s+1 package needs 1 package the corpus lacks; their functions are counted as ` +
          `missing_dependency, not run: ${DEPENDENCY_IDS.absent}\\n`,
      ),
    );
  });

  it('passes the shared corpus, whose packages need only the framework', async () => {
    const run = await doctor(CORPUS_DIR);
    expect(run.stdout).toMatch(/ok\s+dependencies\s+every dependency is in the corpus/);
  });
});
