// An evaluation set: every (model, phase) cell is an ordinary run workflow, started here as a child, all
// at once. Each run keeps its own concurrency and its model's own limits, so a slow or rate-limited model
// holds back no other. Starting the set again joins it; a set whose workflow stopped starts again and its
// runs go on from the rows they recorded. With a cost cap, the set moves what finished runs leave over to
// the runs still going (core/set-budget.ts has the rule).
import { ChildWorkflowFailure, getExternalWorkflowHandle, patched, setHandler } from '@temporalio/workflow';
import { runWorkflowId } from '../temporal/names.js';
import { executeChildRun } from './child-run.js';
import { io } from './io-activities.js';
import { evenBudget, nothingMoreToCome, runFinished, runParked, type SetBudget } from '../core/set-budget.js';
import { costAllowanceSignal, type CostAllowance } from './run-api.js';
import {
  evalSetCellsQuery,
  runAtCostLimitSignal,
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
  // Sets started before budgets moved between runs have no `maxCostUsd` here (their runs got fixed shares).
  const budget =
    input.maxCostUsd !== undefined && patched('set-cost-budget')
      ? sharedBudget(input, input.maxCostUsd)
      : null;
  await Promise.all(
    input.cells.map(async (cell, i) => {
      const state = states[i]!;
      let spentUsd: number | null = null;
      try {
        const output = await runCell(cell, input);
        // A run that had finished before (the set started again) is taken to have spent its allowance.
        spentUsd = output?.usage.cost_usd ?? (output ? 0 : null);
        state.state = 'done';
      } catch (err) {
        state.state = 'failed';
        state.error = err instanceof ChildWorkflowFailure && err.cause ? err.cause.message : String(err);
      }
      budget?.finished(i, spentUsd);
    }),
  );
  // The set's own result file (sets started before it existed finish without one).
  if (patched('set-result-file') && states.length > 0)
    await io.writeSetResult({
      setId: input.setId,
      cells: states,
      maxCostUsd: input.maxCostUsd ?? null,
      maxTotalTokens: input.maxTotalTokens ?? null,
    });
  return states;
}

/** The set's cap as allowances that follow the runs' needs: the set's side of core/set-budget.ts. */
function sharedBudget(input: EvalSetInput, capUsd: number) {
  const b: SetBudget = evenBudget(capUsd, input.cells.length);
  const tell = (indices: number[], final: boolean) => {
    for (const i of indices) {
      const run = input.cells[i]!.run;
      const word: CostAllowance = { allowanceUsd: b.allowance[i]!, final };
      // A run that has just finished cannot take it: nothing to do.
      void getExternalWorkflowHandle(runWorkflowId(run.phase, run.runId))
        .signal(costAllowanceSignal, word)
        .catch(() => undefined);
    }
  };
  const settle = () => tell(nothingMoreToCome(b), true);
  setHandler(runAtCostLimitSignal, ({ runId, allowanceUsd }) => {
    const i = input.cells.findIndex((c) => c.run.runId === runId);
    if (i < 0) return;
    runParked(b, i, allowanceUsd);
    settle();
  });
  return {
    finished(i: number, spentUsd: number | null) {
      tell(runFinished(b, i, spentUsd ?? b.allowance[i]!), false);
      settle();
    },
  };
}

/**
 * One cell's run. A run that finished already (the set started again) is not run again, unless its
 * errored packages are to be retried or the set's limits changed (it then goes on from its rows).
 */
async function runCell(cell: EvalSetCell, set: EvalSetInput): Promise<RunOutput | null> {
  const retryErrors = set.retryErrors === true;
  const run = { ...cell.run, ...(retryErrors ? { retryErrors: true } : {}) };
  return executeChildRun(run, {
    summary: `set ${cell.setId} · ${cell.model} · ${run.phase}`,
    memo: { set: cell.setId },
    searchAttributes: set.searchAttributes,
    rerunFinished: retryErrors || set.limitsChanged === true,
  });
}
