// How a benchmark shows itself: its line while it runs, its summary when done, its leaderboard (what a row
// scores, the columns, the tie-breaks), what `compare` recognizes as its result file, its package page,
// and which of the report's figures and the view's parts its runs get. `compare`, `report`, `view` and the
// progress line read it from BENCHMARKS instead of knowing benchmarks by name. A package page is made of
// report-parts' pieces; the report puts it in its document, the figures stay in report/.
import type { Turn } from '../report-parts/conversation.js';
import type { SafeHtml } from '../report-parts/html.js';
import type { PackageTrace } from '../report-parts/traces.js';

/** A result row as its file holds it. */
export type Row = Record<string, unknown>;

/** A board's columns of one run besides its score, in display order (null: nothing to show). */
export type BoardColumns = Record<string, number | null>;

/** The progress line's and the final summary's numbers, each as `[key, label]`. */
export interface ProgressDisplay {
  /** The running mean the progress line shows. */
  mean: [string, string];
  /** The final aggregate, the score the benchmark is ranked by first (its result's score field). */
  aggregate: [[string, string], ...[string, string][]];
  /** Counts shown in the final summary when not zero (the sandbox's functions per stage). */
  counts?: readonly string[];
  /** A line of the final summary always shown, from the aggregate (Phase II: what its plans were). */
  detail?(aggregate: Record<string, number>): string;
  /** A number that ranks nothing, shown last under a label that says what it is. */
  aside?: [string, string];
}

/**
 * How its result file (one with packages) is told from others': by the benchmark it names, else by its
 * schema_version (a mark by benchmark is looked for first).
 */
export type ResultMark = { benchmark: string } | { schemaVersion: number };

/** What a package page is made from: the row, and what its run directory holds of the package. */
export interface PackagePageInput {
  row: Row;
  runDir: string | null;
  trace: PackageTrace;
  /** Its targets under their defining ids, as scored (null: not recorded). */
  targets: string[] | null;
  /** The calls to the model, as the page shows them. */
  turns: Turn[];
  /** Characters of each prompt and answer shown (null: all). */
  textLimit: number | null;
}

/** Figures of the report beyond score, matrix and cost, drawn for a benchmark's runs. */
export type ReportFigureKind = 'failure-stages' | 'need-more';

export type PackagePage = (input: PackagePageInput) => SafeHtml;

/** A benchmark with a model to rank: its leaderboard and its parts of the report. */
export interface BoardDisplay {
  /** A row's score on the board (its mean over rows is the run's score). */
  rowScore(row: Row): number;
  /** The board's other columns for these rows. */
  columns(rows: Row[]): BoardColumns;
  /** For equal scores, what decides the order, each larger first. */
  tieBreaks: readonly ((columns: BoardColumns) => number)[];
  /** The column the board ranks on, as `compare` prints it (`f1`). */
  scoreColumn: string;
  /** The report's words under its board for its less obvious columns. */
  terms?: string;
  /** The score column of a run's package table (`F1`). */
  rowScoreName: string;
  /** The score figure's name for the mean (`mean F1`). */
  meanName: string;
  /** What a matrix cell holds, in its caption and its colour legend. */
  cell: { caption: string; legend: string };
  /** A row whose 0 is no miss (nothing to create): a cell of its own in the matrix. */
  nothingToScore?(row: Row): boolean;
  /** Its package table says where each package stopped (`failure_stage`). */
  stages: boolean;
  /** The heading of the package table's last column (the row's error, or why it stopped). */
  whyHeader: string;
  /**
   * Its part of a package's page, between the heading and the conversation with the model: loaded when a
   * report is made, so that the CLI starts without the pages' code.
   */
  packagePage(): Promise<PackagePage>;
  figures?: readonly ReportFigureKind[];
}

export interface BenchmarkDisplay {
  result: ResultMark;
  progress: ProgressDisplay;
  /** The score's short name, as an evaluation set's status shows a run's mean (`F1`, `hit rate`). */
  scoreName: string;
  /** Its leaderboard; absent where there is no model to rank (the sandbox). */
  board?: BoardDisplay;
  /** A recorded row's outcome beside ok, for the view's progress page (Phase II: where and why it stopped). */
  rowOutcome?(row: Row): string;
}

/** The result's aggregate field that holds its mean score: the first the summary shows (`avg_f1`). */
export const resultScoreField = (display: BenchmarkDisplay): string => display.progress.aggregate[0][0];

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const obj = (v: unknown): Row => (v !== null && typeof v === 'object' ? (v as Row) : {});

/** A number of the row's `score` (0 when absent). */
export const scoreField = (row: Row, key: string) => num(obj(row['score'])[key]);

/** A number of the row (0 when absent). */
export const rowNumber = (row: Row, key: string) => num(row[key]);

/** Created hits over targets (0 without targets): Phase II's score and the helper's hit rate. */
export function hitRate(row: Row): number {
  const targets = scoreField(row, 'targets');
  return targets > 0 ? scoreField(row, 'created_hits') / targets : 0;
}

/** All created hits and all targets of the rows. */
export function hitTotals(rows: Row[]): { hits: number; targets: number } {
  return {
    hits: rows.reduce((s, r) => s + scoreField(r, 'created_hits'), 0),
    targets: rows.reduce((s, r) => s + scoreField(r, 'targets'), 0),
  };
}
