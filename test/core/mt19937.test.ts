import { describe, expect, it } from 'vitest';
import { PyRandom } from '../../src/core/mt19937.js';

// Values from CPython 3.11's random.Random (harness §29.3 and direct runs).
describe('PyRandom', () => {
  it('Random(42): raw outputs and random()', () => {
    const r = new PyRandom(42);
    expect([r.nextUint32(), r.nextUint32(), r.nextUint32(), r.nextUint32()]).toEqual([
      2746317213, 478163327, 107420369, 3184935163,
    ]);
    const s = new PyRandom(42);
    expect([s.random(), s.random(), s.random()]).toEqual([
      0.6394267984578837, 0.025010755222666936, 0.27502931836911926,
    ]);
  });

  it('Random(0), Random(1), Random(2)', () => {
    const r = new PyRandom(0);
    expect([r.random(), r.random(), r.random(), r.random()]).toEqual([
      0.8444218515250481, 0.7579544029403025, 0.420571580830845, 0.25891675029296335,
    ]);
    expect(new PyRandom(1).random()).toBe(0.13436424411240122);
    expect(new PyRandom(2).random()).toBe(0.9560342718892494);
  });

  it('Random(42) after one random(): getrandbits(14) stream and randint(0, 9999)', () => {
    const r = new PyRandom(42);
    r.random();
    expect(Array.from({ length: 6 }, () => Number(r.getrandbits(14)))).toEqual([
      409, 12149, 4506, 4012, 3657, 2286,
    ]);
    const s = new PyRandom(42);
    s.random();
    expect(Array.from({ length: 5 }, () => s.randint(0, 9999))).toEqual([409, 4506, 4012, 3657, 2286]);
  });

  it('Random(123)', () => {
    const r = new PyRandom(123);
    expect(r.random()).toBe(0.052363598850944326);
    expect(Array.from({ length: 5 }, () => r.randint(0, 9999))).toEqual([1428, 6672, 4367, 1764, 625]);
  });

  it('multi-word seeds, negative seeds, wide getrandbits and randint', () => {
    const r = new PyRandom(2 ** 40 + 5);
    expect(r.random()).toBe(0.5043802970418443);
    expect(r.getrandbits(70)).toBe(1100602817210008945321n);
    expect(r.randint(0, 2 ** 40)).toBe(360977370925);
    expect(new PyRandom(-7).random()).toBe(0.32383276483316237);
    expect(new PyRandom(-7).random()).toBe(new PyRandom(7).random());
    const z = new PyRandom(0);
    expect([z.randint(1, 6), z.randint(1, 6), Number(z.getrandbits(0)), Number(z.getrandbits(33))]).toEqual([
      4, 4, 0, 173879092,
    ]);
  });

  it('rejects an empty randint range', () => {
    expect(() => new PyRandom(1).randint(5, 4)).toThrow(RangeError);
  });
});
