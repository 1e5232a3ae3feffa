import { Context } from '@temporalio/activity';

/**
 * Heartbeats while `work` runs, so that when a worker dies Temporal notices within the heartbeat timeout
 * and hands the activity to another worker instead of waiting for the full start-to-close timeout.
 */
export async function withHeartbeat<T>(work: () => Promise<T>, everyMs = 2000): Promise<T> {
  const ctx = Context.current();
  ctx.heartbeat();
  const timer = setInterval(() => ctx.heartbeat(), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
