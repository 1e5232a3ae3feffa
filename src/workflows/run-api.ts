// Messages a client can send to a running benchmark run. Kept apart so the CLI imports no workflow code.
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { RunProgress } from './run-types.js';

export const progressQuery = defineQuery<RunProgress>('progress');
export const setConcurrencyUpdate = defineUpdate<number, [number]>('setConcurrency');
