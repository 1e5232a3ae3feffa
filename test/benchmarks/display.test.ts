// Each benchmark's display as compare, report and the progress line read it from the registry: which
// benchmarks get a leaderboard and in what order, and how a result file is told to be one's.
import { describe, expect, it } from 'vitest';
import { resultScoreField } from '../../src/benchmarks/display.js';
import { BENCHMARKS, benchmarkOfResult, boardOf, RANKED_BENCHMARKS } from '../../src/benchmarks/registry.js';

describe('benchmark displays', () => {
  it('rank Phase I, Phase II and the helper, in that order; the sandbox has no model to rank', () => {
    expect(RANKED_BENCHMARKS).toEqual(['phase1', 'phase2', 'helper']);
    expect(() => boardOf('sandbox')).toThrow(/no leaderboard/);
  });

  it("tell result files apart: upstream's schema_version 1 (Phase I) and 2 (Phase II), the helper's and the sandbox's by the benchmark they name", () => {
    const packages: unknown[] = [];
    expect(benchmarkOfResult({ schema_version: 1, packages })).toBe('phase1');
    expect(benchmarkOfResult({ schema_version: 2, packages })).toBe('phase2');
    // Both are schema_version 1 as Phase I's: the benchmark they name decides.
    expect(benchmarkOfResult({ schema_version: 1, benchmark: 'helper_pkg_v1', packages })).toBe('helper');
    expect(benchmarkOfResult({ schema_version: 1, benchmark: 'benchmark_local', packages })).toBe('sandbox');
    expect(benchmarkOfResult({ schema_version: 3, packages })).toBeNull();
  });

  it("put the score a benchmark is ranked by first in its summary: the result's own score field", () => {
    // The aggregate fields the result files hold their mean score in (upstream's for Phase I and II).
    const fields = Object.fromEntries(
      Object.values(BENCHMARKS).map((b) => [b.name, resultScoreField(b.display)]),
    );
    expect(fields).toEqual({
      phase1: 'avg_f1',
      phase2: 'avg_hit_rate',
      helper: 'ok_rate',
      sandbox: 'avg_tier_b_rate',
    });
  });
});
