// What `status SET` shows of one run (packages done, errors, the mean score with its 95% interval, tokens,
// cost), kept cheap at 10,000 packages a run: reading every row and bootstrapping it on each call took
// seconds. A finished run's summary is computed once, exactly as `compare` computes it, and kept beside
// the run directory (`<log-dir>/.status-cache/<run-id>.json`) under the size and time of its result.json;
// the run writes it when it finishes. A running run's rows are read once each: the cache keeps what the finished ones (without an
// error, so never computed again) contribute, by index; each call reads only the rows that are new, or
// that had an error. Above 1,000 rows its interval is the normal approximation (see runningInterval): the
// cell is provisional, and its final interval, once the run finishes, is compare's.
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { runPaths } from '../run-store/paths.js';
import { BENCHMARKS } from '../benchmarks/registry.js';
import { resultScoreField } from '../benchmarks/display.js';
import { rowScore, rowsSummary, type ComparedPhase } from './leaderboard.js';
import { bootstrapInterval, mean, normalInterval, type Interval } from '../core/stats.js';
import type { Phase } from '../contracts/phases.js';

export interface RunSummary {
  done: number;
  total: number | null;
  errors: number;
  /** The phase's mean score (null before the first row). */
  score: number | null;
  interval: Interval | null;
  costUsd: number | null;
  tokens: number;
  /** A finished run that a limit stopped before all its packages started. */
  stoppedEarly: { reason: string; packages_not_started: number } | null;
}

const CACHE_VERSION = 1;

/** What a finished row without an error adds: [score, tokens, cost or null]. */
type RowEntry = [number, number, number | null];

interface StatusCache {
  version: number;
  finished?: { size: number; mtimeMs: number; summary: RunSummary };
  /** Running: the entries of rows without an error, by index, and the run they belong to. */
  startedAt?: number | null;
  rows?: Record<string, RowEntry>;
}

/** Beside the run directories (as the answer cache), so a run directory keeps upstream's layout. */
export const STATUS_CACHE_NAME = '.status-cache';
const cachePath = (runDir: string) => join(dirname(runDir), STATUS_CACHE_NAME, `${basename(runDir)}.json`);

function readCache(runDir: string): StatusCache | null {
  try {
    const cache = JSON.parse(readFileSync(cachePath(runDir), 'utf8')) as StatusCache;
    return cache.version === CACHE_VERSION ? cache : null;
  } catch {
    return null;
  }
}

/** Best effort: a read-only log directory, or a race with another status, only costs the next call. */
function writeCache(runDir: string, cache: StatusCache): void {
  // Whole or not at all for readers (a rename), but not flushed: losing it to a power cut costs a recompute.
  const tmp = `${cachePath(runDir)}.tmp.${process.pid}.${Math.random().toString(16).slice(2)}`;
  try {
    mkdirSync(dirname(tmp), { recursive: true });
    writeFileSync(tmp, JSON.stringify(cache));
    renameSync(tmp, cachePath(runDir));
  } catch {
    // not written: computed again next time
  }
}

interface ResultFile {
  samples: number;
  packages?: Record<string, unknown>[];
  aggregate: Record<string, unknown> & {
    errors?: number;
    usage?: { cost_usd?: number; total_tokens?: number };
  };
  stopped_early?: { reason: string; packages_not_started: number };
}

function computeFinished(phase: Phase, resultFile: string): RunSummary {
  const result = JSON.parse(readFileSync(resultFile, 'utf8')) as ResultFile;
  const a = result.aggregate;
  const cost = typeof a['total_cost_usd'] === 'number' ? a['total_cost_usd'] : (a.usage?.cost_usd ?? null);
  const { display } = BENCHMARKS[phase];
  const score = a[resultScoreField(display)];
  // (A benchmark without a board has no row scores: its interval and tokens are the aggregate's.)
  const rows = display.board ? rowsSummary(phase, result.packages ?? []) : null;
  return {
    done: result.samples,
    total: result.samples + (result.stopped_early?.packages_not_started ?? 0),
    errors: a.errors ?? 0,
    score: typeof score === 'number' ? score : null,
    interval: rows?.interval ?? null,
    costUsd: cost,
    // (Phase II's aggregate has prompt and completion tokens apart; the rows have the sum.)
    tokens: rows?.tokens ?? a.usage?.total_tokens ?? 0,
    stoppedEarly: result.stopped_early
      ? {
          reason: result.stopped_early.reason,
          packages_not_started: result.stopped_early.packages_not_started,
        }
      : null,
  };
}

