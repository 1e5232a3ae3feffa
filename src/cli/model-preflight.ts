// Before a model run starts: one tiny request through the model task queue, answered by the process that
// will make the run's calls. A failure stops the command before anything is started (exit 2).
import { randomBytes } from 'node:crypto';
import { ActivityFailure, TimeoutFailure, WorkflowFailedError } from '@temporalio/client';
import { TimeoutType } from '@temporalio/common';
import { TASK_QUEUES } from '../temporal/names.js';
import { PREFLIGHT_PICKUP_SECONDS, type modelPreflight } from '../workflows/model-preflight.js';
import { UsageError } from './errors.js';
import { describeEndpoint, type ModelAccess } from './model-access.js';
import type { CliIO } from './run-common.js';
import type { Session } from './session.js';

export async function preflightModel(
  session: Session,
  runId: string,
  access: ModelAccess,
  io: CliIO,
): Promise<void> {
  const settings = access.settings;
  if (!settings) return;
  try {
    const result = await session.client.workflow.execute<typeof modelPreflight>('modelPreflight', {
      // A fresh id each time: the check is about now, not about the run's past.
      workflowId: `smi/preflight/${runId}/${randomBytes(4).toString('hex')}`,
      taskQueue: TASK_QUEUES.orchestration,
      args: [{ runId, settings }],
      workflowExecutionTimeout: '3 minutes',
    });
    io.log(
      `pre-flight: model ${settings.model} at ${settings.base_url} answered` +
        (result.note ? ` (${result.note})` : ''),
    );
  } catch (err) {
    throw new UsageError(preflightFailure(err, access, session.workers !== null));
  }
}

function preflightFailure(err: unknown, access: ModelAccess, workerInThisProcess: boolean): string {
  const model = access.settings?.model ?? '';
  const cause = err instanceof WorkflowFailedError ? err.cause : err;
  const root = cause instanceof ActivityFailure && cause.cause ? cause.cause : cause;
  if (root instanceof TimeoutFailure && root.timeoutType === TimeoutType.SCHEDULE_TO_START) {
    return (
      `model pre-flight: no worker took the check within ${PREFLIGHT_PICKUP_SECONDS} s, so no one would make ` +
      'the run’s model calls; start `smi-bench worker` processes for this server, or pass --skip-preflight'
    );
  }
  const reason = root instanceof Error ? root.message : String(root);
  const keyReader = workerInThisProcess
    ? 'the worker in this process'
    : 'the `smi-bench worker` processes (their own environment)';
  return [
    `model pre-flight failed: model "${model}" at ${describeEndpoint(access)} did not answer: ${reason}`,
    `  the endpoint and the model are this command's settings (SMI_API_BASE_URL, SMI_MODEL); the API key is ` +
      `read by ${keyReader} (SMI_API_KEY)`,
    '  nothing was started: fix the setting and start again, or pass --skip-preflight to start anyway',
  ].join('\n');
}
