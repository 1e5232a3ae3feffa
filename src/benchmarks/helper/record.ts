// The helper benchmark in the run directory: a row per package (packages.jsonl has the whole row) and a
// result JSON with the rows and their aggregate.
import { helperAggregate, HELPER_BENCHMARK } from '../../benchmarks/helper/workflow/result.js';
import { finishHelperRow, helperSummary, type HelperRow } from '../../core/helper/row.js';
import { pyFloat } from '../../core/pyjson.js';
import { ZERO_USAGE } from '../../core/usage.js';
import { readStoredRows, type RowLogFormat } from '../../run-store/rows.js';
import type { HelperOptions } from '../../contracts/helper-options.js';
import { modelFields, sha256OrNull, type BenchmarkRecord } from '../record.js';

const HELPER_ROW_LOG: RowLogFormat<HelperRow> = {
  packageLine: (row) => JSON.stringify(row) + '\n',
  finishedFields: (row) => ({
    elapsed_seconds: row.elapsed_seconds === null ? null : pyFloat(row.elapsed_seconds),
    error: row.error,
    ok: row.ok,
    failure_stage: row.failure_stage,
    created_hits: row.score.created_hits,
    targets: row.score.targets,
  }),
};

export const helperRecord: BenchmarkRecord<HelperRow> = {
  phase: 'helper',
  keepsRepeatedIds: false,
  metadata: (input) => {
    const o = input.options as HelperOptions;
    return {
      benchmark: HELPER_BENCHMARK,
      fields: {
        corpus_root: input.corpusRoot,
        framework_dir: o.frameworkDir,
        ...modelFields(o.agentSettings),
        max_attempts: o.maxAttempts,
        scoring_hints: o.scoringHints,
        prompt_template_sha256: sha256OrNull(o.promptTemplate),
      },
    };
  },
  runStartedFields: (input) => ({ max_attempts: (input.options as HelperOptions).maxAttempts }),
  rowLog: HELPER_ROW_LOG,
  summaryOf: ({ index, row }) => helperSummary(index, row),
  failedRow: (packageId, error) =>
    finishHelperRow({
      package_id: packageId,
      attempts: 0,
      successful_attempt: null,
      build_errors: [],
      build_diagnostics: [],
      validation: { ok: false, errors: [] },
      attempt_history: [],
      entrypoints: [],
      score: { targets: 0, created_distinct: 0, created_hits: 0, missing: 0 },
      assumptions: [],
      error,
      timed_out: false,
      elapsed_seconds: null,
      usage: ZERO_USAGE,
      model_calls: null,
    }),
  async buildResult(runDir, finishedAtUnixSeconds, stoppedEarly) {
    const rows = (await readStoredRows<HelperRow>(runDir)).map((s) => s.row);
    const aggregate = helperAggregate(rows);
    const result = {
      benchmark: HELPER_BENCHMARK,
      schema_version: 1,
      finished_at_unix_seconds: finishedAtUnixSeconds,
      samples: rows.length,
      aggregate,
      packages: rows,
      ...(stoppedEarly ? { stopped_early: stoppedEarly } : {}),
    };
    return {
      text: JSON.stringify(result, null, 2) + '\n',
      samples: rows.length,
      errors: aggregate.errors,
      aggregate: {
        ok_rate: aggregate.ok_rate,
        ok: aggregate.ok,
        hits: aggregate.hits,
        targets: aggregate.targets,
        avg_hit_rate: aggregate.avg_hit_rate,
      },
      usage: aggregate.usage,
      modelCalls: aggregate.model_calls,
      runFinishedFields: {
        samples: rows.length,
        ok: aggregate.ok,
        hits: aggregate.hits,
        errors: aggregate.errors,
      },
    };
  },
};
