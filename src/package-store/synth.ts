// A large corpus grown from a few real packages, to try smi-bench at scale: each copy is the same bytecode
// moved to a new address (its own id and key types), so it has a real package's size and shape.
import { createHash } from 'node:crypto';
import { readdressPackage } from './readdress-package.js';
import type { PackageRef } from '../core/types.js';
import { discoverPackages } from './discover.js';

/** Deterministic ids: the same count from the same sources always gives the same corpus. */
export function syntheticPackageId(index: number): string {
  return '0x' + createHash('sha256').update(`smi-bench synthetic package ${index}`).digest('hex');
}

/** The packages of a real corpus, sorted by id (so copies cycle through them in a stable order). */
export async function sourcePackages(corpusRoot: string): Promise<PackageRef[]> {
  const { packages } = await discoverPackages(corpusRoot);
  if (packages.length === 0) throw new Error(`no packages found under ${corpusRoot}`);
  return packages;
}

export interface SyntheticPackage extends PackageRef {
  sourceId: string;
}

/** Writes `count` copies under `outRoot`, cycling through `sources`; `onCopied(n)` after each one. */
export async function synthesizeCorpus(
  sources: readonly PackageRef[],
  outRoot: string,
  count: number,
  onCopied: (done: number) => void = () => undefined,
): Promise<SyntheticPackage[]> {
  const packages: SyntheticPackage[] = [];
  for (let i = 0; i < count; i++) {
    const source = sources[i % sources.length]!;
    const copy = await readdressPackage(source.package_dir, outRoot, syntheticPackageId(i));
    packages.push({ ...copy, sourceId: source.package_id });
    onCopied(i + 1);
  }
  return packages;
}
