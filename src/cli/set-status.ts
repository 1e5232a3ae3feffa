// `smi-bench status SET_ID` for an evaluation set: its state and the model × phase matrix. A running set's
// runs come from its workflow's memo and their states from the server (describe, no worker involved), so
// status does not wait behind a busy worker as a query would; what each run has done is read from disk.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { Client } from '@temporalio/client';
import type { SetResult } from '../activities/set-io.js';
import { finishedRunSummary } from '../compare/run-summary.js';
import { setResultPath } from '../run-store/paths.js';
import { evalSetWorkflowId, runWorkflowId, TASK_QUEUES } from '../temporal/names.js';
import type { evalSet } from '../workflows/eval-set.js';
import { evalSetCellsQuery } from '../workflows/eval-set-types.js';
import { readFinishedRun } from '../run-queries/run-lookup.js';
import { cellView, formatMatrix, type CellView } from './set-matrix.js';
import type { EvalSetCellState, EvalSetMemo } from '../contracts/eval-set.js';

const NO_WORKER =
  '  no worker answered; start `smi-bench worker` processes, or run the same eval-set command again';

/** The set's lines, or null when no set has this id. */
export async function setStatusLines(client: Client, setId: string): Promise<string[] | null> {
  const handle = client.workflow.getHandle<typeof evalSet>(evalSetWorkflowId(setId));
  const description = await handle.describe().catch(() => null);
  if (!description) return null;
  const status = description.status.name;
  const cells = (description.memo as Partial<EvalSetMemo> | undefined)?.cells;
  const running = status === 'RUNNING';
  const [states, polled] = await Promise.all([
    running
      ? cells
        ? runStates(client, cells)
        : handle.query(evalSetCellsQuery).catch(() => null)
      : status === 'COMPLETED'
        ? handle.result()
        : null,
    running ? workersPolling(client) : true,
  ]);
  const lines = [`evaluation set ${setId}: ${status} (started ${description.startTime.toISOString()})`];
  if (!states) {
    lines.push(running ? NO_WORKER : '  run the same eval-set command again to go on');
    return lines;
  }
  lines.push(...formatMatrix(await Promise.all(states.map((s) => cellView(client, s))), setId));
  if (!polled) lines.push(NO_WORKER);
  return lines;
}

/** Each run's state from its workflow on the server: done, failed (and why) or still running. */
async function runStates(
  client: Client,
  cells: NonNullable<EvalSetMemo['cells']>,
): Promise<EvalSetCellState[]> {
  return Promise.all(
    cells.map(async (cell): Promise<EvalSetCellState> => {
      const handle = client.workflow.getHandle(runWorkflowId(cell.phase, cell.runId));
      const run = await handle.describe().catch(() => null);
      const status = run?.status.name ?? 'RUNNING'; // not started yet: as good as running
      if (status === 'RUNNING' || status === 'CONTINUED_AS_NEW')
        return { ...cell, state: 'running', error: null };
      if (status === 'COMPLETED') return { ...cell, state: 'done', error: null };
      const error = await handle.result().then(
        () => status,
        (err: unknown) => innermost(err),
      );
      return { ...cell, state: 'failed', error };
    }),
  );
}

function innermost(err: unknown): string {
  let current = err;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

/** Whether a worker polled the orchestration queue lately (the server keeps pollers for about a minute). */
async function workersPolling(client: Client): Promise<boolean> {
  try {
    const queue = await client.workflowService.describeTaskQueue({
      namespace: client.options.namespace,
      taskQueue: { name: TASK_QUEUES.orchestration },
    });
    return (queue.pollers ?? []).length > 0;
  } catch {
    return true; // cannot tell: say nothing
  }
}

/**
 * A finished set, read from its result file and its runs' directories with no server (as a finished run
 * is); null when it has none, or when a run of it is going again (`--retry-errors`, a higher cap).
 */
export async function finishedSetLines(logDir: string, setId: string): Promise<string[] | null> {
  const file = setResultPath(resolve(logDir), setId);
  if (!existsSync(file)) return null;
  let result: SetResult;
  try {
    result = JSON.parse(readFileSync(file, 'utf8')) as SetResult;
  } catch {
    return null; // the server knows
  }
  const views: CellView[] = [];
  for (const run of result.runs) {
    const base = {
      model: run.model,
      phase: run.phase as CellView['phase'],
      state: run.state,
      error: run.error,
    };
    if (run.state === 'failed') {
      views.push({
        ...base,
        done: 0,
        total: null,
        errors: 0,
        score: null,
        interval: null,
        costUsd: null,
        tokens: 0,
        stoppedEarly: null,
      });
      continue;
    }
    if (!(await readFinishedRun(dirname(run.run_dir), basename(run.run_dir)))) return null;
    const summary = finishedRunSummary(base.phase, run.run_dir);
    if (!summary) return null;
    views.push({ ...base, ...summary });
  }
  const finished = new Date(result.finished_at_unix_seconds * 1000).toISOString();
  return [
    `evaluation set ${setId}: COMPLETED (finished ${finished}; read from its runs' directories)`,
    ...formatMatrix(views, setId),
    `  set result: ${file}`,
  ];
}
