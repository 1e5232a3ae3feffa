// Messages a client can send to a running benchmark run. Kept apart so the CLI imports no workflow code.
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { CostAllowance, RunProgress, TokenAllowance } from '../contracts/run.js';

export const progressQuery = defineQuery<RunProgress>('progress');
export const setConcurrencyUpdate = defineUpdate<number, [number]>('setConcurrency');

/** From a run's evaluation set: what the run may spend now (see CostAllowance). */
export const costAllowanceSignal = defineSignal<[CostAllowance]>('costAllowance');
/** The same for a set with a token cap. */
export const tokenAllowanceSignal = defineSignal<[TokenAllowance]>('tokenAllowance');
