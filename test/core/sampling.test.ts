import { describe, expect, it } from 'vitest';
import { FNV_OFFSET, fnv1a64, samplePackages } from '../../src/core/sampling.js';

describe('fnv1a64 (harness §29.1)', () => {
  it.each([
    [0, '0x1', 5301638705193514006n],
    [0, '0x2', 5301637605681885795n],
    [0, '', 1469598103934665603n],
    [1, '0x1', 4539799192825896577n],
    [42, '0x1', 7367069096777077624n],
    [42, '0x2', 7367072395311962257n],
    [123, '0x1', 18317280224027880483n],
    [123, '0x2', 18317281323539508694n],
  ])('seed %i, %j', (seed, s, expected) => {
    expect(fnv1a64(seed, s)).toBe(expected);
  });

  it("uses upstream's offset constant, not the textbook basis", () => {
    expect(FNV_OFFSET).toBe(0x14650fb0739d0383n);
    expect(FNV_OFFSET).not.toBe(0xcbf29ce484222325n);
  });

  it('does not mask the seed for the empty string (negative seed stays negative)', () => {
    expect(fnv1a64(-1, '')).toBe(FNV_OFFSET ^ -1n);
    expect(fnv1a64(-1, '')).toBeLessThan(0n);
    expect(fnv1a64(-1, 'a')).toBeGreaterThanOrEqual(0n);
  });

  it('accepts bigint seeds and hashes UTF-8 bytes', () => {
    expect(fnv1a64(42n, '0x1')).toBe(fnv1a64(42, '0x1'));
    // "é" is two UTF-8 bytes: c3 a9.
    let h = FNV_OFFSET;
    for (const b of [0xc3, 0xa9]) h = ((h ^ BigInt(b)) * 1099511628211n) & 0xffffffffffffffffn;
    expect(fnv1a64(0, 'é')).toBe(h);
  });

  it('rejects non-integer seeds', () => {
    expect(() => fnv1a64(1.5, 'x')).toThrow(RangeError);
  });
});

describe('samplePackages (harness §29.1)', () => {
  const pkgs = Array.from({ length: 8 }, (_, i) => ({ package_id: `0x${i + 1}`, extra: i }));

  it.each([
    [0, ['0x1', '0x2', '0x3']],
    [1, ['0x2', '0x3', '0x8']],
    [42, ['0x1', '0x3', '0x8']],
    [123, ['0x1', '0x2', '0x3']],
  ])('seed %i, n = 3', (seed, expected) => {
    expect(samplePackages(pkgs, 3, seed).map((p) => p.package_id)).toEqual(expected);
  });

  it('returns a copy of everything when n <= 0 or n >= length', () => {
    for (const n of [0, -1, 8, 100]) {
      const out = samplePackages(pkgs, n, 5);
      expect(out).toEqual(pkgs);
      expect(out).not.toBe(pkgs);
    }
  });

  it('is deterministic and keeps the package objects', () => {
    expect(samplePackages(pkgs, 2, 123)).toEqual(samplePackages(pkgs, 2, 123));
    expect(samplePackages(pkgs, 2, 123)[0]).toBe(pkgs[0]);
  });
});
