import { Connection } from '@temporalio/client';

/** The SDK's "Failed to connect before the deadline", turned into a message that says what to check. */
export function unreachableServerError(address: string, err: unknown): Error {
  return new Error(
    `cannot reach the Temporal server at ${address} (${(err as Error).message}). ` +
      'Is it running? Start one with `smi-bench server`, or unset TEMPORAL_ADDRESS to let smi-bench start its own.',
    { cause: err },
  );
}

export async function connectOrExplain(address: string): Promise<Connection> {
  try {
    return await Connection.connect({ address, connectTimeout: 10_000 });
  } catch (err) {
    throw unreachableServerError(address, err);
  }
}
