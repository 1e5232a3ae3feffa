// The query and signals of an evaluation set's workflow (its types are in contracts/eval-set.ts).
import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { EvalSetCellState } from '../contracts/eval-set.js';

export const evalSetCellsQuery = defineQuery<EvalSetCellState[]>('cells');

/** From a run to its set: it waits at its allowance, its packages in flight finished. */
export const runAtCostLimitSignal = defineSignal<[{ runId: string; allowanceUsd: number }]>('runAtCostLimit');

/** The same, at its token allowance. */
export const runAtTokenLimitSignal =
  defineSignal<[{ runId: string; allowanceTokens: number }]>('runAtTokenLimit');
