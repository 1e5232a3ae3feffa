// Where a run stands, for the view's pages. A finished run is read from its run directory (as `status`
// does). Otherwise Temporal says whether it runs and how far it is, when a server answers; when none does,
// the run directory says how many packages are recorded of how many, and the run's state stays open.
import { existsSync, statSync } from 'node:fs';
import { formatProgress } from '../run-queries/progress.js';
import { readFinishedRun } from '../run-queries/run-lookup.js';
import { mapLimited } from '../corpus/map-limited.js';
import { RATE_DIGITS } from '../report-parts/numbers.js';
import { resultNumbers } from '../run-queries/run-notes.js';
import { countManifestEntries } from '../run-store/manifest.js';
import { readSelection } from '../run-store/run-record.js';
import { runPaths } from '../run-store/paths.js';
import { countStoredRows } from '../run-store/rows.js';
import { runWorkflowId } from '../temporal/names.js';
import type { LogDir } from './log-dir.js';
import type { ListedRun, TemporalReader } from './temporal.js';
import type { Phase } from '../contracts/phases.js';

/**
 * finished: its result is written; running: its workflow runs; waiting: its workflow runs (it was started,
 * say with --detach) but no worker has written its run directory yet; stopped: not finished and not
 * running (failed, terminated, or gone from the server); unfinished: not finished, and no server to ask.
 */
export type RunState = 'finished' | 'running' | 'waiting' | 'stopped' | 'unfinished';

export interface RunView {
  runId: string;
  runDir: string;
  phase: Phase | null;
  agent: string | null;
  model: string | null;
  startedAt: Date | null;
  state: RunState;
  /** Why a stopped run stopped, as far as Temporal knows (its workflow status, or that it has none). */
  stopReason: string | null;
  done: number;
  total: number | null;
  /** Where `done` and `total` come from. */
  source: 'result' | 'Temporal' | 'run directory';
  /** Temporal's progress line for a running run whose worker answered. */
  progressLine: string | null;
  /** Package ids in flight (from Temporal's progress). */
  inFlight: string[];
  /** A finished run's means (`avg_f1 0.894 · …`). */
  numbers: string | null;
  temporalUrl: string | null;
}

export async function runView(logDir: LogDir, runId: string, temporal: TemporalReader): Promise<RunView> {
  const runDir = logDir.runDir(runId);
  if (!runDir) throw new Error(`no run directory ${runId}`);
  const selection = await readSelection(runDir);
  const base = {
    runId,
    runDir,
    phase: selection?.phase ?? null,
    agent: selection?.agent ?? null,
    model: selection?.model ?? null,
    startedAt: selection ? new Date(selection.started_at_unix_seconds * 1000) : null,
    stopReason: null,
    progressLine: null,
    inFlight: [],
    numbers: null,
  };
  const link = (phase: Phase | null) => (phase ? temporal.workflowUrl(runWorkflowId(phase, runId)) : null);

  const finished = await finishedNumbers(logDir, runId, runDir);
  if (finished) return { ...base, ...finished, state: 'finished', temporalUrl: link(base.phase) };
  const recorded = {
    done: countStoredRows(runDir),
    total: await countManifestEntries(runDir),
    source: 'run directory' as const,
  };
  const workflow = await temporal.lookUpRun(runId, base.phase);
  if (workflow === null) return { ...base, ...recorded, state: 'unfinished', temporalUrl: link(base.phase) };
  if (workflow === 'not-found')
    return {
      ...base,
      ...recorded,
      state: 'stopped',
      stopReason: 'no workflow on the Temporal server',
      temporalUrl: null,
    };
  const view = { ...base, ...recorded, phase: workflow.phase, temporalUrl: link(workflow.phase) };
  if (workflow.status !== 'RUNNING') return { ...view, state: 'stopped', stopReason: workflow.status };
  const progress = workflow.progress;
  if (!progress) return { ...view, state: 'running' };
  return {
    ...view,
    state: 'running',
    done: progress.completed,
    total: progress.phase === 'preparing' ? null : progress.total,
    source: 'Temporal',
    progressLine: formatProgress(progress, Date.now() - workflow.startTime.getTime()).replace(
      /^\[[^\]]*\] /,
      '',
    ),
    inFlight: progress.running,
  };
}

