// Starts (or joins) a pipeline workflow and follows it to the end, step by step.
import { createHash } from 'node:crypto';
import { WorkflowFailedError } from '@temporalio/client';
import { WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/common';
import { TASK_QUEUES } from '../temporal/names.js';
import type { pipeline } from '../workflows/pipeline.js';
import { pipelineProgressQuery } from '../workflows/pipeline-types.js';
import { keyReaders, modelBanner, type ModelAccess } from './model-access.js';
import { preflightModel } from './model-preflight.js';
import type { CliIO } from './run-common.js';
import { withSession } from './session.js';
import { workflowUiUrl } from './start-run.js';
import { watchWorkflow } from '../run-queries/watch.js';
import { plural } from '../core/plural.js';
import type { PipelineStep, StepOutcome } from '../contracts/pipeline.js';

/** `<command>-<hash>` of what makes the pipeline what it is, so the same command again joins it. */
export function pipelineId(command: string, identity: unknown): string {
  return `${command}-${createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 12)}`;
}

export interface PipelineLaunch {
  command: string;
  id: string;
  steps: PipelineStep[];
  /** The model of the pipeline's model run, checked before it starts unless `skipPreflight`. */
  model: ModelAccess | null;
  skipPreflight: boolean;
  progress: boolean;
}

function innermost(err: unknown): string {
  let current: unknown = err;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

function describeOutcome(o: StepOutcome): string {
  const what = o.run
    ? `${plural(o.run.total, 'package')}, ${o.run.errors} with errors`
    : o.ids !== undefined
      ? `${o.ids} ids`
      : 'joined a run another command had started';
  return `  ${o.name}: ${what} → ${o.files.join(', ')}`;
}

export async function runPipeline(launch: PipelineLaunch, io: CliIO): Promise<number> {
  const llm = launch.model?.deps;
  return withSession({ log: io.log, worker: 'auto', ...(llm ? { llm } : {}) }, async (session) => {
    const modelRun = launch.steps.find((s) => s.kind === 'run' && s.run.options.agentSettings);
    if (launch.model && modelRun?.kind === 'run' && !launch.skipPreflight)
      await preflightModel(session, modelRun.run.runId, launch.model, io);
    const workflowId = `smi/pipeline/${launch.id}`;
    const handle = await session.client.workflow.start<typeof pipeline>('pipeline', {
      workflowId,
      taskQueue: TASK_QUEUES.orchestration,
      args: [{ command: launch.command, steps: launch.steps, searchAttributes: session.searchAttributes }],
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
      staticSummary: `${launch.command}: ${launch.steps.map((s) => s.name).join(' → ')}`,
    });
    io.log(`${launch.command} ${launch.id}: ${launch.steps.map((s) => s.name).join(' → ')}`);
    if (launch.model) for (const line of modelBanner(launch.model, keyReaders(session))) io.log(line);
    const ui = workflowUiUrl(session, workflowId);
    if (ui) io.log(`  Temporal UI: ${ui}`);
    let outcomes: StepOutcome[];
    try {
      outcomes = await watchWorkflow<StepOutcome[]>(
        handle,
        { showProgress: launch.progress, log: io.log },
        async () => {
          const p = await handle.query(pipelineProgressQuery).catch(() => null);
          return p
            ? `${launch.command}: step ${Math.min(p.step + 1, p.steps.length)}/${p.steps.length} (${p.steps[p.step] ?? 'done'})`
            : null;
        },
      );
    } catch (err) {
      if (!(err instanceof WorkflowFailedError)) throw err;
      const step = await handle.query(pipelineProgressQuery).catch(() => null);
      io.log(
        `error: ${launch.command} failed at its ${step?.steps[step.step] ?? 'unknown'} step: ${innermost(err)}`,
      );
      return 1;
    }
    io.out(`${launch.command} finished:`);
    for (const outcome of outcomes) io.out(describeOutcome(outcome));
    return 0;
  });
}
