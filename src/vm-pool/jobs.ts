// What a VM thread is asked to run, and what each kind of job answers. Everything here crosses the thread
// boundary, so it is structured-clone-able: plain objects, arrays, Uint8Array, bigint.
import type { EntrypointResult } from '../core/helper/row.js';
import type { FullnodeExecution, FullnodeExecuted } from '../fullnode/simulate-execution.js';
import type { HelperRunRequest } from '../helper/execute.js';
import type { SimulationOutcome, SimulationRequest } from '../sim/types.js';

export interface VmJobs {
  /** The entry functions a helper's run has. */
  'helper-entrypoints': { request: HelperRunRequest; result: string[] };
  /** One of them, as its own transaction. */
  'helper-entrypoint': { request: { helper: HelperRunRequest; index: number }; result: EntrypointResult };
  /** A Phase II plan in `local` mode. */
  'local-simulation': { request: SimulationRequest; result: SimulationOutcome };
  /** A local full node's SimulateTransaction, once the node has resolved its inputs. */
  'fullnode-simulation': { request: FullnodeExecution; result: FullnodeExecuted };
}

export type VmJobKind = keyof VmJobs;

export interface VmJob<K extends VmJobKind = VmJobKind> {
  kind: K;
  request: VmJobs[K]['request'];
}

/** An error the caller expects (a package that will not load, a rejected plan), carried across as data. */
export interface CarriedError {
  name: string;
  message: string;
  /** SimulationError's kind, GrpcStatusError's code, PackageReadError's code. */
  detail?: string | number;
}

/** A thread's answer: the job's result, or an expected error to throw on the caller's side. */
export type VmJobAnswer<K extends VmJobKind = VmJobKind> =
  { ok: true; result: VmJobs[K]['result'] } | { ok: false; error: CarriedError };
