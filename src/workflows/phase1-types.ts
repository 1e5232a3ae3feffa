// Inputs and outputs of the Phase I workflows. Everything here travels through workflow history, so it
// stays small: package lists are paged from the run directory and interfaces stay in the artifact store.
import type { Phase1Agent, TokenUsage } from '../core/types.js';
import type { RealAgentSettings } from '../agents/config.js';

export interface Phase1Options {
  agent: Phase1Agent;
  /** Model settings without the API key (workers read the key from their own environment). */
  agentSettings: RealAgentSettings | null;
  seed: number;
  maxStructsInPrompt: number;
  perPackageTimeoutSeconds: number;
  includeTypeLists: boolean;
}

export interface Phase1RunInput {
  runId: string;
  /** Absolute path of the run directory (run_metadata.json, events.jsonl, packages.jsonl, rows/, artifacts/). */
  runDir: string;
  corpusRoot: string;
  samples: number;
  /** Absolute path of a package-ids file (a manifest or a resolved dataset), if any. */
  idsFile: string | null;
  dataset: string | null;
  concurrency: number;
  /** Where to write the final result JSON besides `<runDir>/result.json`. */
  outFile: string | null;
  argv: string[];
  options: Phase1Options;
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
  sumPrecision: number;
  sumRecall: number;
  sumF1: number;
  usage: TokenUsage;
}

export interface Phase1RunState {
  prepared: PreparedRun;
  /** Index of the next package to start. */
  cursor: number;
  totals: RunTotals;
}

export interface Phase1PackageInput {
  runId: string;
  runDir: string;
  index: number;
  packageId: string;
  packageDir: string;
  options: Phase1Options;
}

/** The small summary a package workflow returns to its run. The full row is in the run directory. */
export interface Phase1PackageSummary {
  index: number;
  packageId: string;
  precision: number;
  recall: number;
  f1: number;
  error: string | null;
  timedOut: boolean;
  usage: TokenUsage;
}

export interface Phase1Progress {
  runId: string;
  phase: 'preparing' | 'running' | 'finalizing' | 'done';
  total: number;
  started: number;
  completed: number;
  errors: number;
  timeouts: number;
  running: string[];
  avgF1: number | null;
  usage: TokenUsage;
  concurrency: number;
}

export interface Phase1RunOutput {
  runId: string;
  total: number;
  resultPath: string;
  outFile: string | null;
  aggregate: { avg_precision: number; avg_recall: number; avg_f1: number; errors: number };
  usage: TokenUsage;
}

export const ZERO_USAGE: TokenUsage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
    total_tokens: a.total_tokens + b.total_tokens,
  };
}
