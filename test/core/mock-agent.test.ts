import { describe, expect, it } from 'vitest';
import { predictKeyTypesMock } from '../../src/core/mock-agent.js';

const sorted = (s: Set<string>): string[] => [...s].sort();

describe('predictKeyTypesMock (upstream test_mock_agent, harness §29.3)', () => {
  const truth = new Set(['0x1::m::S', '0x2::m::T']);

  it('perfect returns a copy of the truth, empty returns nothing', () => {
    const p = predictKeyTypesMock('perfect', 0, truth);
    expect(p).toEqual(truth);
    expect(p).not.toBe(truth);
    expect(predictKeyTypesMock('empty', 0, truth).size).toBe(0);
  });

  it('noisy seed 42 on one type: keeps it and adds the 5 known junk ids', () => {
    expect(sorted(predictKeyTypesMock('noisy', 42, new Set(['0x1::m::S'])))).toEqual(
      [
        '0x1::m::S',
        '0xdead::409::Fake',
        '0xdead::4506::Fake',
        '0xdead::4012::Fake',
        '0xdead::3657::Fake',
        '0xdead::2286::Fake',
      ].sort(),
    );
  });

  it('noisy seed 42 keeps a 2-element truth and adds exactly 5 junk strings', () => {
    const out = predictKeyTypesMock('noisy', 42, truth);
    for (const t of truth) expect(out.has(t)).toBe(true);
    const junk = [...out].filter((x) => !truth.has(x));
    expect(junk).toHaveLength(5);
    expect(sorted(out)).toEqual([
      '0x1::m::S',
      '0x2::m::T',
      '0xdead::1679::Fake',
      '0xdead::2286::Fake',
      '0xdead::3657::Fake',
      '0xdead::4012::Fake',
      '0xdead::4506::Fake',
    ]);
  });

  it('noisy seed 0 drops the first two key structs of every package (the demo says so)', () => {
    // Python's random.Random(0).random(): 0.844…, 0.758…, 0.420…: the first two are not below 0.7.
    const three = new Set(['0x1::a::A', '0x1::b::B', '0x1::c::C']);
    const kept = (truth: Set<string>) =>
      sorted(predictKeyTypesMock('noisy', 0, truth)).filter((t) => !t.startsWith('0xdead::'));
    expect(kept(three)).toEqual(['0x1::c::C']);
    expect(kept(new Set(['0x1::a::A', '0x1::b::B']))).toEqual([]);
  });

  it('noisy junk matches 0xdead::<n>::Fake (seed 123)', () => {
    const out = predictKeyTypesMock('noisy', 123, new Set(['0x1::m::S']));
    expect(sorted(out)).toEqual(
      [
        '0x1::m::S',
        '0xdead::1428::Fake',
        '0xdead::6672::Fake',
        '0xdead::4367::Fake',
        '0xdead::1764::Fake',
        '0xdead::625::Fake',
      ].sort(),
    );
    for (const x of out) if (x !== '0x1::m::S') expect(x).toMatch(/^0xdead::\d+::Fake$/);
  });

  it('random is a deterministic subset; seeds 1 and 2 differ on one type', () => {
    const big = new Set(Array.from({ length: 10 }, (_, i) => `0x${i}::m::S`));
    const a = predictKeyTypesMock('random', 7, big);
    expect(a).toEqual(predictKeyTypesMock('random', 7, big));
    expect(sorted(a)).toEqual([
      '0x0::m::S',
      '0x1::m::S',
      '0x3::m::S',
      '0x5::m::S',
      '0x6::m::S',
      '0x8::m::S',
      '0x9::m::S',
    ]);
    for (const x of a) expect(big.has(x)).toBe(true);
    const one = new Set(['0x1::m::S']);
    expect(sorted(predictKeyTypesMock('random', 1, one))).toEqual(['0x1::m::S']);
    expect(predictKeyTypesMock('random', 2, one).size).toBe(0);
  });

  it('does not depend on the iteration order of the truth', () => {
    const a = predictKeyTypesMock('random', 3, ['c', 'a', 'b', 'd']);
    const b = predictKeyTypesMock('random', 3, ['d', 'b', 'a', 'c']);
    expect(sorted(a)).toEqual(sorted(b));
  });

  it('handles empty and large truths', () => {
    expect(predictKeyTypesMock('random', 0, []).size).toBe(0);
    const hundred = new Set(Array.from({ length: 100 }, (_, i) => `0x${i}::m::S`));
    const out = predictKeyTypesMock('random', 0, hundred);
    expect(out.size).toBeGreaterThan(0);
    expect(out.size).toBeLessThan(100);
  });

  it('rejects an unknown behavior', () => {
    expect(() => predictKeyTypesMock('psychic', 0, truth)).toThrow(/unknown/);
  });
});
