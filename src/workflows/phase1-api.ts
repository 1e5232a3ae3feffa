// Messages a client can send to a running Phase I run. Kept apart so the CLI imports no workflow code.
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { Phase1Progress } from './phase1-types.js';

export const progressQuery = defineQuery<Phase1Progress>('progress');
export const setConcurrencyUpdate = defineUpdate<number, [number]>('setConcurrency');
