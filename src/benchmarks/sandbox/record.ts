// The sandbox phase in the run directory: one row per package holding its benchmark-local lines; the result
// JSON counts functions per stage, and benchmark_local.jsonl (also what `--output` gets) has every line.
import { pyFloat } from '../../core/pyjson.js';
import {
  formatSandboxPackageLine,
  sandboxPackageRow,
  tierBRate,
  type SandboxPackageRow,
} from '../../sandbox/package-row.js';
import { readStoredRows, type RowLogFormat } from '../../run-store/rows.js';
import { sandboxOutputs } from './result.js';
import type { SandboxOptions } from '../../contracts/sandbox-options.js';
import { ZERO_USAGE } from '../../core/usage.js';
import type { BenchmarkRecord } from '../record.js';
import { SANDBOX_BENCHMARK } from './result-name.js';

export const BENCHMARK_LOCAL_FILE = 'benchmark_local.jsonl';

const SANDBOX_ROW_LOG: RowLogFormat<SandboxPackageRow> = {
  packageLine: formatSandboxPackageLine,
  finishedFields: (row) => ({
    elapsed_seconds: row.elapsed_seconds === null ? null : pyFloat(row.elapsed_seconds),
    error: row.error,
    functions: row.functions,
    tier_b_hit: row.outcomes.tier_b_hit,
  }),
};

export const sandboxRecord: BenchmarkRecord<SandboxPackageRow> = {
  phase: 'sandbox',
  keepsRepeatedIds: false,
  metadata: (input) => {
    const o = input.options as SandboxOptions;
    return {
      benchmark: SANDBOX_BENCHMARK,
      fields: { corpus_root: input.corpusRoot, framework_dir: o.frameworkDir, tier_a_only: o.tierAOnly },
    };
  },
  runStartedFields: (input) => ({ tier_a_only: (input.options as SandboxOptions).tierAOnly }),
  rowLog: SANDBOX_ROW_LOG,
  summaryOf: ({ index, row }) => ({
    index,
    packageId: row.package_id,
    metrics: { tier_b_rate: tierBRate(row) },
    error: row.error,
    timedOut: false,
    usage: ZERO_USAGE,
  }),
  failedRow: (packageId, error) => sandboxPackageRow(packageId, [], error, null),
  async buildResult(runDir, finishedAtUnixSeconds, stoppedEarly) {
    const stored = await readStoredRows<SandboxPackageRow>(runDir);
    const outputs = sandboxOutputs(
      stored.map((s) => s.row),
      finishedAtUnixSeconds,
    );
    const result = { ...outputs.result, ...(stoppedEarly ? { stopped_early: stoppedEarly } : {}) };
    const jsonl = outputs.jsonl;
    const a = result.aggregate;
    return {
      text: JSON.stringify(result, null, 2) + '\n',
      samples: result.samples,
      errors: a.packages_with_errors,
      aggregate: {
        avg_tier_b_rate: a.avg_tier_b_rate,
        micro_tier_b_rate: a.micro_tier_b_rate,
        functions: a.functions,
        accepted: a.accepted,
        packages_missing_dependencies: a.packages_missing_dependencies,
        ...a.outcomes,
      },
      usage: ZERO_USAGE,
      runFinishedFields: {
        samples: result.samples,
        functions: a.functions,
        tier_b_hit: a.outcomes.tier_b_hit,
      },
      outputFile: { name: BENCHMARK_LOCAL_FILE, text: jsonl },
    };
  },
};
