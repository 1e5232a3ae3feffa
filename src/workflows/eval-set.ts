// An evaluation set: every (model, phase) cell is an ordinary run workflow, started here as a child, all
// at once. Each run keeps its own concurrency and its model's own limits, so a slow or rate-limited model
// holds back no other. Starting the set again joins it; a set whose workflow stopped starts again and its
// runs go on from the rows they recorded.
import { ChildWorkflowFailure, executeChild, setHandler } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import { TASK_QUEUES, runSearchAttributes, runWorkflowId } from '../temporal/names.js';
import {
  evalSetCellsQuery,
  type EvalSetCell,
  type EvalSetCellState,
  type EvalSetInput,
} from './eval-set-types.js';
import type { RunOutput } from './run-types.js';

export async function evalSet(input: EvalSetInput): Promise<EvalSetCellState[]> {
  const states: EvalSetCellState[] = input.cells.map((cell) => ({
    model: cell.model,
    phase: cell.run.phase,
    runId: cell.run.runId,
    runDir: cell.run.runDir,
    state: 'running',
    error: null,
  }));
  setHandler(evalSetCellsQuery, () => states);
  await Promise.all(
    input.cells.map(async (cell, i) => {
      const state = states[i]!;
      try {
        await runCell(cell, input);
        state.state = 'done';
      } catch (err) {
        state.state = 'failed';
        state.error = err instanceof ChildWorkflowFailure && err.cause ? err.cause.message : String(err);
      }
    }),
  );
  return states;
}

/**
 * One cell's run. A run that finished already (the set started again) is not run again, unless its
 * errored packages are to be retried.
 */
async function runCell(cell: EvalSetCell, set: EvalSetInput): Promise<RunOutput | null> {
  const retryErrors = set.retryErrors === true;
  const run = { ...cell.run, ...(retryErrors ? { retryErrors: true } : {}) };
  try {
    return await executeChild<(input: typeof run) => Promise<RunOutput>>('benchmarkRun', {
      workflowId: runWorkflowId(run.phase, run.runId),
      taskQueue: TASK_QUEUES.orchestration,
      args: [run],
      workflowIdReusePolicy: retryErrors
        ? WorkflowIdReusePolicy.ALLOW_DUPLICATE
        : WorkflowIdReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
      memo: { runDir: run.runDir, outFile: run.outFile, corpusRoot: run.corpusRoot, set: cell.setId },
      staticSummary: `set ${cell.setId} · ${cell.model} · ${run.phase}`,
      ...(set.searchAttributes ? { typedSearchAttributes: runSearchAttributes(run) } : {}),
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return null;
    throw err;
  }
}
