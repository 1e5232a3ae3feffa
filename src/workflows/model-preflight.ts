// The pre-flight of a model run: one tiny request on the model task queue, so that the process that will
// make the run's model calls (a worker, with its own key) is the one that checks endpoint, key and model.
import { proxyActivities } from '@temporalio/workflow';
import type { LlmActivities } from '../activities/index.js';
import type { ModelProbeResult } from '../activities/llm.js';
import { TASK_QUEUES } from '../temporal/names.js';
import type { RealAgentSettings } from '../contracts/agent-settings.js';

/** How long the check waits for a worker to take it: none polling the queue means no one would run the calls. */
export const PREFLIGHT_PICKUP_SECONDS = 60;

export async function modelPreflight(args: {
  runId: string;
  settings: RealAgentSettings;
}): Promise<ModelProbeResult> {
  const llm = proxyActivities<LlmActivities>({
    taskQueue: TASK_QUEUES.llm,
    scheduleToStartTimeout: `${PREFLIGHT_PICKUP_SECONDS} seconds`,
    startToCloseTimeout: '45 seconds',
    // One probe: retrying is the run's business, and a failing endpoint should be reported at once.
    retry: { maximumAttempts: 1 },
  });
  return llm.probeModel(args);
}
