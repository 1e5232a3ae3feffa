// Starts a Phase I run, or joins it when the run id exists already: a running run is attached to, a
// failed or terminated one is started again and continues from the rows already recorded.
import { WorkflowExecutionAlreadyStartedError, type WorkflowHandle } from '@temporalio/client';
import {
  WorkflowIdConflictPolicy,
  WorkflowIdReusePolicy,
  type SearchAttributePair,
} from '@temporalio/common';
import { runIdProblem } from '../core/run-id.js';
import { SEARCH_ATTRIBUTES, TASK_QUEUES, runWorkflowId } from '../temporal/names.js';
import type { phase1Run } from '../workflows/phase1-run.js';
import type { Phase1RunInput } from '../workflows/phase1-types.js';
import { UsageError } from './errors.js';
import type { Session } from './session.js';

export interface StartOutcome {
  /** started: a new execution; attached: the run was already going; finished: it had completed. */
  kind: 'started' | 'attached' | 'finished';
  handle: WorkflowHandle<typeof phase1Run>;
}

function searchAttributes(input: Phase1RunInput): SearchAttributePair[] {
  const pairs: SearchAttributePair[] = [
    { key: SEARCH_ATTRIBUTES.runId, value: input.runId },
    { key: SEARCH_ATTRIBUTES.phase, value: 'phase1' },
    { key: SEARCH_ATTRIBUTES.agent, value: input.options.agent },
  ];
  const model = input.options.agentSettings?.model;
  if (model) pairs.push({ key: SEARCH_ATTRIBUTES.model, value: model });
  if (input.dataset) pairs.push({ key: SEARCH_ATTRIBUTES.dataset, value: input.dataset });
  return pairs;
}

export async function startPhase1Run(session: Session, input: Phase1RunInput): Promise<StartOutcome> {
  const badRunId = runIdProblem(input.runId);
  if (badRunId) throw new UsageError(badRunId);
  const workflowId = runWorkflowId('phase1', input.runId);
  const existing = session.client.workflow.getHandle<typeof phase1Run>(workflowId);
  const status = await existing
    .describe()
    .then((d) => d.status.name)
    .catch(() => null);
  try {
    const handle = await session.client.workflow.start<typeof phase1Run>('phase1Run', {
      workflowId,
      taskQueue: TASK_QUEUES.orchestration,
      args: [input],
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
      ...(session.searchAttributes ? { typedSearchAttributes: searchAttributes(input) } : {}),
      memo: { runDir: input.runDir, outFile: input.outFile, corpusRoot: input.corpusRoot },
      staticSummary: `Phase I · ${input.options.agent} · ${input.corpusRoot}`,
    });
    return { kind: status === 'RUNNING' ? 'attached' : 'started', handle };
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return { kind: 'finished', handle: existing };
    throw err;
  }
}

export function workflowUiUrl(session: Session, workflowId: string): string | null {
  const { uiUrl } = session.target;
  if (!uiUrl) return null;
  const namespace = encodeURIComponent(session.client.options.namespace);
  return `${uiUrl}/namespaces/${namespace}/workflows/${encodeURIComponent(workflowId)}`;
}
