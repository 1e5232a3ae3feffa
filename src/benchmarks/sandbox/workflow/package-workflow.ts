// One package, sandbox phase: a single activity on the simulation queue runs upstream's benchmark-local over
// the package in the in-process VM and records its row. A package that cannot be loaded is recorded with its
// reason by the activity itself; nothing about it can fail the run.
import { proxyActivities } from '@temporalio/workflow';
import { TASK_QUEUES } from '../../../temporal/names.js';
import type { PackageSummary } from '../../../contracts/run.js';
import type { SandboxPackageInput } from '../../../contracts/sandbox-options.js';

/**
 * The activity it calls, as the workflow sees it: declared here, since workflow code may not name the
 * activities room above it (test/benchmarks/activity-fit.test.ts holds the worker's activity to it).
 */
export interface SandboxActivities {
  runSandboxPackage: (input: SandboxPackageInput) => Promise<PackageSummary>;
}

const sandbox = proxyActivities<SandboxActivities>({
  taskQueue: TASK_QUEUES.sim,
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 3 },
});

export async function sandboxPackage(input: SandboxPackageInput): Promise<PackageSummary> {
  return sandbox.runSandboxPackage(input);
}
