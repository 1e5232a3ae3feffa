// Errors of the simulators, sorted by what a retry could change.

/**
 * - `rejected`: the plan or its inputs cannot be simulated as given (bad argument, missing object, the
 *   node refused the transaction, the helper binary failed). Retrying changes nothing.
 * - `unavailable`: the RPC endpoint could not be reached or answered with a server error.
 * - `timeout`: a call did not finish in time.
 */
export type SimulationErrorKind = 'rejected' | 'unavailable' | 'timeout';

export class SimulationError extends Error {
  constructor(
    readonly kind: SimulationErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SimulationError';
  }
}

export const rejected = (message: string, cause?: unknown) =>
  new SimulationError('rejected', message, { cause });

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
