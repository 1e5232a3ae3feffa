// `smi-bench eval-set CONFIG`: every model of the config through every phase of it, as one durable set
// workflow whose runs are ordinary runs (status, results, resume and compare work on each). Running the
// same config again joins the set, or reports it when it has finished.
import { processConfig } from '../config/process-config.js';
import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/common';
import { ConfigError } from '../agents/config.js';
import { SUPPORTED_PROVIDER, type RealAgentSettings } from '../contracts/agent-settings.js';
import { LOCAL_AGENT } from '../agents/local-model.js';
import {
  DEFAULT_LOCAL_MODEL_PATH,
  describeLocalModel,
  localModelSettings,
} from '../agents/local-model-file.js';
import {
  EvalSetConfigError,
  evalSetConfigSchema,
  evalSetId,
  readEvalSetConfig,
  type EvalSetConfig,
  SANDBOX_CELL,
  type EvalSetModel,
  type EvalSetPhase,
} from '../evalset/config.js';
import { benchmarkOptions, type AnyBenchmark, type RunContext } from '../benchmarks/definition.js';
import { blockOptions } from '../benchmarks/evalset-block.js';
import { BENCHMARKS } from '../benchmarks/registry.js';
import { formatUsd, groupThousands } from '../core/cost.js';
import { plural } from '../core/plural.js';
import { recordSetLogDir } from '../evalset/set-index.js';
import { runIdProblem } from '../core/run-id.js';
import { setResultPath } from '../run-store/paths.js';
import { evalSetWorkflowId, TASK_QUEUES } from '../temporal/names.js';
import type { evalSet } from '../workflows/eval-set.js';
import { evalSetCellsQuery } from '../workflows/eval-set-types.js';
import type { RunInput } from '../contracts/run.js';
import { UsageError } from '../usage-error.js';
import { workerModelDeps, type ModelAccess } from './model-access.js';
import { preflightModel } from './model-preflight.js';
import { readDotenvFile, type CliIO } from './run-common.js';
import { withSession, type Session } from './session.js';
import { cellView, formatMatrix, matrixProgressLine } from './set-matrix.js';
import { watchWorkflow } from '../run-queries/watch.js';
import type { EvalSetCell, EvalSetCellState, EvalSetMemo } from '../contracts/eval-set.js';

export interface EvalSetCliOptions {
  dotenv: string;
  /** `--cache` / `--no-cache`: the config's `cache`, for this command (part of the set's identity). */
  cache?: boolean;
  /** `--max-cost-usd`: the set's cap instead of the config's `max_cost_usd` (not part of its identity). */
  maxCostUsd?: number;
  /** `--max-total-tokens`: the same for the config's `max_total_tokens`. */
  maxTotalTokens?: number;
  retryErrors: boolean;
  detach: boolean;
  progress: boolean;
  skipPreflight: boolean;
}

/**
 * The model's settings from the config alone (this shell's SMI_* variables do not leak in); a local model's
 * file is read relative to the config.
 */
async function agentSettings(
  model: EvalSetModel,
  cache: boolean | undefined,
  base: string,
): Promise<RealAgentSettings> {
  if (model.provider === 'local-llm') {
    const path = model.model_path ? resolve(base, model.model_path) : DEFAULT_LOCAL_MODEL_PATH;
    try {
      return localModelSettings(await describeLocalModel(path));
    } catch (err) {
      if (err instanceof ConfigError) throw new UsageError(`model ${model.name}: ${err.message}`);
      throw err;
    }
  }
  // The config's values as they are (already checked by its schema): no SMI_* variable is read.
  const settings: RealAgentSettings = {
    provider: SUPPORTED_PROVIDER,
    base_url: model.base_url.replace(/\/+$/, ''),
    model: model.model,
    temperature: model.temperature ?? 0,
    max_tokens: model.max_tokens ?? null,
    thinking: model.thinking || null,
    response_format: model.response_format ?? null,
    clear_thinking: null,
    min_request_timeout_s: null,
    max_request_retries: model.max_request_retries ?? null,
    pricing: model.cost_from_provider
      ? { source: 'provider' }
      : model.price
        ? {
            source: 'price-table',
            input_per_million_usd: model.price.input_per_mtok,
            output_per_million_usd: model.price.output_per_mtok,
          }
        : null,
  };
  return {
    ...settings,
    ...(model.requests_per_second !== undefined ? { requests_per_second: model.requests_per_second } : {}),
    cache_answers: cache ?? settings.temperature === 0,
    api_key_env: model.api_key_env,
  };
}

