// Grows a corpus of hundreds of packages from the few real ones (see src/package-store/synth.ts), timed.
import { join } from 'node:path';
import { synthesizeCorpus, type SyntheticPackage } from '../../src/package-store/synth.js';
import type { PackageRef } from '../../src/core/types.js';

export { sourcePackages } from '../../src/package-store/synth.js';

export interface SyntheticCorpus {
  root: string;
  packages: SyntheticPackage[];
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
  const packages = await synthesizeCorpus(sources, root, count);
  return { root, packages, buildMs: performance.now() - started };
}
