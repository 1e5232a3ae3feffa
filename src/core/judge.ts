// Phase I judge: set precision / recall / F1 of predicted key types against the truth.
import type { KeyTypeScore } from './types.js';
import { sortedByCodePoint } from './py-string.js';

/**
 * Exact string matching (no address normalization, as upstream). Both sets empty scores 1.0 everywhere.
 * F1 is computed from counts (2tp / (2tp + fp + fn)) so it carries no rounding from P and R.
 */
export function scoreKeyTypes(
  truth: Iterable<string>,
  predicted: Iterable<string>,
  maxSamples = 20,
): KeyTypeScore {
  const t = new Set(truth);
  const p = new Set(predicted);
  if (t.size === 0 && p.size === 0) {
    return {
      tp: 0,
      fp: 0,
      fn: 0,
      precision: 1.0,
      recall: 1.0,
      f1: 1.0,
      missing_sample: [],
      extra_sample: [],
    };
  }
  const missing = [...t].filter((x) => !p.has(x));
  const extra = [...p].filter((x) => !t.has(x));
  const fn = missing.length;
  const fp = extra.length;
  const tp = t.size - fn;
  const ratio = (num: number, den: number): number => (den === 0 ? 0.0 : num / den);
  return {
    tp,
    fp,
    fn,
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    f1: ratio(2 * tp, 2 * tp + fp + fn),
    missing_sample: sortedByCodePoint(missing).slice(0, maxSamples),
    extra_sample: sortedByCodePoint(extra).slice(0, maxSamples),
  };
}
