// One gRPC call of the simulators: the failure sorted by what a retry could change (ChainError), then
// given as a SimulationError, whose kind decides whether the activity is tried again.
import { ChainError, chainStep } from '../chain/grpc-client.js';
import { SimulationError } from './errors.js';

/** Only transient failures are worth a retry of the activity. */
function simulationError(error: ChainError): SimulationError {
  const kind = error.kind === 'timeout' ? 'timeout' : error.transient ? 'unavailable' : 'rejected';
  return new SimulationError(kind, error.message, { cause: error });
}

/** Runs one call to the node at `url`, naming it `what`; an abort by the caller is passed on unchanged. */
export async function simStep<T>(
  url: string,
  what: string,
  signal: AbortSignal | undefined,
  call: () => PromiseLike<T>,
): Promise<T> {
  try {
    return await chainStep(url, what, signal, call);
  } catch (error) {
    if (error instanceof ChainError) throw simulationError(error);
    throw error;
  }
}
