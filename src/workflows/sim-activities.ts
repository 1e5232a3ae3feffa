// The simulation activities as workflows call them: on their own task queue (their own concurrency limit,
// so a slow RPC never holds up model calls or extraction), heartbeating, retried only when the failure
// is passing (an unreachable RPC), never when the simulator rejected the plan. `build-only` needs no
// network and takes milliseconds: it runs as a local activity next to the workflow instead.
import { patched, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { SimActivities } from '../benchmarks/phase2/sim-activities.js';
import { TASK_QUEUES } from '../temporal/names.js';
import { LOCAL_RETRY_THRESHOLD } from './retry-policies.js';
import type { SimulationMode } from '../contracts/simulation.js';
import { FailureType } from '../contracts/failure-types.js';
import { PATCH } from './patches.js';

const retry = {
  initialInterval: '1 second',
  maximumInterval: '8 seconds',
  maximumAttempts: 3,
  nonRetryableErrorTypes: [
    FailureType.SimulationRejected,
    FailureType.InvalidPackage,
    FailureType.InvalidConfig,
  ],
};

export function simActivities(timeoutMs: number, mode?: SimulationMode): SimActivities {
  const scheduleToCloseTimeout = Math.max(1000, timeoutMs);
  // A local activity saves a server round trip (schedule, dispatch, completion, one more workflow task).
  // Runs from before it scheduled build-only on the smi-sim queue, and replay so; the marker is written
  // once per package workflow, at its first simulation.
  if (mode === 'build-only' && patched(PATCH.localBuildOnly)) {
    return proxyLocalActivities<SimActivities>({
      scheduleToCloseTimeout,
      retry,
      localRetryThreshold: LOCAL_RETRY_THRESHOLD,
    });
  }
  return proxyActivities<SimActivities>({
    taskQueue: TASK_QUEUES.sim,
    scheduleToCloseTimeout,
    heartbeatTimeout: '30 seconds',
    retry,
  });
}
