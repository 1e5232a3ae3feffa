// The statistics of `smi-bench compare`: a percentile bootstrap interval of a mean over packages, and a
// paired comparison of two runs on the packages both ran (the mean difference, its bootstrap interval and
// a sign-flip permutation test). Deterministic: the resampling draws from CPython's Mersenne Twister
// (core/mt19937.ts) with a fixed seed, `index = floor(random() × n)`, so Python's `random.Random(seed)`
// gives the same intervals.
import { PyRandom } from '../core/mt19937.js';

export const BOOTSTRAP_RESAMPLES = 2000;
export const BOOTSTRAP_SEED = 0;
/** Exact sign-flip test up to this many non-zero differences (2^16 assignments), a sampled one above. */
const EXACT_FLIPS_UP_TO = 16;
const SAMPLED_FLIPS = 20_000;

export interface Interval {
  low: number;
  high: number;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** The value at `q` of sorted values, interpolated linearly between neighbours (numpy's default). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/** 95% percentile bootstrap interval of the mean; null for fewer than two values. */
export function bootstrapInterval(
  values: readonly number[],
  resamples = BOOTSTRAP_RESAMPLES,
  seed = BOOTSTRAP_SEED,
): Interval | null {
  const n = values.length;
  if (n < 2) return null;
  const rng = new PyRandom(seed);
  const means: number[] = [];
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[Math.floor(rng.random() * n)]!;
    means.push(sum / n);
  }
  means.sort((a, b) => a - b);
  return { low: quantile(means, 0.025), high: quantile(means, 0.975) };
}

/**
 * 95% normal-approximation interval of the mean, mean ± 1.96 s / √n (s: the sample standard deviation);
 * null for fewer than two values. What the bootstrap interval tends to for many values, at O(n).
 */
export function normalInterval(values: readonly number[]): Interval | null {
  const n = values.length;
  if (n < 2) return null;
  const m = mean(values);
  const variance = values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (n - 1);
  const half = 1.959963984540054 * Math.sqrt(variance / n);
  return { low: m - half, high: m + half };
}

/**
 * Two-sided p-value of the paired sign-flip permutation test: under "no difference" each difference is as
 * likely to have either sign, so p is the share of sign assignments whose |mean| is at least the observed
 * one. Exact up to 16 non-zero differences; above, from 20,000 seeded draws (with the observed assignment
 * counted, so p is never 0).
 */
export function signFlipPValue(differences: readonly number[], seed = BOOTSTRAP_SEED): number {
  const d = differences.filter((x) => x !== 0);
  if (d.length === 0) return 1;
  const observed = Math.abs(d.reduce((s, x) => s + x, 0));
  // Sums are compared with a tolerance: flipping floats can change the last bit of an equal sum.
  const atLeast = (sum: number) => Math.abs(sum) >= observed - 1e-12;
  if (d.length <= EXACT_FLIPS_UP_TO) {
    let hits = 0;
    const total = 2 ** d.length;
    for (let mask = 0; mask < total; mask++) {
      let sum = 0;
      for (let i = 0; i < d.length; i++) sum += mask & (1 << i) ? -d[i]! : d[i]!;
      if (atLeast(sum)) hits++;
    }
    return hits / total;
  }
  const rng = new PyRandom(seed);
  let hits = 1;
  for (let r = 0; r < SAMPLED_FLIPS; r++) {
    let sum = 0;
    for (const x of d) sum += rng.random() < 0.5 ? -x : x;
    if (atLeast(sum)) hits++;
  }
  return hits / (SAMPLED_FLIPS + 1);
}

export interface PairedComparison {
  /** Packages both runs have a row for. */
  packages: number;
  /** Mean of (A − B) over those packages. */
  difference: number;
  interval: Interval | null;
  pValue: number;
}

export function pairedComparison(a: readonly number[], b: readonly number[]): PairedComparison {
  const differences = a.map((x, i) => x - b[i]!);
  return {
    packages: differences.length,
    difference: mean(differences),
    interval: bootstrapInterval(differences),
    pValue: signFlipPValue(differences),
  };
}
