// Finds a run by its id: a finished one in its run directory (no server needed), else its workflow, its
// state, and its input (which names the run directory).
import { open, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Client, WorkflowExecutionDescription, WorkflowHandle } from '@temporalio/client';
import { runIdProblem } from '../core/run-id.js';
import { runPaths } from '../run-store/paths.js';
import { runWorkflowId } from '../temporal/names.js';
import type { benchmarkRun } from '../workflows/benchmark-run.js';
import type { RunInput } from '../contracts/run.js';
import { UsageError } from '../usage-error.js';
import type { TemporalTarget } from '../temporal/target.js';
import { PHASES } from '../contracts/phases.js';

/** What a lookup needs of a CLI session: the server's client, and its address for messages. */
export interface ServerSession {
  client: Client;
  target: Pick<TemporalTarget, 'address'>;
}

export interface FoundRun {
  handle: WorkflowHandle<typeof benchmarkRun>;
  description: WorkflowExecutionDescription;
  input: RunInput;
  runDir: string;
}

/** What every phase's result.json has. */
export interface FinishedResult {
  finished_at_unix_seconds: number;
  samples: number;
  aggregate: Record<string, unknown>;
}

export interface FinishedRun {
  runDir: string;
  resultPath: string;
  result: FinishedResult;
}

/**
 * A finished run, read from `<logDir>/<runId>/`; null when there is none. A run writes result.json and then
 * a last `run_finished` event: a package event after it means a new round (`resume --retry-errors`) is
 * under way, and only Temporal knows where that stands.
 */
export async function readFinishedRun(logDir: string, runId: string): Promise<FinishedRun | null> {
  if (runIdProblem(runId)) return null; // no run directory can have this name
  const runDir = resolve(logDir, runId);
  const paths = runPaths(runDir);
  const resultText = await readIfExists(paths.result);
  // Without events.jsonl (a --no-log run) result.json alone says the run finished.
  if (resultText === null || (await endsWithRunFinished(paths.events)) === false) return null;
  try {
    return { runDir, resultPath: paths.result, result: JSON.parse(resultText) as FinishedResult };
  } catch (err) {
    throw new Error(`${paths.result} is not valid JSON (${(err as Error).message})`, { cause: err });
  }
}

async function readIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Whether the last event of events.jsonl is `run_finished` (read from the end: the log can be long); null
 * when there is no events.jsonl.
 */
async function endsWithRunFinished(eventsPath: string): Promise<boolean | null> {
  let file;
  try {
    file = await open(eventsPath);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const { size } = await file.stat();
    const length = Math.min(size, 64 * 1024);
    const { buffer } = await file.read(Buffer.alloc(length), 0, length, size - length);
    const lastLine = buffer.toString('utf8').trimEnd().split('\n').pop() ?? '';
    try {
      return (JSON.parse(lastLine) as { event?: unknown }).event === 'run_finished';
    } catch {
      return false; // a line cut by a crash: the run did not finish cleanly
    }
  } finally {
    await file.close();
  }
}

/**
 * The run with this id on the Temporal server, whichever phase it belongs to. `logDir` is where the caller
 * looked for it first, named when it is not found.
 */
export async function findRun(session: ServerSession, runId: string, logDir?: string): Promise<FoundRun> {
  for (const phase of PHASES) {
    const workflowId = runWorkflowId(phase, runId);
    const handle = session.client.workflow.getHandle<typeof benchmarkRun>(workflowId);
    let description: WorkflowExecutionDescription;
    try {
      description = await handle.describe();
    } catch (err) {
      if ((err as Error).name === 'WorkflowNotFoundError') continue;
      throw err;
    }
    const input = await startInput(session, workflowId, description.runId);
    return { handle, description, input, runDir: input.runDir };
  }
  throw new UsageError(
    `no run with id "${runId}" on the Temporal server at ${session.target.address}` +
      (logDir ? `, and no finished one in ${resolve(logDir, runId)} (other --log-dir?)` : ''),
  );
}

/** The run's input, from the first event of the current execution's history (works before any worker ran). */
async function startInput(session: ServerSession, workflowId: string, runId: string): Promise<RunInput> {
  const page = await session.client.workflowService.getWorkflowExecutionHistory({
    namespace: session.client.options.namespace,
    execution: { workflowId, runId },
    maximumPageSize: 1,
  });
  const payloads = page.history?.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads ?? [];
  const [input] = payloads.map((p) =>
    session.client.options.loadedDataConverter.payloadConverter.fromPayload(p),
  );
  if (!input || typeof (input as RunInput).runDir !== 'string') {
    throw new Error(`workflow ${workflowId} is not a smi-bench run (no run directory in its input)`);
  }
  return input as RunInput;
}
