// Builds run in worker threads, one WASM instance of Sui's compiler each, so a build never stalls the
// Temporal worker's event loop (heartbeats, other activities). A thread that dies (a panic, memory
// exhausted) or passes the time limit fails only its own build, with the reason, and is replaced.
// Each thread keeps its own stubs in memory, but all share the stubs stored on disk (move-stubs/
// stub-cache.ts): builds that would make the same stubs wait for the first one (first-builds.ts) and read
// what it stored instead of making them again.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PROJECT_ROOT } from '../project-root.js';
import type { CompileOutcome } from './compile.js';
import type { ThreadRequest } from './compile-in-thread.js';
import { FirstBuilds } from './first-builds.js';
import type { SuiBuildRequest, SuiBuildResult } from './types.js';
import { unfinishedBuild } from './unfinished-build.js';

/** The thread's entry, always from the build (tests run the sources, the thread runs compiled code). */
const THREAD_ENTRY = join(PROJECT_ROOT, 'dist', 'src', 'sui-compiler', 'compile-in-thread.js');

export interface CompilerPoolOptions {
  /** Threads at most; default: the machine's cores. */
  size?: number;
  /** A build's time limit, dependency preparation included. */
  timeoutMs?: number;
  /** Heap limit of each thread's JavaScript (the WASM memory has its own, 4 GiB, limit). */
  maxHeapMb?: number;
}

interface Job {
  id: number;
  request: SuiBuildRequest;
  timeoutMs: number;
  resolve: (result: SuiBuildResult) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

export const DEFAULT_BUILD_TIMEOUT_MS = 120_000;

export class CompilerPool {
  private readonly size: number;
  private readonly timeoutMs: number;
  private readonly maxHeapMb: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly firstBuilds = new FirstBuilds();
  private nextId = 1;

  constructor(options: CompilerPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? availableParallelism());
    this.timeoutMs = options.timeoutMs ?? DEFAULT_BUILD_TIMEOUT_MS;
    this.maxHeapMb = options.maxHeapMb ?? 1024;
  }

  /** Resolves to the build's result; never rejects (a dead or stuck thread is a failed build). */
  build(request: SuiBuildRequest, options: { timeoutMs?: number } = {}): Promise<SuiBuildResult> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, request, timeoutMs, resolve });
      this.dispatch();
    });
  }

  /** Ends every thread; builds still queued or running fail as crashed. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0))
      job.resolve(unfinishedBuild('crashed', 'the compiler pool was closed'));
    await Promise.all(this.slots.splice(0).map((slot) => this.retire(slot, 'the compiler pool was closed')));
  }

  private dispatch(): void {
    for (;;) {
      const next = this.queue.findIndex((job) => this.firstBuilds.mayStart(job.request.dependencies));
      if (next < 0) return;
      let slot = this.slots.find((s) => s.job === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.splice(next, 1)[0]!;
      this.firstBuilds.started(job.request.dependencies);
      slot.job = job;
      slot.worker.ref();
      slot.timer = setTimeout(() => {
        void this.retire(slot, `the build passed its time limit of ${job.timeoutMs / 1000} s`, 'timed_out');
      }, job.timeoutMs);
      const message: ThreadRequest = { id: job.id, request: job.request };
      slot.worker.postMessage(message);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(THREAD_ENTRY, { resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb } });
    const slot: Slot = { worker, job: null, timer: null };
    worker.unref();
    worker.on('message', (message: { id: number; outcome: CompileOutcome }) => {
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      this.finish(slot, message.outcome.result);
      if (message.outcome.instanceSpoiled) void this.retire(slot, null);
      this.dispatch();
    });
    worker.on('error', (error) => void this.retire(slot, `the compiler thread failed: ${error.message}`));
    worker.on('exit', (code) => void this.retire(slot, `the compiler thread exited with code ${code}`));
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot, result: SuiBuildResult): void {
    if (slot.timer) clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = null;
    slot.timer = null;
    slot.worker.unref();
    // A build that crashed or ran out of time may have stored no stubs: the next first build makes them.
    if (job)
      this.firstBuilds.finished(
        job.request.dependencies,
        result.ok || (result.stage !== 'crashed' && result.stage !== 'timed_out'),
      );
    job?.resolve(result);
  }

  /** Takes the slot out of the pool; its running build, if any, fails with `reason`. */
  private async retire(slot: Slot, reason: string | null, stage: 'crashed' | 'timed_out' = 'crashed') {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    if (slot.job && reason !== null) this.finish(slot, unfinishedBuild(stage, reason));
    await slot.worker.terminate();
    this.dispatch();
  }
}
