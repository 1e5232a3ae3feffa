// Move VM executions of model-written code (helpers, Phase II `local` plans, a local full node's
// simulations) run in worker threads with a heap limit and a time limit, so a runaway execution (a loop
// that fills the heap, a stack overflow, a bug, a hang) fails that execution alone, with the reason, and
// never the worker or the node. One pool per process, made on first use; each thread keeps the VMs it loaded.
import { join } from 'node:path';
import { readConfig } from '../config/read.js';
import type { ProcessConfig } from '../config/variables.js';
import { PROJECT_ROOT } from '../project-root.js';
import { ThreadPool, type JobFailure, type JobOutcome, type ThreadPoolOptions } from '../thread-pool/pool.js';
import type { VmJob, VmJobAnswer, VmJobKind } from './jobs.js';

/**
 * The thread's entry, always from the build (tests run the sources, the thread runs compiled code). It is a
 * room of its own that nothing imports: it imports the code of every kind of job.
 */
const THREAD_ENTRY = join(PROJECT_ROOT, 'dist', 'src', 'vm-thread.js');

const FAILURE_STATUS: Record<JobFailure, string> = {
  crashed: 'VM_CRASHED',
  out_of_memory: 'VM_OUT_OF_MEMORY',
  timed_out: 'VM_TIMED_OUT',
};

/** How an execution without an answer reads: `VM_OUT_OF_MEMORY: the VM thread ran out of memory (…)`. */
export const unansweredExecution = (failure: { stage: JobFailure; reason: string }): string =>
  `${FAILURE_STATUS[failure.stage]}: ${failure.reason}`;

const VM_VARIABLES = ['SMI_VM_THREADS', 'SMI_VM_HEAP_MB', 'SMI_VM_TIMEOUT_SECONDS'] as const;
type VmVariable = (typeof VM_VARIABLES)[number];

/** The limits the settings give when no variable is set (the schema's defaults). */
const DEFAULT_VM_POOL_OPTIONS = vmPoolOptions(readConfig({}, {}, VM_VARIABLES));

export class VmPool {
  private readonly threads: ThreadPool<VmJob, VmJobAnswer>;

  constructor(options: Partial<ThreadPoolOptions> = DEFAULT_VM_POOL_OPTIONS) {
    this.threads = new ThreadPool(
      { entry: THREAD_ENTRY, threadName: 'VM', jobName: 'VM execution' },
      { ...DEFAULT_VM_POOL_OPTIONS, ...options },
    );
  }

  /**
   * The job's result, or (`ok: false`) why its thread gave none.
   * @throws the error the job's code threw when the caller expects it (VmLoadError, SimulationError, …)
   */
  async run<Request, Result>(
    kind: VmJobKind<Request, Result>,
    request: Request,
  ): Promise<JobOutcome<Result>> {
    const outcome = await this.threads.run({ kind: kind.name, request });
    if (!outcome.ok) return outcome;
    const answer = outcome.result as VmJobAnswer<Result>;
    if (!answer.ok) throw kind.rebuild(answer.error);
    return { ok: true, result: answer.result };
  }

  close(): Promise<void> {
    return this.threads.close();
  }
}

/** The pool's limits from the process's settings: threads (default: the cores), heap MB, seconds per execution. */
export function vmPoolOptions(config: Pick<ProcessConfig, VmVariable>): ThreadPoolOptions {
  return {
    ...(config.SMI_VM_THREADS === undefined ? {} : { size: config.SMI_VM_THREADS }),
    maxHeapMb: config.SMI_VM_HEAP_MB,
    timeoutMs: config.SMI_VM_TIMEOUT_SECONDS * 1000,
  };
}

let shared: VmPool | undefined;
let sharedOptions = DEFAULT_VM_POOL_OPTIONS;

/**
 * Sets the limits of the process's pool, before its first job: entry points (a worker, a full node) give
 * what their settings say. Asking for other limits once the pool runs is refused rather than ignored.
 */
export function configureVmPool(options: ThreadPoolOptions): void {
  if (shared && JSON.stringify(options) !== JSON.stringify(sharedOptions))
    throw new Error(
      `the VM pool already runs with ${JSON.stringify(sharedOptions)}, not ${JSON.stringify(options)}`,
    );
  sharedOptions = options;
}

/** The process's pool, with the limits its entry point set (else the defaults), made on first use. */
export function vmPool(): VmPool {
  shared ??= new VmPool(sharedOptions);
  return shared;
}
