// The promise cache every VM, framework and package read is kept in: least recently used out first, and a
// failure forgotten so the next caller tries again.
import { describe, expect, it } from 'vitest';
import { PromiseCache } from '../src/promise-cache.js';

describe('PromiseCache', () => {
  it('makes each key once while it is kept', async () => {
    const cache = new PromiseCache<number>(2);
    let made = 0;
    const make = () => Promise.resolve(++made);
    expect(await cache.get('a', make)).toBe(1);
    expect(await cache.get('a', make)).toBe(1);
    expect(made).toBe(1);
  });

  it('drops the least recently used key past its limit', async () => {
    const cache = new PromiseCache<string>(2);
    const made: string[] = [];
    const make = (key: string) => () => {
      made.push(key);
      return Promise.resolve(key);
    };
    await cache.get('a', make('a'));
    await cache.get('b', make('b'));
    await cache.get('a', make('a')); // used again: now b is the oldest in use
    await cache.get('c', make('c')); // past the limit: b goes, a stays
    await cache.get('a', make('a'));
    await cache.get('b', make('b'));
    expect(made).toEqual(['a', 'b', 'c', 'b']);
  });

  it('forgets a rejected promise, so the next caller makes it again', async () => {
    const cache = new PromiseCache<string>(2);
    await expect(cache.get('a', () => Promise.reject(new Error('not yet')))).rejects.toThrow('not yet');
    expect(await cache.get('a', () => Promise.resolve('now'))).toBe('now');
  });

  it('does not let an old failure remove the promise that replaced it', async () => {
    const cache = new PromiseCache<string>(1);
    let fail!: (error: Error) => void;
    const first = cache.get('a', () => new Promise<string>((_, reject) => (fail = reject)));
    await cache.get('b', () => Promise.resolve('b')); // evicts a
    const second = cache.get('a', () => Promise.resolve('a again'));
    fail(new Error('late failure'));
    await expect(first).rejects.toThrow('late failure');
    let remade = false;
    expect(
      await cache.get('a', () => {
        remade = true;
        return Promise.resolve('made a third time');
      }),
    ).toBe('a again');
    expect(remade).toBe(false);
    await second;
  });
});
