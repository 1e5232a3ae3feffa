// Which packages a run processes (upstream runner selection, §3.3): an ids file in file order, or a
// seeded sample of the corpus.
import type { PackageRef } from './types.js';
import { samplePackages } from './sampling.js';

export interface SelectPackagesInput {
  /** Everything discovered in the corpus, sorted by id. */
  packages: readonly PackageRef[];
  /** Ids from a manifest, in file order (already deduplicated for Phase I; Phase II keeps repeats). */
  idsFileIds?: readonly string[];
  /** Without ids: sample size. With ids: batch size, applied after `skipIds`. <= 0 means all. */
  samples: number;
  seed: number;
  /** Ids already done (resume); removed before the batch is cut. */
  skipIds?: Iterable<string>;
}

export interface PackageSelection {
  /** Packages to process, in processing order. */
  selected: PackageRef[];
  /** Manifest ids not found in the corpus, in file order (upstream drops them silently). */
  unknownIds: string[];
  /** With ids: how many manifest ids exist in the corpus (before resume and batching); else null. */
  targetIdsTotal: number | null;
  /** How many selected entries were dropped because their id was in `skipIds`. */
  alreadyDone: number;
}

/** `selected` empty with `alreadyDone` 0 means "no packages found": the caller reports it. */
export function selectPackages(input: SelectPackagesInput): PackageSelection {
  const skip = new Set(input.skipIds ?? []);
  if (input.idsFileIds === undefined) {
    const sampled = samplePackages(input.packages, input.samples, input.seed);
    const selected = sampled.filter((p) => !skip.has(p.package_id));
    return { selected, unknownIds: [], targetIdsTotal: null, alreadyDone: sampled.length - selected.length };
  }
  const byId = new Map(input.packages.map((p) => [p.package_id, p] as const));
  const found: PackageRef[] = [];
  const unknownIds: string[] = [];
  for (const id of input.idsFileIds) {
    const p = byId.get(id);
    if (p) found.push(p);
    else unknownIds.push(id);
  }
  const remaining = found.filter((p) => !skip.has(p.package_id));
  const batch =
    input.samples > 0 && input.samples < remaining.length ? remaining.slice(0, input.samples) : remaining;
  return {
    selected: batch,
    unknownIds,
    targetIdsTotal: found.length,
    alreadyDone: found.length - remaining.length,
  };
}
