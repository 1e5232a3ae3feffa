// What a phase tells the run-level activities: how its rows look in the run directory and in the result.
// The engine and the activities in run-io.ts know nothing else about a phase.
import { createHash } from 'node:crypto';
import type { BaseRow, RowLogFormat, StoredRow } from '../../run-store/rows.js';
import type { PackageSummary, RunInput } from '../../contracts/run.js';
import { localModelIdentity } from '../../agents/local-model.js';
import type { ModelCallTally, StoppedEarly, TokenUsage } from '../../contracts/usage.js';
import type { RealAgentSettings } from '../../contracts/agent-settings.js';
import type { Phase } from '../../contracts/phases.js';

/** A phase's result file, built from the rows in a run directory. */
export interface PhaseResult {
  /** The result JSON as written to result.json and `--out`. */
  text: string;
  samples: number;
  errors: number;
  /** The aggregate's numbers, for the CLI and the run's output. */
  aggregate: Record<string, number>;
  usage: TokenUsage;
  /** The run's model calls, when its agent calls a model and the phase counts them. */
  modelCalls?: ModelCallTally | null;
  /** Fields of the `run_finished` event besides the finish time. */
  runFinishedFields: Record<string, unknown>;
  /**
   * A file the phase writes into the run directory beside the result JSON, which `--out` then gets instead
   * (the sandbox's benchmark_local.jsonl).
   */
  outputFile?: { name: string; text: string };
}

export interface PhaseDefinition<Row extends BaseRow> {
  phase: Phase;
  /** Whether an id listed twice in an ids file is processed twice (Phase II) or once (Phase I, as upstream). */
  keepsRepeatedIds: boolean;
  /** run_metadata.json: upstream's `benchmark` name and the phase's own fields. */
  metadata(input: RunInput): { benchmark: string; fields: Record<string, unknown> };
  /** Fields of the `run_started` event besides the start time, agent and seed. */
  runStartedFields(input: RunInput): Record<string, unknown>;
  rowLog: RowLogFormat<Row>;
  summaryOf(stored: StoredRow<Row>): PackageSummary;
  /** The row of a package whose workflow failed unexpectedly: zero score, the reason as its error. */
  failedRow(packageId: string, error: string): Row;
  /**
   * The result of the rows recorded so far (a finished run: all of them); `stoppedEarly`, when a limit kept
   * packages from starting, goes into it as `stopped_early`.
   */
  buildResult(
    runDir: string,
    finishedAtUnixSeconds: number,
    stoppedEarly?: StoppedEarly,
  ): Promise<PhaseResult>;
}

/** What run_metadata.json records of a user's prompt template: its hash (null: the built-in wording). */
export function sha256OrNull(text: string | null | undefined): string | null {
  return text ? createHash('sha256').update(text).digest('hex') : null;
}

/** run_metadata.json's model: its name, and for a local model the file's identity (name, size, SHA-256). */
export function modelFields(settings: RealAgentSettings | null): Record<string, unknown> {
  const file = settings?.local_model;
  return { model: settings?.model ?? null, ...(file ? { model_file: localModelIdentity(file) } : {}) };
}
