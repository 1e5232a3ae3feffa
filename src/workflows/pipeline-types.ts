// The query that reads a pipeline's progress (its types are in contracts/pipeline.ts).
import { defineQuery } from '@temporalio/workflow';
import type { PipelineProgress } from '../contracts/pipeline.js';

export const pipelineProgressQuery = defineQuery<PipelineProgress>('pipelineProgress');
