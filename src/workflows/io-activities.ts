// The io activities as the run engine calls them: retried with backoff unless the failure is permanent.
import { proxyActivities } from '@temporalio/workflow';
import type { IoActivities } from '../activities/index.js';
import { TASK_QUEUES } from '../temporal/names.js';
import { IO_RETRY, localIoActivities } from '../workflow-kit/local-io.js';

/**
 * Run-level work (discovery, paging the manifest, the final result) on the io task queue. Activities
 * heartbeat while they run, so a dead worker's task moves elsewhere within 30 seconds.
 */
export const io = proxyActivities<IoActivities>({
  taskQueue: TASK_QUEUES.io,
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: IO_RETRY,
});

/** Per-package file work (recording a failed package, reading a recorded one) as local activities. */
export const ioLocal = localIoActivities<IoActivities>();
