// The io activities as both workflows call them: retried with backoff unless the failure is permanent.
// Activities heartbeat while they run, so a dead worker's task moves elsewhere within 30 seconds.
import { proxyActivities } from '@temporalio/workflow';
import type { IoActivities } from '../activities/index.js';
import { TASK_QUEUES } from '../temporal/names.js';
import { PERMANENT_ERROR_TYPES } from './retry-policies.js';

export const io = proxyActivities<IoActivities>({
  taskQueue: TASK_QUEUES.io,
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: {
    initialInterval: '1 second',
    maximumInterval: '10 seconds',
    nonRetryableErrorTypes: PERMANENT_ERROR_TYPES,
  },
});
