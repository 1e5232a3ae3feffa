// Finds a run by its id: its workflow, its state, and its run directory (kept in the workflow memo).
import type { WorkflowExecutionDescription, WorkflowHandle } from '@temporalio/client';
import { runWorkflowId } from '../temporal/names.js';
import type { phase1Run } from '../workflows/phase1-run.js';
import { UsageError } from './errors.js';
import type { Session } from './session.js';

export interface FoundRun {
  handle: WorkflowHandle<typeof phase1Run>;
  description: WorkflowExecutionDescription;
  runDir: string;
  outFile: string | null;
}

export async function findRun(session: Session, runId: string): Promise<FoundRun> {
  const handle = session.client.workflow.getHandle<typeof phase1Run>(runWorkflowId('phase1', runId));
  let description: WorkflowExecutionDescription;
  try {
    description = await handle.describe();
  } catch (err) {
    if ((err as Error).name === 'WorkflowNotFoundError') {
      throw new UsageError(`no run with id "${runId}" on the Temporal server at ${session.target.address}`);
    }
    throw err;
  }
  const memo = (description.memo ?? {}) as { runDir?: string; outFile?: string | null };
  if (!memo.runDir) throw new Error(`run ${runId} has no run directory in its memo`);
  return { handle, description, runDir: memo.runDir, outFile: memo.outFile ?? null };
}