/** Where a config's path points: relative to the config's folder. */
const fromConfig = (base: string, path: string | undefined) => (path ? resolve(base, path) : undefined);

async function cellRun(
  config: EvalSetConfig,
  base: string,
  setId: string,
  model: EvalSetModel,
  phase: EvalSetPhase,
  shares: { costUsd: number | null; tokens: number | null },
  dotenv: Record<string, string>,
  io: CliIO,
): Promise<RunInput> {
  const runId = `${setId}.${model.name}.${phase.phase}`;
  const problem = runIdProblem(runId);
  if (problem) throw new UsageError(`run id of model ${model.name}, ${phase.phase}: ${problem}`);
  const settings = await agentSettings(model, config.cache, base);
  const agent = model.provider === 'local-llm' ? LOCAL_AGENT : 'real-openai-compatible';
  const common = {
    ...selection(config, base),
    seed: config.seed ?? 0,
    concurrency: model.concurrency ?? 8,
    runId,
    dotenv: '',
  };
  const limits = {
    ...('max_cost_usd' in model && model.max_cost_usd !== undefined
      ? { maxCostUsd: model.max_cost_usd }
      : {}),
    ...(shares.costUsd !== null ? { setCostAllowanceUsd: shares.costUsd } : {}),
    ...(model.max_total_tokens !== undefined ? { maxTotalTokens: model.max_total_tokens } : {}),
    ...(shares.tokens !== null ? { setTokenAllowance: shares.tokens } : {}),
  };
  // The model's agent, unless the block names another (phase2's template-search).
  const values = cellOptions(phase, base, { agent });
  const input = await benchmarkRun(
    phase,
    { ...common, ...values },
    { settings, dotenv, ...setContext() },
    io,
  );
  return { ...input, ...limits };
}

/** What a set's runs are made with besides their model and dotenv file. */
const setContext = () => ({
  argv: ['smi-bench', 'eval-set'],
  config: processConfig(),
  env: process.env,
});

/** The phase's run, made and checked before it starts by its benchmark's definition. */
async function benchmarkRun(
  phase: EvalSetPhase,
  flags: Record<string, unknown>,
  context: RunContext,
  io: CliIO,
): Promise<RunInput> {
  const benchmark: AnyBenchmark = BENCHMARKS[phase.phase];
  const runs = await benchmark.runs();
  const input = await runs.input(flags, context);
  await runs.preflight?.(input, io);
  return input;
}

/**
 * A benchmark's options in a set's run: its defaults, under the set's values for it (`given`, its
 * `evalSet.fixed`), under the block's; the paths among them relative to the config.
 */
function cellOptions(
  phase: EvalSetPhase,
  base: string,
  given: Record<string, unknown> = {},
): Record<string, unknown> {
  const benchmark: AnyBenchmark = BENCHMARKS[phase.phase];
  const values: Record<string, unknown> = benchmarkOptions(benchmark, {
    ...given,
    ...benchmark.evalSet.fixed,
    ...blockOptions(benchmark, phase),
  });
  for (const key of benchmark.evalSet.paths ?? []) {
    const path = fromConfig(base, values[key] as string | undefined);
    if (path) values[key] = path;
  }
  return values;
}

