// The statistics of `compare`. Bootstrap intervals: the same resampling done in Python with
// random.Random(0) (index = int(random() * n), 2000 resamples, linear-interpolated 2.5% / 97.5% points)
// printed (0.16666666666666666, 0.9166666666666666) and (0.325, 0.775) for the two inputs below.
// Sign-flip p-values: counted by hand.
import { describe, expect, it } from 'vitest';
import { bootstrapInterval, pairedComparison, quantile, signFlipPValue } from '../../src/core/stats.js';

describe('compare statistics', () => {
  it('bootstrap intervals equal Python’s for the same draws', () => {
    expect(bootstrapInterval([0, 1, 1, 0, 1, 0.5])).toEqual({
      low: 0.16666666666666666,
      high: 0.9166666666666666,
    });
    expect(bootstrapInterval([0.2, 0.4, 0.9, 0.7, 0.1, 0.3, 0.8, 1.0])).toEqual({ low: 0.325, high: 0.775 });
    expect(bootstrapInterval([0.5])).toBeNull();
  });

  it('interpolates quantiles linearly', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0)).toBe(1);
    expect(quantile([1, 2, 3, 4], 1)).toBe(4);
  });

  it('sign-flip test: exact for few differences', () => {
    // ±1 ±2 ±3: sums 6, 4, 2, 0, 0, −2, −4, −6; |sum| ≥ 6 in 2 of 8
    expect(signFlipPValue([1, 2, 3])).toBe(0.25);
    // zeros carry no sign: ±1 ±1 → |sum| ≥ 2 in 2 of 4
    expect(signFlipPValue([1, 0, 1, 0])).toBe(0.5);
    expect(signFlipPValue([0, 0])).toBe(1);
  });

  it('a clear difference on many packages is significant, a balanced one is not', () => {
    // 20 packages, A better by 0.5 on each: only all-plus or all-minus reach |sum| = 10 (2 of 2^20), so
    // none of the 20,000 draws does and p = 1 / 20,001.
    const clear = pairedComparison(Array(20).fill(1), Array(20).fill(0.5));
    expect(clear.packages).toBe(20);
    expect(clear.difference).toBe(0.5);
    expect(clear.pValue).toBeCloseTo(1 / 20_001, 12);
    expect(clear.interval).toEqual({ low: 0.5, high: 0.5 });
    // differences +1, −1, +1, −1: mean 0; |sum| ≥ 0 for every assignment
    const balanced = pairedComparison([1, 0, 1, 0], [0, 1, 0, 1]);
    expect(balanced.difference).toBe(0);
    expect(balanced.pValue).toBe(1);
  });
});
