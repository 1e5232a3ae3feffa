// Which packages a run processes (upstream runner selection, §3.3): an ids file in file order, or a
// seeded sample of the corpus.
import type { PackageRef } from './types.js';
import { samplePackages } from './sampling.js';
import { packageIdKey } from './ids-file.js';

export interface SelectPackagesInput {
  /** Everything discovered in the corpus, sorted by id. */
  packages: readonly PackageRef[];
  /** Ids from a manifest, in file order (already deduplicated for Phase I; Phase II keeps repeats). */
  idsFileIds?: readonly string[];
  /** Without ids: sample size. With ids: how many of the found ids, from the top. <= 0 means all. */
  samples: number;
  seed: number;
}

export interface PackageSelection {
  /** Packages to process, in processing order. */
  selected: PackageRef[];
  /** Manifest ids not found in the corpus, in file order (upstream drops them silently). */
  unknownIds: string[];
  /** With ids: how many manifest ids exist in the corpus (before `samples` cuts them); else null. */
  targetIdsTotal: number | null;
}

/** `selected` empty means "no packages found": the caller reports it. */
export function selectPackages(input: SelectPackagesInput): PackageSelection {
  if (input.idsFileIds === undefined) {
    const selected = samplePackages(input.packages, input.samples, input.seed);
    return { selected, unknownIds: [], targetIdsTotal: null };
  }
  const byId = new Map(input.packages.map((p) => [packageIdKey(p.package_id), p] as const));
  const found: PackageRef[] = [];
  const unknownIds: string[] = [];
  for (const id of input.idsFileIds) {
    const p = byId.get(packageIdKey(id));
    if (p) found.push(p);
    else unknownIds.push(id);
  }
  const selected = input.samples > 0 && input.samples < found.length ? found.slice(0, input.samples) : found;
  return { selected, unknownIds, targetIdsTotal: found.length };
}
