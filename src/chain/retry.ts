// One call tried again while its failure is transient (a rate limit, a dropped connection, a server error,
// no answer in time): after the server's Retry-After when it gave one, else a doubling back-off. The one
// retry loop of the chain readers, gRPC and JSON-RPC alike.
import { ChainError, chainStep } from './grpc-client.js';

export interface Backoff {
  /** Tries after the first. */
  retries: number;
  /** The first back-off without a Retry-After, doubled on each retry up to `maxMs`. */
  initialMs: number;
  maxMs: number;
  signal?: AbortSignal;
}

export interface RetryPolicy extends Backoff {
  /** Told before each wait. */
  onRetry?: (error: ChainError) => void;
}

/** A node's Retry-After is honoured whole up to this: asking sooner only earns another 429. */
const MAX_RETRY_AFTER_MS = 60_000;

/** Waits `ms`, or rejects with the signal's reason once it aborts; the listener goes with the wait. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * `call` until it succeeds, fails for good, or has used its retries.
 * @param retryAfterMs the wait a failure asks for (null: it may be retried after the back-off), or
 * undefined when it is not worth another try
 * @throws the last failure, or the first one that is not transient
 */
export async function withRetries<T>(
  call: () => Promise<T>,
  retryAfterMs: (error: unknown) => number | null | undefined,
  backoff: Backoff & { onRetry?: (error: unknown) => void },
): Promise<T> {
  let delay = backoff.initialMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const asked = retryAfterMs(error);
      if (asked === undefined || attempt >= backoff.retries) throw error;
      backoff.onRetry?.(error);
      await sleep(asked === null ? delay : Math.min(asked, MAX_RETRY_AFTER_MS), backoff.signal);
      delay = Math.min(delay * 2, backoff.maxMs);
    }
  }
}

/** @throws ChainError: the last failure, or the first one that is not transient */
export function chainStepWithRetries<T>(
  url: string,
  what: string,
  call: () => PromiseLike<T>,
  policy: RetryPolicy,
): Promise<T> {
  return withRetries(
    () => chainStep(url, what, policy.signal, call),
    (error) => (error instanceof ChainError && error.transient ? error.retryAfterMs : undefined),
    { ...policy, onRetry: (error) => policy.onRetry?.(error as ChainError) },
  );
}
