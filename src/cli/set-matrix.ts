// An evaluation set as a matrix for people: one line per model, one cell per phase with packages done of
// all, errors, the phase's mean score with its 95% interval, and the cost so far. A finished run is read
// from its result file; a running one from the rows it has recorded so far, so no query waits on a busy
// worker; both through compare/run-summary.ts, which keeps what it read so that status stays fast at
// 10,000 packages a run. A finished run's score and interval are `compare`'s (rowsSummary), so status and
// compare never disagree.
import type { Client } from '@temporalio/client';
import { BENCHMARKS } from '../benchmarks/registry.js';
import { finishedRunSummary, runningRunSummary, type RunSummary } from '../compare/run-summary.js';
import { formatUsd, groupThousands } from '../core/cost.js';
import { readSelection } from '../run-store/run-record.js';
import { countStoredRows } from '../run-store/rows.js';
import { runWorkflowId } from '../temporal/names.js';
import { queryProgress } from '../run-queries/watch.js';
import { plural } from '../core/plural.js';
import type { Phase } from '../contracts/phases.js';
import type { EvalSetCellState } from '../contracts/eval-set.js';

export interface CellView extends RunSummary {
  model: string;
  phase: Phase;
  state: EvalSetCellState['state'];
  error: string | null;
}

export async function cellView(client: Client, cell: EvalSetCellState): Promise<CellView> {
  const base = { model: cell.model, phase: cell.phase, state: cell.state, error: cell.error };
  if (cell.state !== 'running') {
    const finished = finishedRunSummary(cell.phase, cell.runDir);
    if (finished) return { ...base, ...finished };
  }
  // A benchmark with a board scores its recorded rows as compare does; the others ask the run's progress.
  if (BENCHMARKS[cell.phase].display.board) {
    const selection = await readSelection(cell.runDir);
    const summary = runningRunSummary(
      cell.phase,
      cell.runDir,
      selection?.total ?? null,
      selection?.started_at_unix_seconds ?? null,
    );
    return { ...base, ...summary };
  }
  const progress = await queryProgress(
    client.workflow.getHandle(runWorkflowId(cell.phase, cell.runId)),
    2000,
  );
  return {
    ...base,
    done: progress?.completed ?? 0,
    total: progress && progress.phase !== 'preparing' ? progress.total : null,
    errors: progress?.errors ?? 0,
    score: progress?.means[BENCHMARKS[cell.phase].display.progress.mean[0]] ?? null,
    interval: null,
    costUsd: progress?.usage.cost_usd ?? null,
    tokens: progress?.usage.total_tokens ?? 0,
    stoppedEarly: null,
  };
}

function describeCell(v: CellView): string {
  if (v.state === 'failed') return `failed: ${v.error ?? 'unknown reason'}`;
  const parts = [`${v.done}/${v.total ?? '?'}`];
  if (v.score !== null)
    parts.push(
      `${BENCHMARKS[v.phase].display.scoreName} ${v.score.toFixed(3)}` +
        (v.interval ? ` (95% ${v.interval.low.toFixed(3)}–${v.interval.high.toFixed(3)})` : ''),
    );
  parts.push(`${v.errors} error${v.errors === 1 ? '' : 's'}`);
  if (v.costUsd !== null) parts.push(formatUsd(v.costUsd));
  return parts.join(' · ');
}

/**
 * `model  phase1: 4/4 · F1 0.750 (95% 0.500–1.000) · 0 errors · $0.0090   phase2: …`, one line per model,
 * then the set's totals, and what to do when a limit stopped some of its runs.
 */
export function formatMatrix(views: CellView[], setId?: string): string[] {
  const models = [...new Set(views.map((v) => v.model))];
  const width = Math.max(...models.map((m) => m.length));
  const lines = models.map(
    (model) =>
      `  ${model.padEnd(width)}  ` +
      views
        .filter((v) => v.model === model)
        .map((v) => `${v.phase}: ${describeCell(v)}`)
        .join('   '),
  );
  lines.push(`  ${totalLine(views)}`);
  const stopped = views.filter((v) => v.stoppedEarly !== null);
  if (stopped.length > 0) {
    const notStarted = stopped.reduce((n, v) => n + v.stoppedEarly!.packages_not_started, 0);
    const reasons = [...new Set(stopped.map((v) => v.stoppedEarly!.reason))];
    const flags = reasons.map((r) => RAISE_FLAGS[r]).filter((f): f is string => f !== undefined);
    lines.push(
      `  stopped at its ${reasons.map((r) => LIMIT_NAMES[r] ?? r).join(' and ')}: ${notStarted} ` +
        `package${notStarted === 1 ? '' : 's'} of ${stopped.length} run${stopped.length === 1 ? '' : 's'} not started` +
        (setId && flags.length > 0
          ? `; go on under a higher cap: smi-bench resume ${setId} ${flags.join(' ')}`
          : ''),
    );
  }
  return lines;
}

const RAISE_FLAGS: Record<string, string> = {
  max_cost_usd: '--max-cost-usd X',
  max_total_tokens: '--max-total-tokens N',
};

const LIMIT_NAMES: Record<string, string> = {
  max_cost_usd: 'cost cap',
  max_total_tokens: 'token cap',
  max_run_seconds: 'time limit',
};

/** `total: $0.0180 · 14,400 tokens · 16/16 packages` over every run of the set. */
function totalLine(views: CellView[]): string {
  const priced = views.filter((v) => v.costUsd !== null);
  const cost = priced.reduce((sum, v) => sum + v.costUsd!, 0);
  const tokens = views.reduce((sum, v) => sum + v.tokens, 0);
  const done = views.reduce((sum, v) => sum + v.done, 0);
  const totals = views.map((v) => v.total);
  const total = totals.every((t) => t !== null) ? String(totals.reduce((s, t) => s + t!, 0)) : '?';
  const parts = [
    `total: ${priced.length > 0 ? formatUsd(cost) : 'cost unknown'}`,
    `${groupThousands(tokens)} tokens`,
    `${done}/${total} packages`,
  ];
  return parts.join(' · ');
}

/**
 * One line for the progress display, redrawn every few seconds: `set X: 5/8 packages, 2 of 4 runs
 * finished`. Counts row files instead of reading them, so it stays cheap on large runs.
 */
export async function matrixProgressLine(setId: string, cells: EvalSetCellState[]): Promise<string> {
  let done = 0;
  let total = 0;
  for (const cell of cells) {
    done += countStoredRows(cell.runDir);
    total += (await readSelection(cell.runDir))?.total ?? 0;
  }
  const finished = cells.filter((c) => c.state !== 'running').length;
  return `[set ${setId}] ${done}/${total} packages, ${finished} of ${plural(cells.length, 'run')} finished`;
}
