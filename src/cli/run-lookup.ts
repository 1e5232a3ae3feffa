// Finds a run by its id: its workflow, its state, and its input (which names the run directory).
import type { WorkflowExecutionDescription, WorkflowHandle } from '@temporalio/client';
import { runWorkflowId } from '../temporal/names.js';
import type { phase1Run } from '../workflows/phase1-run.js';
import type { Phase1RunInput } from '../workflows/phase1-types.js';
import { UsageError } from './errors.js';
import type { Session } from './session.js';

export interface FoundRun {
  handle: WorkflowHandle<typeof phase1Run>;
  description: WorkflowExecutionDescription;
  input: Phase1RunInput;
  runDir: string;
}

export async function findRun(session: Session, runId: string): Promise<FoundRun> {
  const workflowId = runWorkflowId('phase1', runId);
  const handle = session.client.workflow.getHandle<typeof phase1Run>(workflowId);
  let description: WorkflowExecutionDescription;
  try {
    description = await handle.describe();
  } catch (err) {
    if ((err as Error).name === 'WorkflowNotFoundError') {
      throw new UsageError(`no run with id "${runId}" on the Temporal server at ${session.target.address}`);
    }
    throw err;
  }
  const input = await startInput(session, workflowId, description.runId);
  return { handle, description, input, runDir: input.runDir };
}

/** The run's input, from the first event of the current execution's history (works before any worker ran). */
async function startInput(session: Session, workflowId: string, runId: string): Promise<Phase1RunInput> {
  const page = await session.client.workflowService.getWorkflowExecutionHistory({
    namespace: session.client.options.namespace,
    execution: { workflowId, runId },
    maximumPageSize: 1,
  });
  const payloads = page.history?.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads ?? [];
  const [input] = payloads.map((p) =>
    session.client.options.loadedDataConverter.payloadConverter.fromPayload(p),
  );
  if (!input || typeof (input as Phase1RunInput).runDir !== 'string') {
    throw new Error(`workflow ${workflowId} is not a Phase I run (no run directory in its input)`);
  }
  return input as Phase1RunInput;
}
