// Grows a corpus of hundreds of packages from the few real ones: each copy is the same bytecode moved to
// a new address, so it is a distinct package (own id, own key types) with realistic size and shape.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { discoverPackages } from '../../src/corpus/discover.js';
import { readdressPackage } from '../../src/move/index.js';
import type { PackageRef } from '../../src/core/types.js';

/** The packages of a real corpus, sorted by id (so copies cycle through them in a stable order). */
export async function sourcePackages(corpusRoot: string): Promise<PackageRef[]> {
  const { packages } = await discoverPackages(corpusRoot);
  if (packages.length === 0) throw new Error(`no packages found under ${corpusRoot}`);
  return packages;
}

/** Deterministic ids, so two runs of a benchmark process the very same corpus. */
export function syntheticPackageId(index: number): string {
  return '0x' + createHash('sha256').update(`smi-bench perf package ${index}`).digest('hex');
}

export interface SyntheticCorpus {
  root: string;
  packages: (PackageRef & { sourceId: string })[];
  buildMs: number;
}

/** Writes `count` re-addressed copies under `<workDir>/corpus`, cycling through `sources`. */
export async function buildSyntheticCorpus(
  sources: PackageRef[],
  workDir: string,
  count: number,
): Promise<SyntheticCorpus> {
  const root = join(workDir, 'corpus');
  const started = performance.now();
  const packages: SyntheticCorpus['packages'] = [];
  for (let i = 0; i < count; i++) {
    const source = sources[i % sources.length]!;
    const ref = await readdressPackage(source.package_dir, root, syntheticPackageId(i));
    packages.push({ ...ref, sourceId: source.package_id });
  }
  return { root, packages, buildMs: performance.now() - started };
}