/** The packages a set's runs take, and where their run directories go; a set's runs never detach. */
function selection(config: EvalSetConfig, base: string) {
  return {
    corpusRoot: resolve(base, config.corpus_root),
    samples: config.samples ?? 25,
    ...(config.package_ids_file ? { packageIdsFile: resolve(base, config.package_ids_file) } : {}),
    ...(config.dataset ? { dataset: config.dataset } : {}),
    logDir: resolve(base, config.log_dir ?? 'logs'),
    detach: false,
    progress: false,
  };
}

/**
 * The set's one run of a benchmark without a model (the sandbox), `<set>.<phase>`: the same for any model,
 * on the same packages.
 */
async function setWideRun(
  config: EvalSetConfig,
  base: string,
  setId: string,
  phase: EvalSetPhase,
  dotenv: Record<string, string>,
  io: CliIO,
): Promise<RunInput> {
  const flags = { ...selection(config, base), ...cellOptions(phase, base), runId: `${setId}.${phase.phase}` };
  return benchmarkRun(phase, flags, { settings: null, dotenv, ...setContext() }, io);
}

/** A set ready to start: its id, its runs, its cap, and what its workflow's memo keeps. */
export interface EvalSetPlan {
  setId: string;
  cells: EvalSetCell[];
  maxCostUsd?: number;
  /** The config's own caps (the set's, unless `--max-cost-usd` / `--max-total-tokens` say otherwise). */
  configCaps: { usd: number | null; tokens: number | null };
  memo: EvalSetMemo;
}

/** The flags that change a set's config for one command. */
export type EvalSetOverrides = Pick<EvalSetCliOptions, 'cache' | 'maxCostUsd' | 'maxTotalTokens'>;

/** Reads and checks the config and builds every cell's run, before anything starts. */
export async function planEvalSet(
  file: string,
  dotenv: Record<string, string>,
  io: CliIO,
  overrides: EvalSetOverrides = {},
): Promise<EvalSetPlan> {
  let config: EvalSetConfig;
  try {
    config = readEvalSetConfig(file);
  } catch (err) {
    if (err instanceof EvalSetConfigError) throw new UsageError(err.message);
    throw err;
  }
  // A flag that says what the config could say is the config's: `--no-cache` is `cache: false`.
  // (Parsed again for the schema's key order, so the set's id is the same as with `cache:` in the file.)
  if (overrides.cache !== undefined)
    config = evalSetConfigSchema.parse({ ...config, cache: overrides.cache }) as EvalSetConfig;
  const setId = evalSetId(config);
  const configCaps = { usd: config.max_cost_usd ?? null, tokens: config.max_total_tokens ?? null };
  // The caps are not what the set is: another cap on the command line goes on with the same set.
  if (overrides.maxCostUsd !== undefined) config = { ...config, max_cost_usd: overrides.maxCostUsd };
  if (overrides.maxTotalTokens !== undefined)
    config = { ...config, max_total_tokens: overrides.maxTotalTokens };
  const base = dirname(file);
  // A benchmark without a model (the sandbox) runs once for the whole set.
  const perModel = (p: EvalSetPhase) => BENCHMARKS[p.phase].evalSet.perModel;
  const modelPhases = config.phases.filter(perModel);
  const setWide = config.phases.find((p) => !perModel(p));
  const modelRuns = config.models.length * modelPhases.length;
  const runs = modelRuns + (setWide ? 1 : 0);
  const shares = {
    // The set's workflow starts every run (the sandbox too, which gives its share back) at an even share.
    costUsd: config.max_cost_usd === undefined ? null : config.max_cost_usd / runs,
    // Tokens the same way, among the runs that ask a model (the set's workflow divides them alike).
    tokens:
      config.max_total_tokens === undefined || modelRuns === 0 ? null : config.max_total_tokens / modelRuns,
  };
  const cells: EvalSetCell[] = [];
  for (const model of config.models)
    for (const phase of modelPhases) {
      const run = await cellRun(config, base, setId, model, phase, shares, dotenv, io);
      cells.push({ setId, model: model.name, run });
    }
  if (setWide)
    cells.push({
      setId,
      model: SANDBOX_CELL,
      run: await setWideRun(config, base, setId, setWide, dotenv, io),
    });
  const memo: EvalSetMemo = {
    config: file,
    ...(overrides.cache !== undefined ? { cache: overrides.cache } : {}),
    maxCostUsd: config.max_cost_usd ?? null,
    maxTotalTokens: config.max_total_tokens ?? null,
    cells: cells.map((c) => ({
      model: c.model,
      phase: c.run.phase,
      runId: c.run.runId,
      runDir: c.run.runDir,
    })),
  };
  return {
    setId,
    cells,
    ...(config.max_cost_usd !== undefined ? { maxCostUsd: config.max_cost_usd } : {}),
    configCaps,
    memo,
  };
}