/** A run the server runs whose directory no worker has written yet. */
function waitingRunView(run: ListedRun, temporal: TemporalReader): RunView {
  return {
    runId: run.runId,
    runDir: run.runDir,
    phase: run.phase,
    agent: run.agent,
    model: run.model,
    startedAt: run.startTime,
    state: 'waiting',
    stopReason: null,
    done: 0,
    total: null,
    source: 'Temporal',
    progressLine: null,
    inFlight: [],
    numbers: null,
    temporalUrl: temporal.workflowUrl(runWorkflowId(run.phase, run.runId)),
  };
}

/**
 * The running runs of this log dir that have no run directory yet (the server's memo says where they will
 * write), by run id.
 */
export async function waitingRuns(logDir: LogDir, temporal: TemporalReader): Promise<Map<string, RunView>> {
  const waiting = new Map<string, RunView>();
  for (const run of await temporal.runningRuns())
    if (logDir.isFutureRunDir(run.runId, run.runDir)) waiting.set(run.runId, waitingRunView(run, temporal));
  return waiting;
}

/** The run `runId` when the server runs it and no worker has written its directory yet; else null. */
export async function waitingRun(
  logDir: LogDir,
  runId: string,
  temporal: TemporalReader,
): Promise<RunView | null> {
  const workflow = await temporal.lookUpRun(runId, null);
  if (workflow === null || workflow === 'not-found' || workflow.status !== 'RUNNING') return null;
  if (!workflow.runDir || !logDir.isFutureRunDir(runId, workflow.runDir)) return null;
  return waitingRunView({ ...workflow, runId, runDir: workflow.runDir }, temporal);
}

/** When the run started, in ms; -Infinity without a start time, so such runs sort last. */
export function startedMs(run: RunView): number {
  return run.startedAt?.getTime() ?? -Infinity;
}

/** Newest first (by when the run started; runs without a start time last, by name). */
export function newestFirst(runs: RunView[]): RunView[] {
  return [...runs].sort((a, b) => startedMs(b) - startedMs(a) || a.runId.localeCompare(b.runId));
}

type FinishedNumbers = Pick<RunView, 'done' | 'total' | 'source' | 'numbers'>;

/**
 * Finished runs' numbers by run directory, kept while the result and the event log are unchanged: an index
 * that reloads every few seconds reads a log dir's large results once, not on every reload.
 */
const finishedCache = new Map<string, { stamp: string; numbers: FinishedNumbers }>();

function stampOf(runDir: string): string {
  const paths = runPaths(runDir);
  return [paths.result, paths.events]
    .map((file) => (existsSync(file) ? `${statSync(file).mtimeMs}:${statSync(file).size}` : '-'))
    .join('|');
}

async function finishedNumbers(
  logDir: LogDir,
  runId: string,
  runDir: string,
): Promise<FinishedNumbers | null> {
  const stamp = stampOf(runDir);
  const cached = finishedCache.get(runDir);
  if (cached?.stamp === stamp) return cached.numbers;
  const finished = await readFinishedRun(logDir.root, runId);
  if (!finished) return null;
  const { samples, aggregate } = finished.result;
  const numbers = {
    done: samples,
    total: samples,
    source: 'result' as const,
    numbers: resultNumbers(aggregate, RATE_DIGITS),
  };
  finishedCache.set(runDir, { stamp, numbers });
  return numbers;
}

/** Several runs, a few at a time (each may wait on Temporal). */
export function runViews(logDir: LogDir, runIds: string[], temporal: TemporalReader): Promise<RunView[]> {
  return mapLimited(runIds, 8, (runId) => runView(logDir, runId, temporal));
}

const STATE_ORDER: RunState[] = ['running', 'waiting', 'unfinished', 'stopped', 'finished'];

/** A set's state: the first of running, waiting, unfinished, stopped that one of its runs is in, else finished. */
export function setState(runs: RunView[]): RunState {
  return STATE_ORDER.find((state) => runs.some((r) => r.state === state)) ?? 'finished';
}

/** Whether a page showing these runs should refresh itself: one of them may still move. */
export function mayChange(runs: RunView[]): boolean {
  return runs.some((r) => r.state === 'running' || r.state === 'waiting' || r.state === 'unfinished');
}
