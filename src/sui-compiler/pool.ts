// Builds run in worker threads (src/thread-pool/), one WASM instance of Sui's compiler each, so a build never
// stalls the Temporal worker's event loop (heartbeats, other activities). A thread that dies (a panic,
// memory exhausted) or passes the time limit fails only its own build, with the reason, and is replaced.
// Each thread keeps its own stubs in memory, but all share the stubs stored on disk (move-stubs/
// stub-cache.ts): builds that would make the same stubs wait for the first one (first-builds.ts) and read
// what it stored instead of making them again.
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root.js';
import { smiHome } from '../smi-home.js';
import { ThreadPool, type JobOutcome } from '../thread-pool/pool.js';
import { FirstBuilds } from './first-builds.js';
import type { SuiBuildRequest, SuiBuildResult } from '../contracts/sui-build.js';
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
  /** The state folder whose `stubs/` the threads share (default: this process's). */
  smiHome?: string;
}

/** What each compiler thread is given at its start. */
export interface CompilerThreadData {
  smiHome: string;
}

export const DEFAULT_BUILD_TIMEOUT_MS = 120_000;

/** Whether the build went far enough to store its stubs: it ended with Sui's verdict. */
function storedStubs(outcome: JobOutcome<SuiBuildResult>): boolean {
  if (!outcome.ok) return false;
  const result = outcome.result;
  return result.ok || (result.stage !== 'crashed' && result.stage !== 'timed_out');
}

export class CompilerPool {
  private readonly threads: ThreadPool<SuiBuildRequest, SuiBuildResult>;

  constructor(options: CompilerPoolOptions = {}) {
    const firstBuilds = new FirstBuilds();
    this.threads = new ThreadPool(
      {
        entry: THREAD_ENTRY,
        threadName: 'compiler',
        jobName: 'build',
        workerData: { smiHome: options.smiHome ?? smiHome() } satisfies CompilerThreadData,
        mayStart: (request) => firstBuilds.mayStart(request.dependencies),
        started: (request) => firstBuilds.started(request.dependencies),
        // A build that crashed or ran out of time may have stored no stubs: the next first build makes them.
        finished: (request, outcome) => firstBuilds.finished(request.dependencies, storedStubs(outcome)),
      },
      {
        ...(options.size === undefined ? {} : { size: options.size }),
        timeoutMs: options.timeoutMs ?? DEFAULT_BUILD_TIMEOUT_MS,
        maxHeapMb: options.maxHeapMb ?? 1024,
      },
    );
  }

  /** Resolves to the build's result; never rejects (a dead or stuck thread is a failed build). */
  async build(request: SuiBuildRequest, options: { timeoutMs?: number } = {}): Promise<SuiBuildResult> {
    const outcome = await this.threads.run(request, options);
    if (outcome.ok) return outcome.result;
    return unfinishedBuild(outcome.stage === 'timed_out' ? 'timed_out' : 'crashed', outcome.reason);
  }

  /** Ends every thread; builds still queued or running fail as crashed. */
  close(): Promise<void> {
    return this.threads.close();
  }
}
