// The io activities as the workflows call them: retried with backoff unless the failure is permanent.
import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { IoActivities } from '../activities/index.js';
import { TASK_QUEUES } from '../temporal/names.js';
import { LOCAL_RETRY_THRESHOLD, PERMANENT_ERROR_TYPES } from './retry-policies.js';

/** About a minute of retries (1, 2, 4, 8, 10 … s) covers passing trouble; then the error is reported. */
const retry = {
  initialInterval: '1 second',
  maximumInterval: '10 seconds',
  maximumAttempts: 8,
  nonRetryableErrorTypes: PERMANENT_ERROR_TYPES,
};

/**
 * Run-level work (discovery, paging the manifest, the final result) on the io task queue. Activities
 * heartbeat while they run, so a dead worker's task moves elsewhere within 30 seconds.
 */
export const io = proxyActivities<IoActivities>({
  taskQueue: TASK_QUEUES.io,
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry,
});

/**
 * Per-package file work (extracting one interface, recording one row) takes milliseconds. As local
 * activities it runs next to the workflow, which saves two server round trips per package; both are
 * idempotent, so running one again after a crash is harmless.
 */
export const ioLocal = proxyLocalActivities<IoActivities>({
  startToCloseTimeout: '2 minutes',
  retry,
  localRetryThreshold: LOCAL_RETRY_THRESHOLD,
});

/**
 * The package's interface and truth, extracted (a local activity) as each package workflow begins; with
 * `definingIds`, also its scoring targets under their defining ids (`targets`).
 */
export function extractInterfaceOf(
  input: { runDir: string; packageDir: string; packageId: string },
  definingIds = false,
) {
  return ioLocal.extractInterface({
    runDir: input.runDir,
    packageDir: input.packageDir,
    packageId: input.packageId,
    ...(definingIds ? { definingIds } : {}),
  });
}
