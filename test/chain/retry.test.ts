// The shared retry loop: a long-lived signal (a whole corpus pull's) serves many waits, and each wait must
// take its abort listener away again, or a pull of thousands of packages piles them up on the signal.
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ChainError } from '../../src/chain/grpc-client.js';
import { chainStepWithRetries, sleep } from '../../src/chain/retry.js';

const unavailable = () => new ChainError('unavailable', 'node went away');

describe('chain retry', () => {
  it('leaves no abort listener behind after many retries on one signal', async () => {
    const controller = new AbortController();
    let calls = 0;
    const result = await chainStepWithRetries(
      'http://127.0.0.1:1',
      'a read',
      () => (++calls <= 40 ? Promise.reject(unavailable()) : Promise.resolve('done')),
      { retries: 50, initialMs: 0, maxMs: 0, signal: controller.signal },
    );
    expect(result).toBe('done');
    expect(calls).toBe(41);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('gives up after its retries with the last failure', async () => {
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(unavailable());
    };
    await expect(
      chainStepWithRetries('http://127.0.0.1:1', 'a read', failing, { retries: 3, initialMs: 0, maxMs: 0 }),
    ).rejects.toThrow('node went away');
    expect(calls).toBe(4);
  });

  it('does not retry a failure that is not transient', async () => {
    let calls = 0;
    const refused = () => {
      calls++;
      return Promise.reject(new ChainError('not_found', 'no such package'));
    };
    await expect(
      chainStepWithRetries('http://127.0.0.1:1', 'a read', refused, { retries: 3, initialMs: 0, maxMs: 0 }),
    ).rejects.toThrow('no such package');
    expect(calls).toBe(1);
  });

  it('stops a wait when the signal aborts, with its reason, and removes its listener', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort(new Error('pull cancelled'));
    await expect(waiting).rejects.toThrow('pull cancelled');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
