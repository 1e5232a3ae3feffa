// Adaptive sending per model endpoint: a 429 caps the send rate below what the last window sent, healthy
// windows raise the cap; values by hand, on a clock the test moves.
import { describe, expect, it } from 'vitest';
import { AdaptiveLimit, AdaptiveLimits } from '../../src/agents/adaptive-limit.js';

function clock() {
  const c = { now: 0, sleeps: [] as number[] };
  return {
    c,
    options: {
      max: 8,
      windowMs: 1000,
      now: () => c.now,
      sleep: async (ms: number) => {
        c.sleeps.push(ms);
        c.now += ms;
      },
    },
  };
}

describe('AdaptiveLimit', () => {
  it('caps the rate at 85% of the last window after a 429, once per window, and raises it by 10% per healthy window', async () => {
    const { c, options } = clock();
    const limit = new AdaptiveLimit(options);
    expect(limit.rate).toBe(Infinity);
    for (let i = 0; i < 8; i++) await limit.acquire(); // 8 sent at t=0, no waiting
    expect(c.sleeps).toEqual([]);
    limit.rateLimited(); // 8 × 0.85
    expect(limit.rate).toBeCloseTo(6.8, 12);
    c.now = 500;
    limit.rateLimited(); // same window: ignored
    expect(limit.rate).toBeCloseTo(6.8, 12);
    c.now = 600;
    limit.answered(); // not a whole healthy window since the 429
    expect(limit.rate).toBeCloseTo(6.8, 12);
    c.now = 1000;
    limit.answered(); // 6.8 × 1.1
    expect(limit.rate).toBeCloseTo(7.48, 12);
    c.now = 1500;
    limit.answered(); // within a window of the last increase
    expect(limit.rate).toBeCloseTo(7.48, 12);
    c.now = 2500;
    limit.rateLimited(); // nothing sent since t=0: a late 429, the cap itself × 0.85
    expect(limit.rate).toBeCloseTo(6.358, 12);
  });

  it('spaces sends by window / rate once capped, and holds calls beyond the worker’s limit', async () => {
    const { c, options } = clock();
    const limit = new AdaptiveLimit({ ...options, max: 2 });
    const a = await limit.acquire();
    await limit.acquire();
    limit.rateLimited(); // 2 sent in the window: cap 1.7 per second, one send every 588.2 ms
    let third = false;
    const waiting = limit.acquire().then((release) => {
      third = true;
      return release;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(third).toBe(false); // two in flight already
    a();
    a(); // giving a place back twice frees one place only
    await waiting;
    expect(third).toBe(true);
    expect(limit.running).toBe(2);
    expect(c.sleeps).toEqual([]); // the first capped send goes at once…
    const fourth = limit.acquire();
    (await waiting)();
    await fourth;
    expect(c.sleeps).toHaveLength(1); // …the next one a slot later
    expect(c.sleeps[0]).toBeCloseTo(1000 / 1.7, 9);
  });

  it('keeps one limit per endpoint and model', async () => {
    const limits = new AdaptiveLimits({ max: 8 });
    await limits.for('http://a/v1', 'm').acquire();
    limits.for('http://a/v1', 'm').rateLimited();
    expect(limits.for('http://a/v1', 'm').rate).toBe(1); // 1 sent × 0.85, never below one a window
    expect(limits.for('http://a/v1', 'other').rate).toBe(Infinity);
    expect(limits.for('http://b/v1', 'm').rate).toBe(Infinity);
  });

  it('never sends past a configured rate: it starts there, a 429 lowers it, healthy windows raise it back to it', async () => {
    const { c, options } = clock();
    const limits = new AdaptiveLimits(options);
    const limit = limits.for('http://a/v1', 'm', 4);
    expect(limit.rate).toBe(4);
    for (let i = 0; i < 4; i++) (await limit.acquire())();
    expect(c.sleeps).toEqual([250, 250, 250]); // one send every 250 ms from the start
    limit.rateLimited(); // 4 sent in the window: 3.4
    expect(limit.rate).toBeCloseTo(3.4, 12);
    c.now += 1000;
    limit.answered(); // 3.74
    c.now += 1000;
    limit.answered(); // 4.114, held at 4
    expect(limit.rate).toBe(4);
    c.now += 1000;
    limit.answered(); // already there: never the unlimited Infinity
    expect(limit.rate).toBe(4);
    // the same model asked for without a rate (a run with other settings): the latest word holds, the cap
    // may grow past 4 again
    const unbounded = limits.for('http://a/v1', 'm');
    expect(unbounded).toBe(limit);
    c.now += 1000;
    unbounded.answered();
    expect(unbounded.rate).toBeCloseTo(4.4, 12);
  });
});
