// What crosses into a VM thread and back. Everything is structured-clone-able: plain objects, arrays,
// Uint8Array, bigint. A kind of job is declared beside the code that runs it (helper/execute.ts, sim/local.ts,
// fullnode/simulate-execution.ts), which knows its request, its result and the errors its callers expect;
// the thread's entry (src/vm-thread.ts) maps the kinds' names to that code. This room imports none of those
// rooms, so none of them import it back through another.

/** An error the caller expects (a package that will not load, a rejected plan), carried across as data. */
export interface CarriedError {
  name: string;
  message: string;
  /** SimulationError's kind, GrpcStatusError's code, PackageReadError's code. */
  detail?: string | number;
}

/**
 * A kind of job: its name (all that crosses), the code a thread runs for it, and how an error that code
 * throws and the caller expects is carried across (null: not expected, the job counts as crashed) and
 * thrown again, as its class, on the caller's side.
 */
export interface VmJobKind<Request, Result> {
  readonly name: string;
  readonly run: (request: Request) => Promise<Result>;
  readonly carry: (error: unknown) => CarriedError | null;
  readonly rebuild: (carried: CarriedError) => Error;
}

export interface VmJob {
  kind: string;
  request: unknown;
}

/** A thread's answer: the job's result, or an expected error to throw on the caller's side. */
export type VmJobAnswer<Result = unknown> = { ok: true; result: Result } | { ok: false; error: CarriedError };
