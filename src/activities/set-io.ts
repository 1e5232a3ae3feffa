// An evaluation set's own result file, written when the set finishes: `<log-dir>/<set-id>.set_result.json`,
// each run's line of the matrix (what `status SET` shows, from compare/run-summary.ts) and the set's totals.
// Upstream had no set; its run_multi_model.sh left one result JSON per model and nothing over them.
import { dirname } from 'node:path';
import { finishedRunSummary, type RunSummary } from '../compare/run-summary.js';
import { atomicWriteFile } from '../run-store/atomic-write.js';
import { setResultPath } from '../run-store/paths.js';
import { nowUnixSeconds } from '../run-store/events.js';
import { asActivity } from '../activity-support/failures.js';
import type { EvalSetCellState } from '../contracts/eval-set.js';

/** A run's line of the matrix; the numbers are absent for a run that failed or left no result. */
export interface SetResultRun {
  model: string;
  phase: string;
  run_id: string;
  run_dir: string;
  state: EvalSetCellState['state'];
  error: string | null;
  done?: number;
  total?: number | null;
  errors?: number;
  score?: number | null;
  interval?: RunSummary['interval'];
  cost_usd?: number | null;
  tokens?: number;
  stopped_early?: RunSummary['stoppedEarly'];
}

function numbers(s: RunSummary): Partial<SetResultRun> {
  return {
    done: s.done,
    total: s.total,
    errors: s.errors,
    score: s.score,
    interval: s.interval,
    cost_usd: s.costUsd,
    tokens: s.tokens,
    stopped_early: s.stoppedEarly,
  };
}

export interface SetResult {
  schema_version: 1;
  set_id: string;
  finished_at_unix_seconds: number;
  /** The caps the set last ran under (null: none). */
  max_cost_usd: number | null;
  max_total_tokens: number | null;
  runs: SetResultRun[];
  /** Over every run: dollars (null when no run has a price), tokens, packages done of all. */
  total: { cost_usd: number | null; tokens: number; done: number; total: number | null; errors: number };
}

async function writeSetResult(args: {
  setId: string;
  cells: EvalSetCellState[];
  maxCostUsd: number | null;
  maxTotalTokens: number | null;
}): Promise<string> {
  return asActivity(async () => {
    const runs: SetResultRun[] = args.cells.map((cell) => {
      const summary = cell.state === 'failed' ? null : finishedRunSummary(cell.phase, cell.runDir);
      return {
        model: cell.model,
        phase: cell.phase,
        run_id: cell.runId,
        run_dir: cell.runDir,
        state: cell.state,
        error: cell.error,
        ...(summary ? numbers(summary) : {}),
      };
    });
    const priced = runs.filter((r) => typeof r.cost_usd === 'number');
    const totals = runs.map((r) => r.total);
    const result: SetResult = {
      schema_version: 1,
      set_id: args.setId,
      finished_at_unix_seconds: nowUnixSeconds(),
      max_cost_usd: args.maxCostUsd,
      max_total_tokens: args.maxTotalTokens,
      runs,
      total: {
        cost_usd: priced.length > 0 ? priced.reduce((s, r) => s + r.cost_usd!, 0) : null,
        tokens: runs.reduce((s, r) => s + (r.tokens ?? 0), 0),
        done: runs.reduce((s, r) => s + (r.done ?? 0), 0),
        total: totals.every((t) => typeof t === 'number') ? totals.reduce((s, t) => s! + t!, 0)! : null,
        errors: runs.reduce((s, r) => s + (r.errors ?? 0), 0),
      },
    };
    const logDir = dirname(args.cells[0]!.runDir);
    const path = setResultPath(logDir, args.setId);
    await atomicWriteFile(path, JSON.stringify(result, null, 2) + '\n');
    return path;
  });
}

export function createSetIoActivities() {
  return { writeSetResult };
}
