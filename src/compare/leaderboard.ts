// Leaderboards of runs of one phase, from their rows: upstream's columns (Phase II: phase2_leaderboard's,
// spec harness.md §13, its ok-rates over plans with calls that something executed), tokens and cost, a bootstrap interval on the mean score, and for two runs a paired
// comparison on the packages both ran. Rows with an error count with their score (0 for a package that
// never heard from its model), as upstream's scripts counted them; `errors` says how many there are.
import { planTally } from '../benchmarks/phase2/workflow/plan-tally.js';
import { bootstrapInterval, mean, pairedComparison, type Interval, type PairedComparison } from './stats.js';

/** The phases with a model to rank, in board order. */
export const COMPARED_PHASES = ['phase1', 'phase2', 'helper'] as const;
export type ComparedPhase = (typeof COMPARED_PHASES)[number];

/** How boards, reports and figures name each phase. */
export const PHASE_TITLES: Record<ComparedPhase, string> = {
  phase1: 'Phase I',
  phase2: 'Phase II',
  helper: 'Helper package',
};

type Row = Record<string, unknown>;

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
  columns: Record<string, number | null>;
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

/** Created hits over targets (0 without targets), Phase II's score and the helper's hit rate. */
function hitRate(row: Row): number {
  const score = obj(row['score']);
  const targets = num(score['targets']);
  return targets > 0 ? num(score['created_hits']) / targets : 0;
}

/**
 * A row's score on the board: Phase I F1, Phase II's hit rate, the helper's pass (1 when an entry function
 * ran to the end through the target, else 0: its mean is the result's ok_rate).
 */
export function rowScore(phase: ComparedPhase, row: Row): number {
  if (phase === 'phase1') return num(obj(row['score'])['f1']);
  if (phase === 'helper') return row['ok'] === true ? 1 : 0;
  return hitRate(row);
}

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

function phaseColumns(phase: ComparedPhase, rows: Row[]): Record<string, number | null> {
  const n = rows.length;
  const share = (test: (r: Row) => boolean) => (n === 0 ? 0 : rows.filter(test).length / n);
  if (phase === 'phase1') {
    return {
      precision: mean(rows.map((r) => num(obj(r['score'])['precision']))),
      recall: mean(rows.map((r) => num(obj(r['score'])['recall']))),
    };
  }
  const hits = rows.reduce((s, r) => s + num(obj(r['score'])['created_hits']), 0);
  const targets = rows.reduce((s, r) => s + num(obj(r['score'])['targets']), 0);
  if (phase === 'helper')
    return {
      avg_hit_rate: mean(rows.map(hitRate)),
      hits,
      targets,
      // Answers the model gave until one built (or all it was allowed).
      mean_attempts: mean(rows.map((r) => num(r['attempts']))),
    };
  const plans = planTally(rows);
  // Over plans with calls that something executed: an empty plan runs without failing and creates nothing.
  const ofExecuted = (n: number) => (plans.executed === 0 ? null : n / plans.executed);
  return {
    micro_hit_rate: targets === 0 ? 0 : hits / targets,
    any_hit_rate: share((r) => num(obj(r['score'])['created_hits']) > 0),
    hits,
    targets,
    plans_executed: plans.executed,
    empty_plans: plans.empty,
    dry_run_ok_rate: ofExecuted(plans.dryRunOk),
    // Rows written before exec_ok existed have none: then there is no column to show.
    exec_ok_rate: rows.some((r) => 'exec_ok' in r) ? ofExecuted(plans.executedOk) : null,
  };
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
    columns: phaseColumns(phase, rows),
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

/** One board per phase present among the runs, in COMPARED_PHASES order. */
export function boardsOf(runs: LoadedRun[]): Leaderboard[] {
  return COMPARED_PHASES.map((phase) => runs.filter((r) => r.phase === phase))
    .filter((group) => group.length > 0)
    .map((group) => leaderboard(group[0]!.phase, group));
}

/**
 * For equal scores, what decides the order, each larger first: things only an agent that tried can have.
 * Phase I: recall (predicting nothing scores F1 1.0 on a package without key structs, and recall 0 where
 * there are some). Phase II: hits over all targets, then plans with calls that ran without failing, then
 * plans with calls executed (an empty plan counts for none). The helper: its hit rate, then its hits.
 */
const TIE_BREAKS: Record<ComparedPhase, ((c: LeaderboardEntry['columns']) => number)[]> = {
  phase1: [(c) => c['recall'] ?? 0],
  phase2: [
    (c) => c['micro_hit_rate'] ?? 0,
    // The count back from its rate: rounded, since 15/22 × 22 is 14.999… in floating point, and equal
    // counts must tie so that plans_executed decides.
    (c) => Math.round((c['exec_ok_rate'] ?? 0) * (c['plans_executed'] ?? 0)),
    (c) => c['plans_executed'] ?? 0,
  ],
  helper: [(c) => c['avg_hit_rate'] ?? 0, (c) => c['hits'] ?? 0],
};

/** Best first: the score, then the phase's tie-breaks; runs equal in all keep the order they were given. */
function rankEntries(phase: ComparedPhase, entries: LeaderboardEntry[]): LeaderboardEntry[] {
  const keys = [
    (e: LeaderboardEntry) => e.score,
    ...TIE_BREAKS[phase].map((k) => (e: LeaderboardEntry) => k(e.columns)),
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
