// How a transaction that failed in the local VM reads in a row. A Move abort is written as a node's
// dry-run writes it in `effects.status.error`: the Rust debug form of Sui's `MoveAbort(MoveLocation, code)`
// and ` in command N`, which names the module, the function (definition index and name) and the
// instruction offset. So a `local` row reads as a `dry-run` row does, and the dry-run parser
// (dry-run-response.ts) takes the same code and location out of it. Other failures keep smi-bench's own
// wording: the command, the VM status, and what went wrong.
import type { PtbError } from '../vm/ptb.js';
import { shortId } from './chain-spelling.js';
import type { SimulationFailure } from './types.js';

/**
 * `error`, the executor's failure; `packageIdOf` gives the storage id (64 hex digits) of the package whose
 * modules carry an address: Sui names the package version that ran in an abort's location.
 */
export function localExecutionFailure(
  error: PtbError,
  packageIdOf: (moduleAddress: string) => string,
): SimulationFailure {
  const { command, status, code, location, argument, message } = error;
  const inCommand = command === null ? '' : ` in command ${command}`;
  if (status === 'ABORTED' && code !== undefined && location) {
    const packageId = packageIdOf(location.address);
    const moveLocation =
      `MoveLocation { module: ModuleId { address: ${packageId}, name: Identifier("${location.module}") }, ` +
      `function: ${location.functionIndex}, instruction: ${location.offset}, ` +
      `function_name: Some("${location.function}") }`;
    return {
      status: 'failure',
      effectsError: `MoveAbort(${moveLocation}, ${code})${inCommand}`,
      abortCode: code.toString(),
      abortLocation: `${shortId(packageId)}::${location.module}::${location.function}`,
    };
  }
  return {
    status: 'failure',
    effectsError:
      `command ${command}: ${status}${code === undefined ? '' : ` ${code}`}` +
      `${argument ? ` ${argument.kind} (argument ${argument.index})` : ''}: ${message}`,
    abortCode: status === 'ABORTED' && code !== undefined ? code.toString() : null,
    abortLocation: location ? `${shortId(location.address)}::${location.module}::${location.function}` : null,
  };
}
