// A Phase II row in its Python-compatible form: the row's fields plus what the taxonomy derives from them.
import { PyFloat } from '../pyjson.js';
import { formatJsonlLine } from '../phase1-result.js';
import { usageToPy } from '../usage.js';
import type { Phase2Row } from './row.js';
import {
  executionTrace,
  failureStage,
  rowAbortCategory,
  rowFailure,
  scoringCriteria,
  stopReason,
  type ScoringCriteria,
} from './taxonomy.js';

const floatOrNull = (x: number | null): PyFloat | null => (x === null ? null : new PyFloat(x));
const criteriaToPy = (c: ScoringCriteria) => ({ ...c, score: new PyFloat(c.score) });

/** The row as Python prints it: floats marked, the abort code as an exact integer. */
export function phase2RowToPy(row: Phase2Row): Record<string, unknown> {
  return {
    ...row,
    elapsed_seconds: floatOrNull(row.elapsed_seconds),
    causality_score: floatOrNull(row.causality_score),
    dry_run_abort_code: row.dry_run_abort_code === null ? null : BigInt(row.dry_run_abort_code),
    usage: row.usage ? usageToPy(row.usage) : undefined,
    failure_stage: failureStage(row),
    stop_reason: stopReason(row),
    abort_category: rowAbortCategory(row),
    scoring_criteria: criteriaToPy(scoringCriteria(row)),
    execution_trace: executionTrace(row),
    failure: rowFailure(row),
  };
}

/** The packages.jsonl line for a finished Phase II package, newline included. */
export function formatPhase2PackageLine(row: Phase2Row): string {
  return formatJsonlLine(phase2RowToPy(row));
}
