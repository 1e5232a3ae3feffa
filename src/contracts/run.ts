// Inputs, state and outputs of the run engine, shared by every phase. Everything here travels through
// workflow history, so it stays small: package lists are paged from the run directory, interfaces,
// prompts and answers stay in the artifact store.
import type { ModelCallTally, StoppedEarly, TokenUsage } from './usage.js';
import type { RealAgentSettings } from './agent-settings.js';
import type { Phase } from './phases.js';

/** Settings every phase has. */
export interface BaseOptions {
  agent: string;
  /** Model settings without the API key (workers read the key from their own environment). */
  agentSettings: RealAgentSettings | null;
  seed: number;
}

export interface RunInput<Options extends BaseOptions = BaseOptions> {
  phase: Phase;
  runId: string;
  /** Absolute path of the run directory (run_metadata.json, events.jsonl, packages.jsonl, rows/, artifacts/). */
  runDir: string;
  corpusRoot: string;
  samples: number;
  /** Absolute path of a package-ids file (a manifest or a resolved dataset), if any. */
  idsFile: string | null;
  /** Package ids given on the command line (`sandbox --package-id`); they take the place of an ids file. */
  packageIds?: string[] | null;
  dataset: string | null;
  concurrency: number;
  /**
   * `--batch-size B`: the packages run in batches of B, in manifest order (upstream's manifest batch
   * scripts). A batch starts when the one before it has finished; at each boundary the result so far is
   * written to `outFile` and a `batch_finished` event logged. null or absent: no batches. Rows do not
   * depend on it, so it is not part of the run's identity.
   */
  batchSize?: number | null;
  /** Where to write the final result JSON besides `<runDir>/result.json`. */
  outFile: string | null;
  argv: string[];
  /** The phase's settings. All of them are part of the run's identity (see run-store/run-identity.ts). */
  options: Options;
  /** Wall-clock limit of the whole run (`--max-run-seconds`): no package starts after it. */
  maxRunSeconds?: number | null;
  /** Spending limits (`--max-cost-usd`, `--max-total-tokens`): no package starts that could pass one. */
  maxCostUsd?: number | null;
  maxTotalTokens?: number | null;
  /**
   * A run of an evaluation set with a cost cap: its starting share of the set's cap. The set raises it (the
   * `costAllowance` signal) when other runs leave money over; at it, the run waits for the set's word
   * instead of stopping. null or absent: no set budget (a run alone, or resumed with its own cap).
   */
  setCostAllowanceUsd?: number | null;
  /** The same for a set with a token cap (the `tokenAllowance` signal raises it). */
  setTokenAllowance?: number | null;
  /** Run again the packages whose recorded row has an error (`smi-bench resume --retry-errors`). */
  retryErrors?: boolean;
  /** false (`--no-log`): no events.jsonl / packages.jsonl; rows, results and metadata are still written. */
  writeLogs?: boolean;
  /**
   * Packages started per workflow history before the run continues as new (default 1000). Each child adds
   * a handful of events to the run's history; this keeps it far below Temporal's limits on huge corpora.
   */
  packagesPerHistory?: number;
}

/** What preparing a run learned; carried across continue-as-new. */
export interface PreparedRun {
  total: number;
}

export interface RunTotals {
  completed: number;
  errors: number;
  timeouts: number;
  /** Sums of the phase's per-package metrics (Phase I: precision, recall, f1; Phase II: hit_rate …). */
  metricSums: Record<string, number>;
  usage: TokenUsage;
}

/** Carried across continue-as-new. */
export interface RunState {
  prepared: PreparedRun;
  /** Index of the next package to start. */
  cursor: number;
  totals: RunTotals;
  /** The concurrency in force (a `setConcurrency` update may have changed the input's). */
  concurrency: number;
  /** When `--max-run-seconds` runs out (epoch ms), fixed when the run first started. */
  runDeadlineMs: number | null;
  /** The set's latest word on the run's allowance (runs of a set with a cost cap). */
  costAllowance?: CostAllowance;
  /** The same for a token cap. */
  tokenAllowance?: TokenAllowance;
  /** With batches: whether a package of the current batch was started by this run (not read back). */
  batchRan?: boolean;
}

export interface PackageInput<Options extends BaseOptions = BaseOptions> {
  runId: string;
  runDir: string;
  index: number;
  packageId: string;
  packageDir: string;
  /**
   * The run's corpus root, where a package's dependencies (and the corpus's framework) are: not always the
   * grandparent of `packageDir`, which is symlink-free. Absent in children started before it existed.
   */
  corpusRoot?: string;
  options: Options;
  /** The `resume --retry-errors` round computing this package again; absent the first time. */
  round?: string;
  /** As the run's `writeLogs`. */
  writeLogs?: boolean;
}

/** The small summary a package workflow returns to its run. The full row is in the run directory. */
export interface PackageSummary {
  index: number;
  packageId: string;
  metrics: Record<string, number>;
  error: string | null;
  timedOut: boolean;
  usage: TokenUsage;
}

/** One package of the run's manifest, with its summary when a row is recorded for it already. */
export interface PackagePageEntry {
  index: number;
  packageId: string;
  packageDir: string;
  recorded: PackageSummary | null;
}

export interface RunProgress {
  runId: string;
  runPhase: Phase;
  phase: 'preparing' | 'running' | 'finalizing' | 'done';
  total: number;
  started: number;
  completed: number;
  errors: number;
  timeouts: number;
  running: string[];
  /** Means of the phase's metrics over the finished packages (empty before the first one). */
  means: Record<string, number>;
  usage: TokenUsage;
  concurrency: number;
  /** With `--batch-size`: the batch size, the batch being worked on (1-based) and how many there are. */
  batch?: { size: number; current: number; total: number };
}

export interface RunOutput {
  runId: string;
  runPhase: Phase;
  total: number;
  resultPath: string;
  outFile: string | null;
  /** The run-directory file `outFile` is a copy of, when it is not the result JSON (the sandbox's JSONL). */
  outFileSource?: string;
  /** The result's aggregate numbers (Phase I: avg_precision, avg_recall, avg_f1; Phase II: avg_hit_rate …). */
  aggregate: Record<string, number>;
  errors: number;
  usage: TokenUsage;
  /** The run's model calls, answered and failed by kind (runs whose agent calls a model). */
  modelCalls?: ModelCallTally;
  /** Set when a limit kept packages from starting. */
  stoppedEarly?: StoppedEarly;
}

/** From a run's evaluation set: what the run may spend now, and whether more could still come. */
export interface CostAllowance {
  allowanceUsd: number;
  /** No more will come: at its allowance the run stops for the cap instead of waiting. */
  final: boolean;
}

/** The same for a set with a token cap: the tokens the run may use now. */
export interface TokenAllowance {
  allowanceTokens: number;
  final: boolean;
}
