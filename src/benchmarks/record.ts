// A benchmark's record: how its rows look in the run directory and in its result file. The run-level
// activities and `smi-bench results` know a benchmark's rows through this alone.
import { createHash } from 'node:crypto';
import type { BaseRow, RowLogFormat, StoredRow } from '../run-store/rows.js';
import type { PackageSummary, RunInput } from '../contracts/run.js';
import { localModelIdentity } from '../agents/local-model.js';
import type { ModelCallTally, StoppedEarly, TokenUsage } from '../contracts/usage.js';
import type { RealAgentSettings } from '../contracts/agent-settings.js';
import type { Phase } from '../contracts/phases.js';

/** A benchmark's result file, built from the rows in a run directory. */
export interface RecordResult {
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

export interface BenchmarkRecord<Row extends BaseRow> {
  phase: Phase;
  /** Whether an id listed twice in an ids file is processed twice (Phase II) or once (Phase I, as upstream). */
  keepsRepeatedIds: boolean;
  /**
   * run_metadata.json: upstream's `benchmark` name and the phase's own fields, among them, where it puts
   * them, its definition's `recorded` options (`recordedOptionFields`).
   */
  metadata(
    input: RunInput,
    recordedOptions: Record<string, unknown>,
  ): { benchmark: string; fields: Record<string, unknown> };
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
  ): Promise<RecordResult>;
}

/** Any benchmark's record, as the definition holds it (each row type is its benchmark's own). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the row type varies with the benchmark
export type AnyBenchmarkRecord = BenchmarkRecord<any>;

/** What run_metadata.json records of a user's prompt template: its hash (null: the built-in wording). */
export function sha256OrNull(text: string | null | undefined): string | null {
  return text ? createHash('sha256').update(text).digest('hex') : null;
}

/** run_metadata.json's model: its name, and for a local model the file's identity (name, size, SHA-256). */
export function modelFields(settings: RealAgentSettings | null): Record<string, unknown> {
  const file = settings?.local_model;
  return { model: settings?.model ?? null, ...(file ? { model_file: localModelIdentity(file) } : {}) };
}
