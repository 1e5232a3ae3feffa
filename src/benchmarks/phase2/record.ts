// Phase II in the run directory: its rows, its packages.jsonl lines and its result (schema_version 2).
import { STAGE_PREFIX, type StageCounts } from '../../core/phase2/taxonomy.js';
import { planTally } from '../../benchmarks/phase2/workflow/plan-tally.js';
import { emptyPhase2Row, type Phase2Row } from '../../core/phase2/row.js';
import { formatPhase2ResultJson } from './result-json.js';
import { pyFloat } from '../../core/pyjson.js';
import { buildPhase2Result } from './result.js';
import type { RowLogFormat } from '../../run-store/rows.js';
import { ZERO_USAGE } from '../../core/usage.js';
import { modelFields, sha256OrNull, type BenchmarkRecord } from '../record.js';
import type { Phase2Options } from '../../contracts/phase2-options.js';
import { formatPhase2PackageLine } from '../../core/phase2/row-py.js';

const hitRate = (row: Phase2Row) => (row.score.targets > 0 ? row.score.created_hits / row.score.targets : 0);

const PHASE2_ROW_LOG: RowLogFormat<Phase2Row> = {
  // Upstream wrote no packages.jsonl in Phase II; ours holds the whole row, as the result file does.
  packageLine: formatPhase2PackageLine,
  finishedFields: (row) => ({
    elapsed_seconds: row.elapsed_seconds === null ? null : pyFloat(row.elapsed_seconds),
    error: row.error,
    timed_out: row.timed_out,
    dry_run_ok: row.dry_run_ok,
    created_hits: row.score.created_hits,
    targets: row.score.targets,
    plan_variant: row.plan_variant,
  }),
};

/** Stage counts as `stage:<name>` numbers of the run's output, for the CLI's summary. */
function stageNumbers(stages: StageCounts): Record<string, number> {
  return Object.fromEntries(Object.entries(stages).map(([stage, n]) => [`${STAGE_PREFIX}${stage}`, n]));
}

export const phase2Record: BenchmarkRecord<Phase2Row> = {
  phase: 'phase2',
  keepsRepeatedIds: true,
  metadata: (input, recordedOptions) => {
    const o = input.options as Phase2Options;
    return {
      benchmark: 'phase2_inhabitation',
      fields: {
        corpus_root: input.corpusRoot,
        ...modelFields(o.agentSettings),
        rpc_url: o.rpcUrl,
        rpc_protocol:
          o.simulationMode === 'dry-run' || o.simulationMode === 'dev-inspect'
            ? (o.rpcProtocol ?? 'grpc')
            : null,
        network: o.network ?? null,
        sender: o.sender,
        gas_budget: o.gasBudget,
        gas_budget_ladder: o.gasBudgetLadder.join(','),
        gas_coin: o.gasCoin,
        simulation_mode: o.simulationMode,
        ...recordedOptions,
        max_run_seconds: input.maxRunSeconds ?? null,
        prompt_templates_sha256: Object.fromEntries(
          Object.entries(o.promptTemplates).map(([kind, text]) => [kind, sha256OrNull(text)]),
        ),
      },
    };
  },
  runStartedFields: (input) => ({ simulation_mode: (input.options as Phase2Options).simulationMode }),
  rowLog: PHASE2_ROW_LOG,
  summaryOf: ({ index, row }) => ({
    index,
    packageId: row.package_id,
    metrics: { hit_rate: hitRate(row) },
    error: row.error,
    timedOut: row.timed_out,
    usage: row.usage ?? ZERO_USAGE,
  }),
  failedRow: (packageId, error) => ({ ...emptyPhase2Row(packageId), error }),
  async buildResult(runDir, finishedAtUnixSeconds, stoppedEarly) {
    const result = {
      ...(await buildPhase2Result(runDir, finishedAtUnixSeconds)),
      ...(stoppedEarly ? { stopped_early: stoppedEarly } : {}),
    };
    const a = result.aggregate;
    const plans = planTally(result.packages);
    return {
      text: formatPhase2ResultJson(result),
      samples: result.samples,
      errors: a.errors,
      aggregate: {
        avg_hit_rate: a.avg_hit_rate,
        max_hit_rate: a.max_hit_rate,
        micro_hit_rate: a.micro_hit_rate,
        planning_only_hit_rate: a.planning_only_hit_rate,
        packages_with_hits: a.packages_with_hits,
        plans_built: plans.built,
        plans_executed: plans.executed,
        plans_executed_ok: plans.executedOk,
        empty_plans: plans.empty,
        avg_partial_credit: a.avg_partial_credit,
        ...stageNumbers(a.failure_stages),
      },
      usage: {
        prompt_tokens: a.total_prompt_tokens,
        completion_tokens: a.total_completion_tokens,
        total_tokens: a.total_prompt_tokens + a.total_completion_tokens,
        ...(a.total_cost_usd === null ? {} : { cost_usd: a.total_cost_usd }),
      },
      modelCalls: a.model_calls,
      runFinishedFields: { samples: result.samples, errors: a.errors, avg_hit_rate: pyFloat(a.avg_hit_rate) },
    };
  },
};
