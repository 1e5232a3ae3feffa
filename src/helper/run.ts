// Running a built helper's entry functions, each in a VM thread (src/vm-pool/): an entry function whose
// execution kills its thread (the heap filled, the stack overflowed, a bug) or passes the time limit is
// that entry function's failure, with the reason in its `error`, and the next one runs in a fresh thread.
import type { EntrypointResult } from '../core/helper/row.js';
import { VmLoadError } from '../vm/errors.js';
import { unansweredExecution, vmPool, type VmPool } from '../vm-pool/pool.js';
import { failedEntrypoint, HELPER_ENTRYPOINT, HELPER_ENTRYPOINTS, type HelperRunRequest } from './execute.js';

/**
 * Publishes the helper and runs its entry functions, one transaction each, in order.
 * @throws VmLoadError when the target, the framework or the helper's bytecode cannot be loaded
 */
export async function runHelper(
  request: HelperRunRequest,
  pool: VmPool = vmPool(),
): Promise<EntrypointResult[]> {
  const listed = await pool.run(HELPER_ENTRYPOINTS, request);
  if (!listed.ok) throw new VmLoadError(`the helper could not be loaded: ${unansweredExecution(listed)}`);
  const results: EntrypointResult[] = [];
  for (const [index, target] of listed.result.entries()) {
    const ran = await pool.run(HELPER_ENTRYPOINT, { helper: request, index });
    results.push(ran.ok ? ran.result : failedEntrypoint(target, unansweredExecution(ran)));
  }
  return results;
}
