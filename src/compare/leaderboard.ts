// Leaderboards of runs of one benchmark, from their rows: the score, columns and tie-breaks its display
// gives (src/benchmarks/<name>/display.ts; Phase II's are upstream's phase2_leaderboard's, spec harness.md
// §13), tokens and cost, a bootstrap interval on the mean score, and for two runs a paired comparison on
// the packages both ran. Rows with an error count with their score (0 for a package that never heard from
// its model), as upstream's scripts counted them; `errors` says how many there are.
import { boardOf, RANKED_BENCHMARKS, type BenchmarkName } from '../benchmarks/registry.js';
import type { BoardColumns, Row } from '../benchmarks/display.js';
import {
  bootstrapInterval,
  mean,
  pairedComparison,
  type Interval,
  type PairedComparison,
} from '../core/stats.js';

/** A benchmark with a model to rank (its definition's display has a board). */
export type ComparedPhase = BenchmarkName;

export interface LoadedRun {
  /** How the user named it: run id or file. */
  label: string;
  phase: ComparedPhase;
  /** The model, or the agent for runs without one. */
  model: string;
  agent: string;
  rows: Row[];
  /** Settings that make two runs comparable (corpus, selection, seed, simulation mode, prompts). */
  setting: Record<string, string>;
  /** The run directory the result lies in (its artifacts, events), or null for a lone result file. */
  runDir: string | null;
}

export interface LeaderboardEntry {
  run: string;
  model: string;
  agent: string;
  packages: number;
  errors: number;
  /** The mean the board ranks by (F1, the macro hit rate, the helper's pass rate), its 95% bootstrap interval. */
  score: number;
  interval: Interval | null;
  /** The phase's other columns, in display order. */
  columns: BoardColumns;
  tokens: number;
  costUsd: number | null;
}

export interface Leaderboard {
  phase: ComparedPhase;
  entries: LeaderboardEntry[];
  /** Settings that differ between the runs (empty: comparable). */
  differences: string[];
  /** For exactly two runs: first minus second, on the packages both have. */
  paired: (PairedComparison & { a: string; b: string }) | null;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const obj = (v: unknown): Row => (v !== null && typeof v === 'object' ? (v as Row) : {});

/** A row's score on the board of its benchmark (its display's). */
export const rowScore = (phase: ComparedPhase, row: Row): number => boardOf(phase).rowScore(row);

function usageOf(rows: Row[]): { tokens: number; costUsd: number | null } {
  let tokens = 0;
  let cost: number | null = null;
  for (const row of rows) {
    const usage = obj(row['usage']);
    tokens += num(usage['total_tokens']);
    if (typeof usage['cost_usd'] === 'number') cost = (cost ?? 0) + usage['cost_usd'];
  }
  return { tokens, costUsd: cost };
}

/** What a board says of one run's rows: packages, errors, the mean score and its interval, tokens, cost. */
export function rowsSummary(
  phase: ComparedPhase,
  rows: Row[],
): Omit<LeaderboardEntry, 'run' | 'model' | 'agent'> {
  const scores = rows.map((r) => rowScore(phase, r));
  return {
    packages: rows.length,
    errors: rows.filter((r) => r['error'] !== null && r['error'] !== undefined).length,
    score: mean(scores),
    interval: bootstrapInterval(scores),
    columns: boardOf(phase).columns(rows),
    ...usageOf(rows),
  };
}

function entryOf(run: LoadedRun): LeaderboardEntry {
  return { run: run.label, model: run.model, agent: run.agent, ...rowsSummary(run.phase, run.rows) };
}

/** Row scores keyed by package id and occurrence (an id listed twice is two packages). */
function scoresByPackage(run: LoadedRun): Map<string, number> {
  const seen = new Map<string, number>();
  const out = new Map<string, number>();
  for (const row of run.rows) {
    const id = String(row['package_id']);
    const k = (seen.get(id) ?? 0) + 1;
    seen.set(id, k);
    out.set(`${id}#${k}`, rowScore(run.phase, row));
  }
  return out;
}

function differencesOf(runs: LoadedRun[]): string[] {
  const keys = [...new Set(runs.flatMap((r) => Object.keys(r.setting)))].sort();
  return keys
    .filter((k) => new Set(runs.map((r) => r.setting[k] ?? '(none)')).size > 1)
    .map((k) => `${k}: ${runs.map((r) => `${r.label}=${r.setting[k] ?? '(none)'}`).join(', ')}`);
}

/** One board per benchmark present among the runs, in RANKED_BENCHMARKS order. */
export function boardsOf(runs: LoadedRun[]): Leaderboard[] {
  return RANKED_BENCHMARKS.map((phase) => runs.filter((r) => r.phase === phase))
    .filter((group) => group.length > 0)
    .map((group) => leaderboard(group[0]!.phase, group));
}

/** Best first: the score, then the benchmark's tie-breaks (its display's); runs equal in all keep the order they were given. */
function rankEntries(phase: ComparedPhase, entries: LeaderboardEntry[]): LeaderboardEntry[] {
  const keys = [
    (e: LeaderboardEntry) => e.score,
    ...boardOf(phase).tieBreaks.map((k) => (e: LeaderboardEntry) => k(e.columns)),
  ];
  return [...entries].sort((a, b) => {
    for (const key of keys) {
      const d = key(b) - key(a);
      if (d !== 0) return d;
    }
    return 0;
  });
}

export function leaderboard(phase: ComparedPhase, runs: LoadedRun[]): Leaderboard {
  const entries = rankEntries(phase, runs.map(entryOf));
  let paired: Leaderboard['paired'] = null;
  if (runs.length === 2) {
    const [a, b] = runs as [LoadedRun, LoadedRun];
    const sa = scoresByPackage(a);
    const sb = scoresByPackage(b);
    const common = [...sa.keys()].filter((k) => sb.has(k));
    paired = {
      a: a.label,
      b: b.label,
      ...pairedComparison(
        common.map((k) => sa.get(k)!),
        common.map((k) => sb.get(k)!),
      ),
    };
  }
  return { phase, entries, differences: differencesOf(runs), paired };
}
