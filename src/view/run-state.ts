// Where a run stands, for the view's pages. A finished run is read from its run directory (as `status`
// does). Otherwise Temporal says whether it runs and how far it is, when a server answers; when none does,
// the run directory says how many packages are recorded of how many, and the run's state stays open.
import { existsSync, statSync } from 'node:fs';
import { formatProgress } from '../cli/progress.js';
import { readFinishedRun } from '../cli/run-lookup.js';
import { resultNumbers } from '../cli/run-notes.js';
import { mapLimited } from '../corpus/map-limited.js';
import { countManifestEntries } from '../run-store/manifest.js';
import { readSelection } from '../run-store/run-record.js';
import { runPaths } from '../run-store/paths.js';
import { countStoredRows } from '../run-store/rows.js';
import { runWorkflowId, type Phase } from '../temporal/names.js';
import type { LogDir } from './log-dir.js';
import type { TemporalReader } from './temporal.js';

/**
 * finished: its result is written; running: its workflow runs; stopped: not finished and not running
 * (failed, terminated, or gone from the server); unfinished: not finished, and no server to ask.
 */
export type RunState = 'finished' | 'running' | 'stopped' | 'unfinished';

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
  /** A finished run's means (`avg_f1 0.8939 · …`). */
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
    numbers: resultNumbers(aggregate),
  };
  finishedCache.set(runDir, { stamp, numbers });
  return numbers;
}

/** Several runs, a few at a time (each may wait on Temporal). */
export function runViews(logDir: LogDir, runIds: string[], temporal: TemporalReader): Promise<RunView[]> {
  return mapLimited(runIds, 8, (runId) => runView(logDir, runId, temporal));
}

const STATE_ORDER: RunState[] = ['running', 'unfinished', 'stopped', 'finished'];

/** A set's state: the first of running, unfinished, stopped that one of its runs is in, else finished. */
export function setState(runs: RunView[]): RunState {
  return STATE_ORDER.find((state) => runs.some((r) => r.state === state)) ?? 'finished';
}

/** Whether a page showing these runs should refresh itself: one of them may still move. */
export function mayChange(runs: RunView[]): boolean {
  return runs.some((r) => r.state === 'running' || r.state === 'unfinished');
}
