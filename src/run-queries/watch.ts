// Waits for a run to finish while showing its progress. Survives a Temporal server restart: queries and
// the result long-poll are simply tried again until the server is back.
import type { WorkflowHandle } from '@temporalio/client';
import { progressQuery } from '../workflows/run-api.js';
import type { RunOutput, RunProgress } from '../contracts/run.js';
import { ProgressPrinter, formatProgress } from './progress.js';

export interface WatchOptions {
  showProgress: boolean;
  pollMs?: number;
  log: (line: string) => void;
}

/** The run's progress, or null when no worker answers in time (the call is cut off at the deadline). */
export async function queryProgress(handle: WorkflowHandle, timeoutMs = 3000): Promise<RunProgress | null> {
  try {
    return await handle.client.connection.withDeadline(Date.now() + timeoutMs, () =>
      handle.query(progressQuery),
    );
  } catch {
    return null;
  }
}

export async function watchRun(handle: WorkflowHandle, opts: WatchOptions): Promise<RunOutput> {
  const started = Date.now();
  return watchWorkflow<RunOutput>(handle, opts, async () => {
    const progress = await queryProgress(handle);
    return progress ? formatProgress(progress, Date.now() - started) : null;
  });
}

/**
 * Waits for a workflow's result, showing `progressLine()` (null: nothing new to show, e.g. no worker
 * answered the query) while it runs.
 */
export async function watchWorkflow<T>(
  handle: WorkflowHandle,
  opts: WatchOptions,
  progressLine: () => Promise<string | null>,
): Promise<T> {
  const printer = new ProgressPrinter(process.stderr);
  const awaitResult = () =>
    handle.result().then(
      (value: T) => ({ kind: 'done' as const, value }),
      (error: unknown) => ({ kind: 'error' as const, error }),
    );
  let result = awaitResult();
  let outage = false;
  for (;;) {
    const settled = await Promise.race([
      result,
      // unref: a pending tick must not keep the process alive once the result is in
      new Promise<{ kind: 'tick' }>((res) =>
        setTimeout(() => res({ kind: 'tick' }), opts.pollMs ?? 1000).unref(),
      ),
    ]);
    if (settled.kind === 'done') {
      printer.finish();
      return settled.value;
    }
    if (settled.kind === 'error') {
      if (!isUnavailable(settled.error)) {
        printer.finish();
        throw settled.error;
      }
      if (!outage) opts.log('The Temporal server is not answering; waiting for it to come back…');
      outage = true;
      await new Promise((res) => setTimeout(res, 2000));
      result = awaitResult();
      continue;
    }
    if (opts.showProgress) {
      const line = await progressLine();
      if (line) {
        outage = false;
        printer.update(line);
      }
    }
  }
}

/** gRPC UNAVAILABLE / connection failures: the server is restarting, not the run failing. */
function isUnavailable(err: unknown): boolean {
  const text = `${(err as { name?: string })?.name ?? ''} ${(err as Error)?.message ?? ''}`;
  return /unavailable|ECONNREFUSED|connection|transport|Connection dropped/i.test(text);
}
