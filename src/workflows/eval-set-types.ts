// An evaluation set's workflow input, the state of its cells, and the query that reads them.
import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { Phase } from '../temporal/names.js';
import type { RunInput } from './run-types.js';

export interface EvalSetCell {
  setId: string;
  /** The model's name in the set's config. */
  model: string;
  run: RunInput;
}

export interface EvalSetInput {
  setId: string;
  cells: EvalSetCell[];
  /** Run again the errored packages of every run of the set (`eval-set --retry-errors`). */
  retryErrors?: boolean;
  /** Whether the server knows smi-bench's search attributes (the runs then carry them). */
  searchAttributes: boolean;
  /**
   * The set's cost cap (config `max_cost_usd`). Each run starts with an even share (its input's
   * `setCostAllowanceUsd`); what finished runs leave over moves to the others (core/set-budget.ts).
   */
  maxCostUsd?: number;
}

export interface EvalSetCellState {
  model: string;
  phase: Phase;
  runId: string;
  runDir: string;
  state: 'running' | 'done' | 'failed';
  error: string | null;
}

export const evalSetCellsQuery = defineQuery<EvalSetCellState[]>('cells');

/** From a run to its set: it waits at its allowance, its packages in flight finished. */
export const runAtCostLimitSignal = defineSignal<[{ runId: string; allowanceUsd: number }]>('runAtCostLimit');
