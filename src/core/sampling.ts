// Deterministic package sampling (upstream dataset.py): rank by a seeded FNV-1a 64 hash, keep the n lowest.
import { compareCodePoints } from './py-string.js';
import { utf8Bytes } from './utf8.js';

// Upstream's offset basis: the textbook 14695981039346656037 with its last digit missing.
// Kept on purpose, because it decides which packages a given seed samples.
export const FNV_OFFSET = 1469598103934665603n;
export const FNV_PRIME = 1099511628211n;
/** The textbook offset basis, which the upstream Rust extractor's corpus sampling uses. */
export const FNV_OFFSET_STANDARD = 0xcbf29ce484222325n;
const MASK64 = 0xffffffffffffffffn;

/**
 * Seeded FNV-1a 64 over the UTF-8 bytes of `s`. The seed is XORed into the offset without masking,
 * so for the empty string the result is `FNV_OFFSET ^ seed` as is (negative for negative seeds), like upstream.
 */
export function fnv1a64(seed: number | bigint, s: string, offset: bigint = FNV_OFFSET): bigint {
  if (typeof seed === 'number' && !Number.isSafeInteger(seed)) {
    throw new RangeError(`seed must be a safe integer, got ${seed}`);
  }
  let h = offset ^ BigInt(seed);
  for (const b of utf8Bytes(s)) {
    h = ((h ^ BigInt(b)) * FNV_PRIME) & MASK64;
  }
  return h;
}

/**
 * Upstream `sample_packages`: n <= 0 or n >= length gives a copy of the input; otherwise the n packages
 * with the lowest (hash, id), returned sorted by id.
 */
export function samplePackages<T extends { package_id: string }>(
  pkgs: readonly T[],
  n: number,
  seed: number,
  offset: bigint = FNV_OFFSET,
): T[] {
  if (n <= 0 || n >= pkgs.length) return [...pkgs];
  const ranked = pkgs.map((p) => ({ h: fnv1a64(seed, p.package_id, offset), p }));
  ranked.sort((a, b) => (a.h < b.h ? -1 : a.h > b.h ? 1 : compareCodePoints(a.p.package_id, b.p.package_id)));
  return ranked
    .slice(0, n)
    .map((r) => r.p)
    .sort((a, b) => compareCodePoints(a.package_id, b.package_id));
}
