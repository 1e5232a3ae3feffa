// A pool of worker threads, each with a heap limit, for work that must not take the process down with it:
// Sui's compiler (src/sui-compiler/pool.ts) and Move VM executions (src/vm-pool/). A thread that dies
// (out of memory, a crash), throws, or passes the job's time limit fails only its own job, with the
// reason, and is replaced by the next job that needs a thread. Jobs never reject.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ThreadAnswer, ThreadRequest } from './serve.js';

export interface ThreadPoolOptions {
  /** Threads at most; default: the machine's cores. */
  size?: number;
  /** A job's time limit, from the moment a thread takes it. */
  timeoutMs: number;
  /** Heap limit of each thread's JavaScript. */
  maxHeapMb: number;
}

/** What kind of threads these are, for the reasons a failed job gives. */
export interface ThreadPoolKind<Request, Result> {
  /** The thread's entry module, compiled (a worker thread runs JavaScript). */
  entry: string;
  /** `compiler`: "the compiler thread ran out of memory". */
  threadName: string;
  /** `build`: "the build passed its time limit of 2 s". */
  jobName: string;
  /** Given to each thread as `workerData`: settings the thread cannot read from its parent's modules. */
  workerData?: unknown;
  /** Whether a queued job may start now (builds waiting for another's stubs); default: always. */
  mayStart?: (request: Request) => boolean;
  started?: (request: Request) => void;
  finished?: (request: Request, outcome: JobOutcome<Result>) => void;
}

/** A job's end: the thread's result, or why there is none. */
export type JobOutcome<Result> =
  { ok: true; result: Result } | { ok: false; stage: JobFailure; reason: string };

/** Why a job has no result: its thread died, or ran out of heap, or it passed its time limit. */
export type JobFailure = 'crashed' | 'out_of_memory' | 'timed_out';

interface Job<Request, Result> {
  id: number;
  request: Request;
  timeoutMs: number;
  resolve: (outcome: JobOutcome<Result>) => void;
}

interface Slot<Request, Result> {
  worker: Worker;
  job: Job<Request, Result> | null;
  timer: NodeJS.Timeout | null;
}

export class ThreadPool<Request, Result> {
  readonly size: number;
  readonly timeoutMs: number;
  readonly maxHeapMb: number;
  private readonly slots: Slot<Request, Result>[] = [];
  private readonly queue: Job<Request, Result>[] = [];
  private nextId = 1;

  constructor(
    private readonly kind: ThreadPoolKind<Request, Result>,
    options: ThreadPoolOptions,
  ) {
    this.size = Math.max(1, options.size ?? availableParallelism());
    this.timeoutMs = options.timeoutMs;
    this.maxHeapMb = options.maxHeapMb;
  }

  run(request: Request, options: { timeoutMs?: number } = {}): Promise<JobOutcome<Result>> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, request, timeoutMs, resolve });
      this.dispatch();
    });
  }

  /** Ends every thread; jobs still queued or running fail as crashed. */
  async close(): Promise<void> {
    const reason = `the ${this.kind.threadName} pool was closed`;
    for (const job of this.queue.splice(0)) job.resolve({ ok: false, stage: 'crashed', reason });
    await Promise.all(this.slots.splice(0).map((slot) => this.end(slot, reason)));
  }

  private dispatch(): void {
    for (;;) {
      const next = this.queue.findIndex((job) => this.kind.mayStart?.(job.request) ?? true);
      if (next < 0) return;
      let slot = this.slots.find((s) => s.job === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.splice(next, 1)[0]!;
      this.kind.started?.(job.request);
      slot.job = job;
      slot.worker.ref();
      this.startClock(slot, job);
      const message: ThreadRequest<Request> = { id: job.id, request: job.request };
      slot.worker.postMessage(message);
    }
  }

  /**
   * The time limit counts from when a ready thread has the job: a thread's start-up is not the job's, but a
   * thread that never starts is bounded too (its clock starts again once it is ready).
   */
  private startClock(slot: Slot<Request, Result>, job: Job<Request, Result>): void {
    if (slot.timer) clearTimeout(slot.timer);
    const reason = `the ${this.kind.jobName} passed its time limit of ${job.timeoutMs / 1000} s`;
    slot.timer = setTimeout(() => void this.retire(slot, reason, 'timed_out'), job.timeoutMs);
  }

  private spawn(): Slot<Request, Result> {
    const worker = new Worker(this.kind.entry, {
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
      workerData: this.kind.workerData,
    });
    const slot: Slot<Request, Result> = { worker, job: null, timer: null };
    const name = this.kind.threadName;
    worker.unref();
    worker.on('message', (answer: ThreadAnswer<Result>) => {
      if ('ready' in answer) {
        // The thread has loaded its code: a job it already has gets its whole time limit from now.
        if (slot.job) this.startClock(slot, slot.job);
        return;
      }
      if (slot.job?.id !== answer.id) return;
      if ('thrown' in answer) {
        // Whatever threw may have left the thread's state half-changed: it is not used again.
        void this.retire(slot, `the ${this.kind.jobName} failed unexpectedly: ${answer.thrown}`);
        return;
      }
      this.finish(slot, { ok: true, result: answer.result });
      if (answer.retire) void this.retire(slot, null);
      this.dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
        void this.retire(
          slot,
          `the ${name} thread ran out of memory (heap limit ${this.maxHeapMb} MB)`,
          'out_of_memory',
        );
      else void this.retire(slot, `the ${name} thread failed: ${error.message}`);
    });
    worker.on('exit', (code) => void this.retire(slot, `the ${name} thread exited with code ${code}`));
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot<Request, Result>, outcome: JobOutcome<Result>): void {
    if (slot.timer) clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = null;
    slot.timer = null;
    slot.worker.unref();
    if (!job) return;
    this.kind.finished?.(job.request, outcome);
    job.resolve(outcome);
  }

  /** Takes the slot out of the pool; its running job, if any, fails with `reason`. */
  private async retire(slot: Slot<Request, Result>, reason: string | null, stage: JobFailure = 'crashed') {
    if (!this.slots.includes(slot)) return;
    this.slots.splice(this.slots.indexOf(slot), 1);
    await this.end(slot, reason, stage);
    this.dispatch();
  }

  private async end(slot: Slot<Request, Result>, reason: string | null, stage: JobFailure = 'crashed') {
    if (slot.job && reason !== null) this.finish(slot, { ok: false, stage, reason });
    await slot.worker.terminate();
  }
}
