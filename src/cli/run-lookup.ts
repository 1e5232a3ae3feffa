// Finds a run by its id: its workflow, its state, and its input (which names the run directory).
import type { WorkflowExecutionDescription, WorkflowHandle } from '@temporalio/client';
import { PHASES, runWorkflowId } from '../temporal/names.js';
import type { benchmarkRun } from '../workflows/benchmark-run.js';
import type { RunInput } from '../workflows/run-types.js';
import { UsageError } from './errors.js';
import type { Session } from './session.js';

export interface FoundRun {
  handle: WorkflowHandle<typeof benchmarkRun>;
  description: WorkflowExecutionDescription;
  input: RunInput;
  runDir: string;
}

/** The run with this id, whichever phase it belongs to. */
export async function findRun(session: Session, runId: string): Promise<FoundRun> {
  for (const phase of PHASES) {
    const workflowId = runWorkflowId(phase, runId);
    const handle = session.client.workflow.getHandle<typeof benchmarkRun>(workflowId);
    let description: WorkflowExecutionDescription;
    try {
      description = await handle.describe();
    } catch (err) {
      if ((err as Error).name === 'WorkflowNotFoundError') continue;
      throw err;
    }
    const input = await startInput(session, workflowId, description.runId);
    return { handle, description, input, runDir: input.runDir };
  }
  throw new UsageError(`no run with id "${runId}" on the Temporal server at ${session.target.address}`);
}

/** The run's input, from the first event of the current execution's history (works before any worker ran). */
async function startInput(session: Session, workflowId: string, runId: string): Promise<RunInput> {
  const page = await session.client.workflowService.getWorkflowExecutionHistory({
    namespace: session.client.options.namespace,
    execution: { workflowId, runId },
    maximumPageSize: 1,
  });
  const payloads = page.history?.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads ?? [];
  const [input] = payloads.map((p) =>
    session.client.options.loadedDataConverter.payloadConverter.fromPayload(p),
  );
  if (!input || typeof (input as RunInput).runDir !== 'string') {
    throw new Error(`workflow ${workflowId} is not a smi-bench run (no run directory in its input)`);
  }
  return input as RunInput;
}
