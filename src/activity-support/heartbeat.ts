import { Context } from '@temporalio/activity';

/**
 * Heartbeats while `work` runs, so that when a worker dies Temporal notices within the heartbeat timeout
 * and hands the activity to another worker instead of waiting for the full start-to-close timeout.
 */
export async function withHeartbeat<T>(work: () => Promise<T>, everyMs = 2000): Promise<T> {
  const ctx = Context.current();
  // Local activities run inside the workflow task of the worker that runs them: nothing to heartbeat.
  if (ctx.info.isLocal) return work();
  // No heartbeat at the start: most activities finish well within one interval, and each heartbeat is
  // a server call.
  const timer = setInterval(() => ctx.heartbeat(), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