const modelAccess = (settings: RealAgentSettings | null, name: string): ModelAccess => ({
  settings,
  endpoint: settings
    ? { value: settings.base_url, variable: `models.${name}.base_url`, from: 'config' }
    : null,
  key: settings?.api_key_env ? { value: '', variable: settings.api_key_env, from: 'environment' } : null,
  deps: { resolveApiKey: () => '' },
});

const formatCap = (usd: number | null | undefined) => (usd == null ? 'none' : formatUsd(usd));

/** A set's workflow as it last ran: its state and its memo; null when there is no set of this id. */
export async function describeSet(
  client: Client,
  setId: string,
): Promise<{ status: string; memo: Partial<EvalSetMemo> } | null> {
  const description = await client.workflow
    .getHandle(evalSetWorkflowId(setId))
    .describe()
    .catch(() => null);
  if (!description) return null;
  return { status: description.status.name, memo: (description.memo ?? {}) as Partial<EvalSetMemo> };
}

/**
 * Whether the set exists and last ran under other caps than the plan's (its workflow's memo says which; a
 * set started before the memo held them ran under its config's). A running set keeps its caps.
 */
async function capsChanged(client: Client, plan: EvalSetPlan): Promise<boolean> {
  const last = await describeSet(client, plan.setId);
  if (!last) return false;
  const before = {
    usd: last.memo.maxCostUsd !== undefined ? last.memo.maxCostUsd : plan.configCaps.usd,
    tokens: last.memo.maxTotalTokens !== undefined ? last.memo.maxTotalTokens : plan.configCaps.tokens,
  };
  if (before.usd === plan.memo.maxCostUsd && before.tokens === (plan.memo.maxTotalTokens ?? null))
    return false;
  if (last.status === 'RUNNING')
    throw new UsageError(
      `evaluation set ${plan.setId} is running under ${describeCaps(before.usd, before.tokens)}: ` +
        'change its caps once it has stopped (the same command then goes on under the new ones)',
    );
  return true;
}

const describeCaps = (usd: number | null, tokens: number | null) =>
  `a cost cap of ${formatCap(usd)} and a token cap of ${tokens === null ? 'none' : groupThousands(tokens)}`;

export async function runEvalSet(file: string, opts: EvalSetCliOptions, io: CliIO): Promise<number> {
  const dotenv = readDotenvFile(resolve(opts.dotenv));
  const plan = await planEvalSet(resolve(file), dotenv, io, opts);
  return withSession(
    { log: io.log, worker: 'auto', llm: workerModelDeps(process.env, dotenv, io.log) },
    (session) => startEvalSet(session, plan, opts, io),
  );
}

/** The log dir the set's runs write to (every run of a set has the same). */
const setLogDir = (cells: EvalSetCell[]): string | null => (cells[0] ? dirname(cells[0].run.runDir) : null);

function removeSetResult(cells: EvalSetCell[], setId: string): void {
  const logDir = setLogDir(cells);
  if (logDir) rmSync(setResultPath(logDir, setId), { force: true });
}

