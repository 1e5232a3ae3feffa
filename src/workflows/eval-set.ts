// An evaluation set: every (model, phase) cell is an ordinary run workflow, started here as a child, all
// at once. Each run keeps its own concurrency and its model's own limits, so a slow or rate-limited model
// holds back no other. Starting the set again joins it; a set whose workflow stopped starts again and its
// runs go on from the rows they recorded. With a cost or token cap, the set moves what finished runs leave
// over to the runs still going (core/set-budget.ts has the rule).
import { ChildWorkflowFailure, getExternalWorkflowHandle, patched, setHandler } from '@temporalio/workflow';
import { runWorkflowId } from '../temporal/names.js';
import { executeChildRun } from './child-run.js';
import { io } from './io-activities.js';
import {
  evenBudget,
  evenBudgetAmong,
  nothingMoreToCome,
  runFinished,
  runParked,
  type SetBudget,
} from '../core/set-budget.js';
import { costAllowanceSignal, tokenAllowanceSignal } from './run-api.js';
import { evalSetCellsQuery, runAtCostLimitSignal, runAtTokenLimitSignal } from './eval-set-types.js';
import type { RunOutput } from '../contracts/run.js';
import type { EvalSetCell, EvalSetCellState, EvalSetInput } from '../contracts/eval-set.js';
import { PATCH } from '../workflow-kit/patches.js';

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
  const costBudget =
    input.maxCostUsd !== undefined && patched(PATCH.setCostBudget)
      ? sharedBudget(input, input.maxCostUsd, COST)
      : null;
  // Tokens move only between runs started with a token allowance (not those of a set started before).
  const tokenSpenders = input.cells.map((c) => c.run.setTokenAllowance != null);
  const tokenBudget =
    input.maxTotalTokens !== undefined && tokenSpenders.some(Boolean)
      ? sharedBudget(input, input.maxTotalTokens, TOKENS, tokenSpenders)
      : null;
  await Promise.all(
    input.cells.map(async (cell, i) => {
      const state = states[i]!;
      let output: RunOutput | null = null;
      try {
        output = await runCell(cell, input);
        state.state = 'done';
      } catch (err) {
        state.state = 'failed';
        state.error = err instanceof ChildWorkflowFailure && err.cause ? err.cause.message : String(err);
      }
      // A run that had finished before (the set started again) is taken to have spent its allowance.
      costBudget?.finished(i, output ? (output.usage.cost_usd ?? 0) : null);
      tokenBudget?.finished(i, output ? output.usage.total_tokens : null);
    }),
  );
  // The set's own result file (sets started before it existed finish without one).
  if (patched(PATCH.setResultFile) && states.length > 0)
    await io.writeSetResult({
      setId: input.setId,
      cells: states,
      maxCostUsd: input.maxCostUsd ?? null,
      maxTotalTokens: input.maxTotalTokens ?? null,
    });
  return states;
}

/** How the set and its runs talk about one cap: the run's word when it waits, the set's answer. */
interface CapChannel {
  /** Registers `parked(runId, allowance)` for the runs' word that they wait at their allowance. */
  onParked(parked: (runId: string, allowance: number) => void): void;
  tell(runWorkflowId: string, allowance: number, final: boolean): Promise<void>;
}

const COST: CapChannel = {
  onParked: (parked) =>
    setHandler(runAtCostLimitSignal, ({ runId, allowanceUsd }) => parked(runId, allowanceUsd)),
  tell: (id, allowanceUsd, final) =>
    getExternalWorkflowHandle(id).signal(costAllowanceSignal, { allowanceUsd, final }),
};

const TOKENS: CapChannel = {
  onParked: (parked) =>
    setHandler(runAtTokenLimitSignal, ({ runId, allowanceTokens }) => parked(runId, allowanceTokens)),
  tell: (id, allowanceTokens, final) =>
    getExternalWorkflowHandle(id).signal(tokenAllowanceSignal, { allowanceTokens, final }),
};

/** The set's cap as allowances that follow the runs' needs: the set's side of core/set-budget.ts. */
function sharedBudget(input: EvalSetInput, cap: number, channel: CapChannel, spends?: boolean[]) {
  const b: SetBudget = spends ? evenBudgetAmong(cap, spends) : evenBudget(cap, input.cells.length);
  const tell = (indices: number[], final: boolean) => {
    for (const i of indices) {
      const run = input.cells[i]!.run;
      // A run that has just finished cannot take it: nothing to do.
      void channel.tell(runWorkflowId(run.phase, run.runId), b.allowance[i]!, final).catch(() => undefined);
    }
  };
  const settle = () => tell(nothingMoreToCome(b), true);
  channel.onParked((runId, allowance) => {
    const i = input.cells.findIndex((c) => c.run.runId === runId);
    if (i < 0) return;
    runParked(b, i, allowance);
    settle();
  });
  return {
    finished(i: number, spent: number | null) {
      tell(runFinished(b, i, spent ?? b.allowance[i]!), false);
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
