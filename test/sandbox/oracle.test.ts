// Ceilings and difficulty (spec/harness.md §25.3) on sandbox rows built by hand; each expected score is
// the spec's formula worked out in the comment beside the row.
import { describe, expect, it } from 'vitest';
import { functionDifficulty, packageCeilings } from '../../src/sandbox/oracle.js';
import type { LocalRow } from '../../src/sandbox/row.js';

const row = (name: string, status: LocalRow['status'], patch: Partial<LocalRow> = {}): LocalRow => ({
  target_package: '0x' + '2'.padStart(64, '0'),
  target_module: 'm',
  target_function: name,
  status,
  ...patch,
});
const tierA = (resolved_params: string[], has_object_params = false) => ({
  tier_a_details: { resolved_params, bcs_roundtrip_verified: true, has_object_params },
});

// 2 params (0.08) + one synthesized (0.05) = 0.13: simple
const A = row('a', 'tier_b_hit', tierA(['U64', 'synthesizable:TxContext']));
// 3 params (0.12) + a type parameter (0.15) + an object (0.2) + a direct constructor (0.1) + ran and failed (0.1) = 0.67
const B = row('b', 'tier_a_hit', {
  ...tierA(['construct:0x2::coin::Coin', 'U64', 'type_param:T'], true),
  tier_b_details: { execution_success: false, error: 'aborted' },
});
// 2 params (0.08) + constructor depth 3 (the largest hop count; a hop without a number counts 2) = 0.38: complex
const C = row('c', 'tier_a_hit', tierA(['construct_hop3:0x2::x::X', 'constructible_ref_hop:0x2::y::Y']));
const D = row('d', 'miss', { failure_stage: 'A2', failure_reason: 'no constructor' });
// 6 params: capped at 0.2, which is not below 0.2: moderate
const E = row('e', 'tier_b_hit', tierA(['U8', 'U8', 'U8', 'U8', 'U8', 'U8']));

describe('function difficulty', () => {
  it('scores each function by the arguments it needed', () => {
    const scored = [A, B, C, D, E].map(functionDifficulty);
    expect(scored.map((f) => f.level)).toEqual(['simple', 'difficult', 'complex', 'impossible', 'moderate']);
    const expected = [0.13, 0.67, 0.38, 1.0, 0.2];
    scored.forEach((f, i) => expect(f.score).toBeCloseTo(expected[i]!, 10));
    expect(scored[0]!.function).toBe('m::a');
  });
});

describe('package ceilings', () => {
  it('count what the sandbox reached and rank the functions hardest first', () => {
    const c = packageCeilings([A, B, C, D, E]);
    expect(c).toMatchObject({
      functions: 5,
      tier_a_possible: 4,
      tier_b_possible: 2,
      tier_b_blocked_by_infra: 1,
      tier_b_failed: 1,
      impossible: 1,
      max_synthesis_rate: 0.8,
      max_execution_rate: 0.4,
    });
    expect(c.ranking.map((f) => f.function)).toEqual(['m::d', 'm::b', 'm::c', 'm::e', 'm::a']);
    expect(c.difficulty_levels).toMatchObject({
      simple: 1,
      moderate: 1,
      complex: 1,
      difficult: 1,
      impossible: 1,
      trivial: 0,
    });
  });

  it('has no ceiling for a package without functions', () => {
    expect(packageCeilings([])).toMatchObject({
      functions: 0,
      max_synthesis_rate: 0,
      max_execution_rate: 0,
      ranking: [],
    });
  });
});
