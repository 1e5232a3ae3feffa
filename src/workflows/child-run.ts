// A run workflow started as a child of a set or a pipeline, with the memo and search attributes the CLI
// gives runs it starts itself.
import { executeChild } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import { TASK_QUEUES, runSearchAttributes, runWorkflowId } from '../temporal/names.js';
import type { RunInput, RunOutput } from '../contracts/run.js';

export interface ChildRunOptions {
  /** Shown in the Temporal UI. */
  summary: string;
  /** What the parent adds to the run's memo (its set, its pipeline). */
  memo: Record<string, unknown>;
  searchAttributes: boolean;
  /** Start the run again even when it finished (its errored packages are retried); else only a failed one. */
  rerunFinished: boolean;
}

/** The run's output; null when a run of that id is already going (another parent or command started it). */
export async function executeChildRun(run: RunInput, opts: ChildRunOptions): Promise<RunOutput | null> {
  try {
    return await executeChild<(input: RunInput) => Promise<RunOutput>>('benchmarkRun', {
      workflowId: runWorkflowId(run.phase, run.runId),
      taskQueue: TASK_QUEUES.orchestration,
      args: [run],
      workflowIdReusePolicy: opts.rerunFinished
        ? WorkflowIdReusePolicy.ALLOW_DUPLICATE
        : WorkflowIdReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
      memo: { runDir: run.runDir, outFile: run.outFile, corpusRoot: run.corpusRoot, ...opts.memo },
      staticSummary: opts.summary,
      ...(opts.searchAttributes ? { typedSearchAttributes: runSearchAttributes(run) } : {}),
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return null;
    throw err;
  }
}
