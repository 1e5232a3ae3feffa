// What a phase tells the run-level activities: how its rows look in the run directory and in the result.
// The engine and the activities in run-io.ts know nothing else about a phase.
import type { Phase } from '../../temporal/names.js';
import type { BaseRow, RowLogFormat, StoredRow } from '../../run-store/rows.js';
import type { PackageSummary, RunInput, RunOutput } from '../../workflows/run-types.js';

export interface PhaseDefinition<Row extends BaseRow> {
  phase: Phase;
  /** run_metadata.json: upstream's `benchmark` name and the phase's own fields. */
  metadata(input: RunInput): { benchmark: string; fields: Record<string, unknown> };
  /** Fields of the `run_started` event besides the start time, agent and seed. */
  runStartedFields(input: RunInput): Record<string, unknown>;
  rowLog: RowLogFormat<Row>;
  summaryOf(stored: StoredRow<Row>): PackageSummary;
  /** The row of a package whose workflow failed unexpectedly: zero score, the reason as its error. */
  failedRow(packageId: string, error: string): Row;
  /** Builds the result from the rows, writes it to the run directory (and `outFile`), reports it. */
  finalize(args: {
    runId: string;
    runDir: string;
    outFile: string | null;
    finishedAtUnixSeconds: number;
  }): Promise<{ output: RunOutput; runFinishedFields: Record<string, unknown> }>;
}
