// The gRPC client every chain path shares: Mysten's `SuiGrpcClient` (gRPC-web over fetch) with each call
// bounded by a timeout and the caller's abort signal, the provider's API key sent as it expects it, and
// every failure sorted by what a retry could change.
import { RpcError, SuiGrpcClient } from '@mysten/sui/grpc';
import { providerKey } from './provider-key.js';

const DEFAULT_TIMEOUT_MS = 30_000;

/** Marks a request that never got an HTTP answer; the transport keeps only the message of what fetch threw. */
const CONNECTION_FAILED = 'connection failed: ';
/**
 * Marks a request our own timeout ended. The transport turns every error not named AbortError into INTERNAL
 * keeping only the message, so the timeout aborts with an error that carries this prefix: it survives both a
 * fetch that never got headers and a body that stopped arriving.
 */
const TIMED_OUT = 'timed out: ';

export interface ChainClientOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Default: the process's key (provider-key.ts); sent as `Authorization: Bearer <key>` (a value with a space is sent as is). */
  apiKey?: string | null;
}

export function authorizationHeader(apiKey: string | null | undefined): Record<string, string> {
  if (!apiKey) return {};
  return { authorization: apiKey.includes(' ') ? apiKey : `Bearer ${apiKey}` };
}

export function createChainClient(url: string, options: ChainClientOptions = {}): SuiGrpcClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const boundedFetch: typeof fetch = async (input, init) => {
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new Error(`${TIMED_OUT}no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    timer.unref();
    const signals = [timeout.signal];
    if (options.signal) signals.push(options.signal);
    if (init?.signal) signals.push(init.signal);
    try {
      return await fetch(input, { ...init, signal: AbortSignal.any(signals) });
    } catch (error) {
      if (timeout.signal.aborted || options.signal?.aborted || init?.signal?.aborted) throw error;
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      throw new Error(
        `${CONNECTION_FAILED}${error instanceof Error ? error.message : String(error)}${cause}`,
      );
    }
  };
  return new SuiGrpcClient({
    network: 'unknown',
    baseUrl: url.replace(/\/+$/, ''),
    fetch: boundedFetch,
    meta: authorizationHeader(options.apiKey ?? providerKey()),
  });
}

/**
 * - `not_found`: the node has no such object or transaction.
 * - `rejected`: the node refused the request as given; asking again changes nothing.
 * - `rate_limited`: HTTP 429 / RESOURCE_EXHAUSTED; `retryAfterMs` when the node said how long to wait.
 * - `unavailable`: no connection, a dropped one, or a server error: a later try may work.
 * - `timeout`: no answer in time.
 */
export type ChainErrorKind = 'not_found' | 'rejected' | 'rate_limited' | 'unavailable' | 'timeout';

export class ChainError extends Error {
  constructor(
    readonly kind: ChainErrorKind,
    message: string,
    readonly retryAfterMs: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ChainError';
  }

  get transient(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unavailable' || this.kind === 'timeout';
  }
}

const TRANSIENT_CODES = new Set(['UNAVAILABLE', 'UNKNOWN', 'ABORTED', 'DATA_LOSS']);

/** `Retry-After` in seconds or as an HTTP date, in milliseconds; null when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+(\.\d+)?$/.test(text.trim())) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Sorts a failure of a gRPC call; `what` names the step, `url` the node. */
export function chainError(error: unknown, url: string, what: string): ChainError {
  if (error instanceof ChainError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError')
    return new ChainError('timeout', `${what}: no answer from ${url} in time`, null, { cause: error });
  if (error instanceof RpcError) {
    const code = String(error.code);
    if (code === 'DEADLINE_EXCEEDED' || error.message.startsWith(TIMED_OUT))
      return new ChainError('timeout', `${what}: no answer from ${url} in time`, null, { cause: error });
    if (
      error.message.startsWith(CONNECTION_FAILED) ||
      (code === 'INTERNAL' && /fetch failed/.test(error.message))
    )
      return new ChainError(
        'unavailable',
        `${what}: cannot reach the Sui node at ${url} (${error.message})`,
        null,
        {
          cause: error,
        },
      );
    if (code === 'RESOURCE_EXHAUSTED') {
      const wait = retryAfterMs(error.meta?.['retry-after']);
      return new ChainError(
        'rate_limited',
        `${what}: ${url} is rate limiting (${error.message}${wait === null ? '' : `; retry after ${wait / 1000} s`})`,
        wait,
        { cause: error },
      );
    }
    if (code === 'UNAUTHENTICATED' || code === 'PERMISSION_DENIED')
      return new ChainError(
        'rejected',
        `${what}: ${url} refused the request (${code}: ${error.message}); set SMI_RPC_API_KEY to the provider's key`,
        null,
        { cause: error },
      );
    if (code === 'NOT_FOUND')
      return new ChainError('not_found', `${what}: not found at ${url}: ${error.message}`, null, {
        cause: error,
      });
    if (TRANSIENT_CODES.has(code))
      return new ChainError('unavailable', `${what}: ${url} answered ${code}: ${error.message}`, null, {
        cause: error,
      });
    return new ChainError('rejected', `${what}: ${url} refused (${code}): ${error.message}`, null, {
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ChainError('rejected', `${what}: ${message}`, null, { cause: error });
}

/** Runs one gRPC call, naming it in the error. An abort by the caller is passed on unchanged. */
export async function chainStep<T>(
  url: string,
  what: string,
  signal: AbortSignal | undefined,
  step: () => PromiseLike<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    throw chainError(error, url, what);
  }
}
