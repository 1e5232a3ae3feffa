// The simulation activities as workflows call them: on their own task queue (their own concurrency limit,
// so a slow RPC never holds up model calls or extraction), heartbeating, retried only when the failure
// is passing (an unreachable RPC), never when the simulator rejected the plan.
import { proxyActivities } from '@temporalio/workflow';
import type { SimActivities } from '../activities/sim.js';
import { TASK_QUEUES } from '../temporal/names.js';

export function simActivities(timeoutMs: number): SimActivities {
  return proxyActivities<SimActivities>({
    taskQueue: TASK_QUEUES.sim,
    scheduleToCloseTimeout: Math.max(1000, timeoutMs),
    heartbeatTimeout: '30 seconds',
    retry: {
      initialInterval: '1 second',
      maximumInterval: '8 seconds',
      maximumAttempts: 3,
      nonRetryableErrorTypes: ['SimulationRejected', 'InvalidPackage', 'InvalidConfig'],
    },
  });
}
