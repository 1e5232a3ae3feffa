// An evaluation set's workflow input, the state of its cells, and what the CLI keeps in its memo.
import type { Phase } from './phases.js';
import type { RunInput } from './run.js';

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
  /**
   * The set's limits changed since it last ran (`eval-set CONFIG --max-cost-usd X` on a set that stopped at
   * its cap): every run starts again, keeping its rows, so the runs a limit stopped go on under the new one.
   */
  limitsChanged?: boolean;
  /** Whether the server knows smi-bench's search attributes (the runs then carry them). */
  searchAttributes: boolean;
  /**
   * The set's cost cap (config `max_cost_usd`). Each run starts with an even share (its input's
   * `setCostAllowanceUsd`); what finished runs leave over moves to the others (core/set-budget.ts).
   */
  maxCostUsd?: number;
  /**
   * The set's token cap (config `max_total_tokens`). Runs whose input has a `setTokenAllowance` share it as
   * dollars are shared; a set started before tokens moved gave its runs fixed shares as their own limit.
   */
  maxTotalTokens?: number;
}

export interface EvalSetCellState {
  model: string;
  phase: Phase;
  runId: string;
  runDir: string;
  state: 'running' | 'done' | 'failed';
  error: string | null;
}

/** What the CLI keeps in a set workflow's memo: how it was started, so `resume SET` can start it again. */
export interface EvalSetMemo {
  /** The config file (absolute path). */
  config: string;
  /** `--cache` / `--no-cache`, when given (part of the set's identity). */
  cache?: boolean;
  /** The set's cost cap in force (the config's, or `--max-cost-usd`); null: none. */
  maxCostUsd: number | null;
  /** The set's token cap in force (the config's `max_total_tokens`, or `--max-total-tokens`); null: none. */
  maxTotalTokens?: number | null;
  /** Its runs, so `status SET` finds them without asking the set's workflow (a query waits on busy workers). */
  cells?: Omit<EvalSetCellState, 'state' | 'error'>[];
}
