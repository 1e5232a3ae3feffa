// Messages a client can send to a running benchmark run. Kept apart so the CLI imports no workflow code.
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { RunProgress } from './run-types.js';

export const progressQuery = defineQuery<RunProgress>('progress');
export const setConcurrencyUpdate = defineUpdate<number, [number]>('setConcurrency');

/** From a run's evaluation set: what the run may spend now, and whether more could still come. */
export interface CostAllowance {
  allowanceUsd: number;
  /** No more will come: at its allowance the run stops for the cap instead of waiting. */
  final: boolean;
}
export const costAllowanceSignal = defineSignal<[CostAllowance]>('costAllowance');

/** The same for a set with a token cap: the tokens the run may use now. */
export interface TokenAllowance {
  allowanceTokens: number;
  final: boolean;
}
export const tokenAllowanceSignal = defineSignal<[TokenAllowance]>('tokenAllowance');
