// A corpus page whose file was written is not analysed again: the case of a worker killed after writing
// the page but before the server heard that its activity finished.
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analysePage, planCorpus, type CorpusJob } from '../../src/corpus-report/corpus-job.js';
import { DEFAULT_RETRIES } from '../../src/corpus-report/rpc-modules.js';
import { makeSyntheticCorpus } from '../support/synthetic-corpus.js';

describe('corpus pages', () => {
  it('a page already written is counted from its file, not analysed again', async () => {
    const corpus = await makeSyntheticCorpus(5);
    const outDir = await mkdtemp(join(tmpdir(), 'smi-corpus-pages-'));
    const job: CorpusJob = {
      corpusRoot: corpus.root,
      outDir,
      seed: 0,
      concurrency: 2,
      moduleNamesOnly: false,
      bytesCheck: false,
      bytesCheckMaxMismatches: 0,
      rpcCompare: false,
      rpcUrl: 'http://127.0.0.1:1',
      retry: DEFAULT_RETRIES,
      interfaceCompare: false,
      interfaceCompareMaxMismatches: 0,
      interfaceCompareIncludeValues: false,
      argv: [],
    };
    expect((await planCorpus(job)).pages).toBe(1);
    expect(await analysePage(job, 0)).toBe(5);
    const page = join(outDir, '.corpus-work', 'page-0.jsonl');
    const written = readFileSync(page, 'utf8');
    const rows = written
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { local: unknown });
    expect(rows.map((r) => r.local !== null)).toEqual([true, true, true, true, true]);

    // With the bytecode gone, analysing again would record five unreadable packages.
    rmSync(corpus.root, { recursive: true, force: true });
    expect(await analysePage(job, 0)).toBe(5);
    expect(readFileSync(page, 'utf8')).toBe(written);
    rmSync(outDir, { recursive: true, force: true });
  });
});
