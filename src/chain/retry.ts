// One gRPC call tried again while its failure is transient (a rate limit, a dropped connection, a server
// error, no answer in time): after the node's Retry-After when it gave one, else a doubling back-off.
import { ChainError, chainStep } from './grpc-client.js';

export interface RetryPolicy {
  /** Tries after the first. */
  retries: number;
  /** The first back-off without a Retry-After, doubled on each retry up to `maxMs`. */
  initialMs: number;
  maxMs: number;
  signal?: AbortSignal;
  /** Told before each wait. */
  onRetry?: (error: ChainError) => void;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });
}

/** @throws ChainError: the last failure, or the first one that is not transient */
export async function chainStepWithRetries<T>(
  url: string,
  what: string,
  call: () => PromiseLike<T>,
  policy: RetryPolicy,
): Promise<T> {
  let delay = policy.initialMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await chainStep(url, what, policy.signal, call);
    } catch (error) {
      if (!(error instanceof ChainError) || !error.transient || attempt >= policy.retries) throw error;
      policy.onRetry?.(error);
      // A node's Retry-After is honoured whole (up to a minute): asking sooner only earns another 429.
      await sleep(error.retryAfterMs === null ? delay : Math.min(error.retryAfterMs, 60_000), policy.signal);
      delay = Math.min(delay * 2, policy.maxMs);
    }
  }
}
