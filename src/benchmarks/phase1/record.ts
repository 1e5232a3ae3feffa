// Phase I in the run directory: its rows, its packages.jsonl lines and its result (schema_version 1).
import { formatPhase1PackageLine } from '../../core/phase1-result.js';
import { pyFloat } from '../../core/pyjson.js';
import type { Phase1PackageRow } from '../../core/types.js';
import { formatPhase1ResultJson } from './result-json.js';
import { buildPhase1Result } from './result.js';
import type { RowLogFormat } from '../../run-store/rows.js';
import { ZERO_USAGE } from '../../core/usage.js';
import { modelFields, sha256OrNull, type BenchmarkRecord } from '../record.js';
import type { Phase1Options } from '../../contracts/phase1-options.js';

const PHASE1_ROW_LOG: RowLogFormat<Phase1PackageRow> = {
  // packages.jsonl carries upstream's fields (never the type lists) plus token usage.
  packageLine: formatPhase1PackageLine,
  finishedFields: (row) => ({
    elapsed_seconds: row.elapsed_seconds === null ? null : pyFloat(row.elapsed_seconds),
    error: row.error,
    timed_out: row.timed_out,
  }),
};

export const phase1Record: BenchmarkRecord<Phase1PackageRow> = {
  phase: 'phase1',
  keepsRepeatedIds: false,
  metadata: (input) => ({
    benchmark: 'phase1_key_struct_discovery',
    fields: {
      corpus_root: input.corpusRoot,
      ...modelFields(input.options.agentSettings),
      prompt_template_sha256: sha256OrNull((input.options as Phase1Options).promptTemplate),
    },
  }),
  runStartedFields: () => ({}),
  rowLog: PHASE1_ROW_LOG,
  summaryOf: ({ index, row }) => ({
    index,
    packageId: row.package_id,
    metrics: { precision: row.score.precision, recall: row.score.recall, f1: row.score.f1 },
    error: row.error,
    timedOut: row.timed_out === true,
    usage: row.usage ?? ZERO_USAGE,
  }),
  failedRow: (packageId, error) => ({
    package_id: packageId,
    truth_key_types: 0,
    predicted_key_types: 0,
    score: { tp: 0, fp: 0, fn: 0, precision: 0, recall: 0, f1: 0, missing_sample: [], extra_sample: [] },
    error,
    elapsed_seconds: null,
    attempts: null,
    max_structs_used: null,
    timed_out: null,
  }),
  async buildResult(runDir, finishedAtUnixSeconds, stoppedEarly) {
    const result = {
      ...(await buildPhase1Result(runDir, finishedAtUnixSeconds)),
      ...(stoppedEarly ? { stopped_early: stoppedEarly } : {}),
    };
    const { avg_precision, avg_recall, avg_f1, errors, usage } = result.aggregate;
    return {
      text: formatPhase1ResultJson(result),
      samples: result.samples,
      errors,
      aggregate: { avg_precision, avg_recall, avg_f1 },
      usage,
      runFinishedFields: { samples: result.samples, errors, avg_f1: pyFloat(avg_f1) },
    };
  },
};
