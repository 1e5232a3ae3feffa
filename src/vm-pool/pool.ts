// Move VM executions of model-written code (helpers, Phase II `local` plans, a local full node's
// simulations) run in worker threads with a heap limit and a time limit, so a runaway execution (a loop
// that fills the heap, a stack overflow, a bug, a hang) fails that execution alone, with the reason, and
// never the worker or the node. One pool per process, made on first use; each thread keeps the VMs it loaded.
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root.js';
import { ThreadPool, type JobFailure, type JobOutcome, type ThreadPoolOptions } from '../thread-pool/pool.js';
import type { VmJob, VmJobAnswer, VmJobKind } from './jobs.js';

/**
 * The thread's entry, always from the build (tests run the sources, the thread runs compiled code). It is a
 * room of its own that nothing imports: it imports the code of every kind of job.
 */
const THREAD_ENTRY = join(PROJECT_ROOT, 'dist', 'src', 'vm-thread.js');

export const DEFAULT_VM_HEAP_MB = 512;
export const DEFAULT_VM_TIMEOUT_SECONDS = 60;

const FAILURE_STATUS: Record<JobFailure, string> = {
  crashed: 'VM_CRASHED',
  out_of_memory: 'VM_OUT_OF_MEMORY',
  timed_out: 'VM_TIMED_OUT',
};

/** How an execution without an answer reads: `VM_OUT_OF_MEMORY: the VM thread ran out of memory (…)`. */
export const unansweredExecution = (failure: { stage: JobFailure; reason: string }): string =>
  `${FAILURE_STATUS[failure.stage]}: ${failure.reason}`;

export class VmPool {
  private readonly threads: ThreadPool<VmJob, VmJobAnswer>;

  constructor(options: Partial<ThreadPoolOptions> = {}) {
    this.threads = new ThreadPool(
      { entry: THREAD_ENTRY, threadName: 'VM', jobName: 'VM execution' },
      {
        ...(options.size === undefined ? {} : { size: options.size }),
        timeoutMs: options.timeoutMs ?? DEFAULT_VM_TIMEOUT_SECONDS * 1000,
        maxHeapMb: options.maxHeapMb ?? DEFAULT_VM_HEAP_MB,
      },
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

function positive(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const value = Number(env[name]);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** `SMI_VM_THREADS` (default: the cores), `SMI_VM_HEAP_MB` (512), `SMI_VM_TIMEOUT_SECONDS` (60). */
export function vmPoolOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<ThreadPoolOptions> {
  const size = positive(env, 'SMI_VM_THREADS');
  const maxHeapMb = positive(env, 'SMI_VM_HEAP_MB');
  const seconds = positive(env, 'SMI_VM_TIMEOUT_SECONDS');
  return {
    ...(size === undefined ? {} : { size }),
    ...(maxHeapMb === undefined ? {} : { maxHeapMb }),
    ...(seconds === undefined ? {} : { timeoutMs: seconds * 1000 }),
  };
}

let shared: VmPool | undefined;

/** The process's pool, configured from its environment. */
export function vmPool(): VmPool {
  shared ??= new VmPool(vmPoolOptionsFromEnv());
  return shared;
}
