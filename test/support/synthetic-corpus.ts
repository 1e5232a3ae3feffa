// A corpus of N packages made by re-addressing the demo packages under new ids, with each one's truth.
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractKeyTypes } from '../../src/core/truth.js';
import { sortedByCodePoint } from '../../src/core/py-string.js';
import { extractPackageInterface } from '../../src/move/index.js';
import { readdressPackage } from '../../src/package-store/readdress-package.js';
import { writeDemoCorpus } from '../../src/package-store/demo-corpus.js';

export interface SyntheticCorpus {
  root: string;
  size: number;
  /** package id → sorted key types */
  truth: Map<string, string[]>;
}

export async function makeSyntheticCorpus(size: number): Promise<SyntheticCorpus> {
  const base = mkdtempSync(join(tmpdir(), 'smi-synthetic-'));
  const sources = await writeDemoCorpus(join(base, 'demo'));
  const root = join(base, 'corpus');
  const truth = new Map<string, string[]>();
  for (let i = 0; i < size; i++) {
    const id = '0x' + createHash('sha256').update(`synthetic-${i}`).digest('hex');
    const pkg = await readdressPackage(sources[i % sources.length]!.package_dir, root, id);
    truth.set(
      pkg.package_id,
      sortedByCodePoint(extractKeyTypes(await extractPackageInterface(pkg.package_dir))),
    );
  }
  return { root, size, truth };
}