/**
 * Starts the set (or joins it, or goes on with it under a new cap), and unless detached follows it to the
 * end and prints its matrix. The exit status: 1 when a run failed.
 */
export async function startEvalSet(
  session: Session,
  plan: EvalSetPlan,
  opts: Omit<EvalSetCliOptions, 'dotenv' | 'cache' | 'maxCostUsd' | 'maxTotalTokens'>,
  io: CliIO,
): Promise<number> {
  const { setId, cells, maxCostUsd } = plan;
  if (opts.detach && session.target.embedded)
    throw new UsageError(
      '--detach needs a Temporal server that outlives this command: start `smi-bench server`',
    );
  const limitsChanged = await capsChanged(session.client, plan);
  // A finished set that goes again: its result file no longer says where it stands (status reads it).
  if (limitsChanged || opts.retryErrors) removeSetResult(cells, setId);
  if (limitsChanged)
    io.log(
      `Evaluation set ${setId}: going on under ${describeCaps(plan.memo.maxCostUsd, plan.memo.maxTotalTokens ?? null)}`,
    );
  if (!opts.skipPreflight) {
    const seen = new Set<string>();
    for (const cell of cells) {
      if (seen.has(cell.model) || !cell.run.options.agentSettings) continue;
      seen.add(cell.model);
      await preflightModel(
        session,
        cell.run.runId,
        modelAccess(cell.run.options.agentSettings, cell.model),
        io,
      );
    }
  }
  const handle = await session.client.workflow
    .start<typeof evalSet>('evalSet', {
      workflowId: evalSetWorkflowId(setId),
      taskQueue: TASK_QUEUES.orchestration,
      args: [
        {
          setId,
          cells,
          searchAttributes: session.searchAttributes,
          ...(opts.retryErrors ? { retryErrors: true } : {}),
          ...(limitsChanged ? { limitsChanged: true } : {}),
          ...(maxCostUsd !== undefined ? { maxCostUsd } : {}),
          ...(plan.memo.maxTotalTokens != null ? { maxTotalTokens: plan.memo.maxTotalTokens } : {}),
        },
      ],
      memo: { ...plan.memo },
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
      workflowIdReusePolicy:
        opts.retryErrors || limitsChanged
          ? WorkflowIdReusePolicy.ALLOW_DUPLICATE
          : WorkflowIdReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
      staticSummary: `evaluation set ${setId}: ${plural(cells.length, 'run')}`,
    })
    .catch((err: unknown) => {
      // A finished set: report it (its workflow keeps the result).
      if (err instanceof WorkflowExecutionAlreadyStartedError)
        return session.client.workflow.getHandle<typeof evalSet>(evalSetWorkflowId(setId));
      throw err;
    });
  io.log(
    `Evaluation set ${setId}: ${plural(cells.length, 'run')} (${[...new Set(cells.map((c) => c.model))].join(', ')})`,
  );
  const logDir = setLogDir(cells);
  if (logDir) {
    recordSetLogDir(setId, logDir);
    io.log(
      `  results in ${logDir} (${setId}.<model>.<phase>/result.json); compare, report and status find them by the set's id`,
    );
  }
  if (opts.detach) {
    io.log(`  detached; follow it with: smi-bench status ${setId}`);
    return 0;
  }
  const states = await watchWorkflow<EvalSetCellState[]>(
    handle,
    { showProgress: opts.progress, log: io.log },
    async () => {
      const now = await handle.query(evalSetCellsQuery).catch(() => null);
      return now ? matrixProgressLine(setId, now) : null;
    },
  );
  io.out(`Evaluation set ${setId} finished:`);
  const views = await Promise.all(states.map((s) => cellView(session.client, s)));
  for (const line of formatMatrix(views, setId)) io.out(line);
  const failed = states.filter((s) => s.state === 'failed').length;
  return failed > 0 ? 1 : 0;
}
