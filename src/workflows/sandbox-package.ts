// One package, sandbox phase: a single activity on the simulation queue runs upstream's benchmark-local over
// the package in the in-process VM and records its row. A package that cannot be loaded is recorded with its
// reason by the activity itself; nothing about it can fail the run.
import { proxyActivities } from '@temporalio/workflow';
import type { SandboxActivities } from '../benchmarks/sandbox/activities.js';
import { TASK_QUEUES } from '../temporal/names.js';
import type { PackageSummary } from '../contracts/run.js';
import type { SandboxPackageInput } from '../contracts/sandbox-options.js';

const sandbox = proxyActivities<SandboxActivities>({
  taskQueue: TASK_QUEUES.sim,
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 3 },
});

export async function sandboxPackage(input: SandboxPackageInput): Promise<PackageSummary> {
  return sandbox.runSandboxPackage(input);
}