/** A finished run's summary (null without a result file): from the cache while result.json is unchanged. */
export function finishedRunSummary(phase: Phase, runDir: string): RunSummary | null {
  const resultFile = runPaths(runDir).result;
  let stat;
  try {
    stat = statSync(resultFile);
  } catch {
    return null;
  }
  const cache = readCache(runDir);
  const kept = cache?.finished;
  if (kept && kept.size === stat.size && kept.mtimeMs === stat.mtimeMs) return kept.summary;
  const summary = computeFinished(phase, resultFile);
  writeCache(runDir, {
    version: CACHE_VERSION,
    finished: { size: stat.size, mtimeMs: stat.mtimeMs, summary },
  });
  return summary;
}

/** Up to this many rows a running cell's interval is compare's bootstrap; above, the normal approximation. */
export const RUNNING_BOOTSTRAP_ROWS = 1000;

/**
 * A running cell's interval: compare's (2,000 bootstrap resamples) up to 1,000 rows; above, where that
 * costs a second and more, the normal approximation it tends to (they differ in the third decimal at most
 * at that size). The cell's final interval, once its run finishes, is compare's.
 */
export function runningInterval(scores: readonly number[]): Interval | null {
  return scores.length <= RUNNING_BOOTSTRAP_ROWS ? bootstrapInterval(scores) : normalInterval(scores);
}

const ROW_FILE = /^(\d+)\.json$/;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * A running run's summary from its rows so far. `startedAt` (its selection's start) tells one run's cached
 * rows from another's that had the same directory.
 */
export function runningRunSummary(
  phase: ComparedPhase,
  runDir: string,
  total: number | null,
  startedAt: number | null,
): RunSummary {
  const dir = runPaths(runDir).rows;
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => ROW_FILE.test(n));
  } catch {
    names = [];
  }
  const cache = readCache(runDir);
  const known = cache && cache.startedAt === startedAt && cache.rows ? cache.rows : {};
  const entries: { index: number; entry: RowEntry; error: boolean }[] = [];
  let added = 0;
  for (const name of names) {
    const index = Number(ROW_FILE.exec(name)![1]);
    const cached = known[index];
    if (cached) {
      entries.push({ index, entry: cached, error: false });
      continue;
    }
    let row: Record<string, unknown>;
    try {
      row = (JSON.parse(readFileSync(join(dir, name), 'utf8')) as { row: Record<string, unknown> }).row;
    } catch {
      continue; // being written: next time
    }
    const usage = (row['usage'] ?? {}) as Record<string, unknown>;
    const entry: RowEntry = [
      rowScore(phase, row),
      num(usage['total_tokens']),
      typeof usage['cost_usd'] === 'number' ? usage['cost_usd'] : null,
    ];
    const error = row['error'] !== null && row['error'] !== undefined;
    entries.push({ index, entry, error });
    if (!error) {
      known[index] = entry;
      added++;
    }
  }
  if (added > 0) writeCache(runDir, { version: CACHE_VERSION, startedAt, rows: known });
  // In index order, as compare reads rows: the same sums to the last bit.
  entries.sort((a, b) => a.index - b.index);
  const scores = entries.map((e) => e.entry[0]);
  let cost: number | null = null;
  for (const { entry } of entries) if (entry[2] !== null) cost = (cost ?? 0) + entry[2];
  return {
    done: entries.length,
    total,
    errors: entries.filter((e) => e.error).length,
    score: entries.length > 0 ? mean(scores) : null,
    interval: runningInterval(scores),
    costUsd: cost,
    tokens: entries.reduce((sum, e) => sum + e.entry[1], 0),
    stoppedEarly: null,
  };
}
