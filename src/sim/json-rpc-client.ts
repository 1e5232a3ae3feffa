// The Sui JSON-RPC client the simulators share: every request bounded by a timeout and by the
// caller's abort signal, and every failure turned into a SimulationError that says whether a retry
// could help.
import {
  JsonRpcError,
  JsonRpcHTTPTransport,
  SuiHTTPStatusError,
  SuiJsonRpcClient,
} from '@mysten/sui/jsonRpc';
import { describeError, SimulationError } from './errors.js';

const DEFAULT_RPC_TIMEOUT_MS = 30_000;

export interface RpcOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The HTTP transport under the client, for methods the client does not wrap. */
export function boundedTransport(rpcUrl: string, options: RpcOptions = {}): JsonRpcHTTPTransport {
  const timeoutMs = options.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS;
  // The SDK passes no signal for some methods (dryRunTransactionBlock), so the bound is put on fetch.
  const boundedFetch: typeof fetch = (input, init) => {
    const signals = [AbortSignal.timeout(timeoutMs)];
    if (options.signal) signals.push(options.signal);
    if (init?.signal) signals.push(init.signal);
    return fetch(input, { ...init, signal: AbortSignal.any(signals) });
  };
  return new JsonRpcHTTPTransport({ url: rpcUrl, fetch: boundedFetch });
}

export function createRpcClient(rpcUrl: string, options: RpcOptions = {}): SuiJsonRpcClient {
  return new SuiJsonRpcClient({ transport: boundedTransport(rpcUrl, options), network: 'unknown' });
}

/** Runs one RPC step, naming it in the error. An abort by the caller is passed on unchanged. */
export async function rpcStep<T>(
  rpcUrl: string,
  what: string,
  signal: AbortSignal | undefined,
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    throw toSimulationError(error, rpcUrl, what);
  }
}

function toSimulationError(error: unknown, rpcUrl: string, what: string): SimulationError {
  if (error instanceof SimulationError) return error;
  if (error instanceof JsonRpcError) {
    return new SimulationError(
      'rejected',
      `${what}: the RPC refused: ${error.message} (code ${error.code})`,
      { cause: error },
    );
  }
  if (error instanceof SuiHTTPStatusError) {
    const passing = error.status === 429 || error.status >= 500;
    return new SimulationError(
      passing ? 'unavailable' : 'rejected',
      `${what}: HTTP ${error.status} from ${rpcUrl}`,
      {
        cause: error,
      },
    );
  }
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new SimulationError('timeout', `${what}: no answer from ${rpcUrl} in time`, { cause: error });
  }
  if (error instanceof TypeError || name === 'SyntaxError') {
    // fetch() failing (refused, DNS, reset) or a body that is not JSON: the endpoint is not a working RPC.
    const cause = error instanceof Error && error.cause ? `: ${describeError(error.cause)}` : '';
    return new SimulationError(
      'unavailable',
      `${what}: cannot reach the Sui RPC at ${rpcUrl} (${describeError(error)}${cause})`,
      {
        cause: error,
      },
    );
  }
  return new SimulationError('rejected', `${what}: ${describeError(error)}`, { cause: error });
}
