// Starts a benchmark run, or joins it when the run id exists already: a running run is attached to, a
// failed or terminated one is started again and continues from the rows already recorded. Joining is
// refused when the run was started with other settings, so two runs' rows are never mixed.
import { WorkflowExecutionAlreadyStartedError, type WorkflowHandle } from '@temporalio/client';
import { WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/common';
import { BENCHMARKS } from '../benchmarks/registry.js';
import { identityMismatches, readSelection, runIdentity, type RunIdentity } from '../run-store/run-record.js';
import { TASK_QUEUES, runWorkflowId, runSearchAttributes } from '../temporal/names.js';
import { temporalUiWorkflowUrl } from '../temporal/ui-url.js';
import type { benchmarkRun } from '../workflows/benchmark-run.js';
import type { RunInput } from '../contracts/run.js';
import { UsageError } from '../usage-error.js';
import type { Session } from './session.js';

export interface StartOutcome {
  /** started: a new execution; attached: the run was already going; finished: it had completed. */
  kind: 'started' | 'attached' | 'finished';
  handle: WorkflowHandle<typeof benchmarkRun>;
}

/**
 * Refuses to join an existing run whose settings differ from these. The run directory records them once a
 * worker has prepared the run; until then the identity in the workflow's memo (set at start) stands in.
 */
async function checkSameRun(input: RunInput, memo: Record<string, unknown> | undefined): Promise<void> {
  const runDir = typeof memo?.['runDir'] === 'string' ? memo['runDir'] : input.runDir;
  const recorded = (await readSelection(runDir))?.identity ?? (memo?.['identity'] as RunIdentity | undefined);
  if (!recorded) return;
  const mismatches = identityMismatches(recorded, runIdentity(input));
  if (mismatches.length > 0) {
    throw new UsageError(
      `run ${input.runId} was started with other settings:\n  ${mismatches.join('\n  ')}\n` +
        'start it with its original settings, or choose a new --run-id',
    );
  }
}

/** `again`: start a finished run once more (`resume --retry-errors`, or with raised limits). */
export async function startRun(session: Session, input: RunInput, again = false): Promise<StartOutcome> {
  const workflowId = runWorkflowId(input.phase, input.runId);
  const existing = session.client.workflow.getHandle<typeof benchmarkRun>(workflowId);
  const description = await existing.describe().catch(() => null);
  if (description) await checkSameRun(input, description.memo);
  const status = description?.status.name ?? null;
  try {
    const handle = await session.client.workflow.start<typeof benchmarkRun>('benchmarkRun', {
      workflowId,
      taskQueue: TASK_QUEUES.orchestration,
      args: [input],
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
      // resume starts a finished run again; otherwise a finished run is only reported.
      workflowIdReusePolicy: again
        ? WorkflowIdReusePolicy.ALLOW_DUPLICATE
        : WorkflowIdReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
      ...(session.searchAttributes ? { typedSearchAttributes: runSearchAttributes(input) } : {}),
      memo: {
        runDir: input.runDir,
        outFile: input.outFile,
        corpusRoot: input.corpusRoot,
        identity: runIdentity(input),
      },
      staticSummary: `${BENCHMARKS[input.phase].title} · ${input.options.agent} · ${input.corpusRoot}`,
    });
    return { kind: status === 'RUNNING' ? 'attached' : 'started', handle };
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return { kind: 'finished', handle: existing };
    throw err;
  }
}

export function workflowUiUrl(session: Session, workflowId: string): string | null {
  const { uiUrl } = session.target;
  return uiUrl ? temporalUiWorkflowUrl(uiUrl, session.client.options.namespace, workflowId) : null;
}
