// Before a model run starts: one tiny request through the model task queue, answered by a process that
// will make the run's calls (the one that took it is named: beside `smi-bench server`, the command's own
// worker and `smi-bench worker` processes may both take them). A failure stops the command before anything
// is started (exit 2).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { ActivityFailure, TimeoutFailure, WorkflowFailedError } from '@temporalio/client';
import { TimeoutType } from '@temporalio/common';
import { TASK_QUEUES } from '../temporal/names.js';
import { PREFLIGHT_PICKUP_SECONDS, type modelPreflight } from '../workflows/model-preflight.js';
import { UsageError } from '../usage-error.js';
import {
  describeEndpoint,
  describeKeyReaders,
  keyReaders,
  type KeyReaders,
  type ModelAccess,
} from './model-access.js';
import type { CliIO } from '../contracts/cli-io.js';
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
    const readers = keyReaders(session);
    io.log(
      `pre-flight: model ${settings.model} at ${settings.base_url} answered` +
        (result.note ? ` (${result.note})` : '') +
        (result.worker ? `; asked by ${askedBy(result.worker, readers)}` : ''),
    );
  } catch (err) {
    throw new UsageError(preflightFailure(err, access, keyReaders(session)));
  }
}

/**
 * The process whose key the check proved: the probe names it `pid@host`, as the SDK names a worker (and an
 * activity failure its last worker), and as this process names itself here.
 */
function askedBy(worker: string, readers: KeyReaders): string {
  const here = worker === `${process.pid}@${hostname()}`;
  const who = here ? 'the worker in this process' : `the \`smi-bench worker\` process ${worker}`;
  // Beside this process's own worker, others may take the run's calls with their own keys.
  return readers === 'either' ? `${who} (the keys of other workers on this server were not checked)` : who;
}

function preflightFailure(err: unknown, access: ModelAccess, readers: KeyReaders): string {
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
  const worker = cause instanceof ActivityFailure ? cause.identity : undefined;
  return [
    `model pre-flight failed: model "${model}" at ${describeEndpoint(access)} did not answer: ${reason}`,
    `  the endpoint and the model are this command's settings (SMI_API_BASE_URL, SMI_MODEL); the API key is ` +
      describeKeyReaders(access, readers) +
      (worker ? `; asked by ${askedBy(worker, readers)}` : ''),
    '  nothing was started: fix the setting and start again, or pass --skip-preflight to start anyway',
  ].join('\n');
}
