// What the run commands share: the dotenv file, the model's settings and access, upstream's flags that stop
// before a run, and launching the run (start or join it, follow it, report).
import { existsSync, readFileSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { findApiKey, loadRealAgentSettings, maxTokensSetting, ConfigError } from '../agents/config.js';
import { LOCAL_AGENT, LOCAL_MAX_TOKENS, LOCAL_MAX_TOKENS_VARIABLE } from '../agents/local-model.js';
import {
  DEFAULT_LOCAL_MODEL_PATH,
  describeLocalModel,
  localModelSettings,
} from '../agents/local-model-file.js';
import { parseDotenv } from '../core/dotenv.js';
import { runWorkflowId } from '../temporal/names.js';
import type { RunInput } from '../contracts/run.js';
import type { RunCliOptions } from '../benchmarks/run-input.js';
import { UsageError } from '../usage-error.js';
import { keyReaders, modelAccess, modelBanner, type ModelAccess } from './model-access.js';
import { preflightModel } from './model-preflight.js';
import { formatSummary } from '../run-queries/progress.js';
import { runNotes } from '../run-queries/run-notes.js';
import { withSession } from './session.js';
import { startRun, workflowUiUrl } from './start-run.js';
import { watchRun } from '../run-queries/watch.js';
import type { CliIO } from '../contracts/cli-io.js';
import type { RealAgentSettings } from '../contracts/agent-settings.js';
import { BENCHMARKS } from '../benchmarks/registry.js';

// Commands import it from here with the other helpers; its definition sits below every room (doctor uses it).
export type { CliIO } from '../contracts/cli-io.js';

export function readDotenvFile(path: string): Record<string, string> {
  return existsSync(path) ? parseDotenv(readFileSync(path, 'utf8')) : {};
}

/**
 * The model settings (never the key) when the agent needs a model, with configuration errors as usage
 * errors. Re-using a cached answer is sound when the request asks for the model's most likely answer
 * (temperature 0), so that is when the cache is on unless `--cache` / `--no-cache` says otherwise.
 */
export function modelSettings(
  needed: boolean,
  dotenv: Record<string, string>,
  cache?: boolean,
): RealAgentSettings | null {
  if (!needed) return null;
  try {
    const settings = loadRealAgentSettings(process.env, dotenv);
    return { ...settings, cache_answers: cache ?? settings.temperature === 0 };
  } catch (err) {
    if (err instanceof ConfigError) throw new UsageError(err.message);
    throw err;
  }
}

/**
 * The settings of the run's model when its agent asks one (`needed`): the GGUF file of `--agent local-llm`,
 * else the endpoint of the environment and dotenv file, with `--structured` answers if asked for.
 */
export async function runModelSettings(
  needed: boolean,
  opts: RunCliOptions & { agent: string },
  dotenv: Record<string, string>,
): Promise<RealAgentSettings | null> {
  if (opts.modelPath !== undefined && opts.agent !== LOCAL_AGENT)
    throw new UsageError(`--model-path is the GGUF file of --agent ${LOCAL_AGENT}`);
  if (opts.agent === LOCAL_AGENT) {
    try {
      return localModelSettings(
        await describeLocalModel(opts.modelPath ?? DEFAULT_LOCAL_MODEL_PATH),
        maxTokensSetting(process.env, dotenv, LOCAL_MAX_TOKENS_VARIABLE, LOCAL_MAX_TOKENS),
      );
    } catch (err) {
      if (err instanceof ConfigError) throw new UsageError(err.message);
      throw err;
    }
  }
  const settings = modelSettings(needed, dotenv, opts.cache);
  if (opts.structured && !settings) throw new UsageError('--structured is for agents that ask a model');
  return settings && opts.structured ? { ...settings, structured: true } : settings;
}

/**
 * The run's model and how this process's worker finds the API key. When it will call the model itself
 * (no TEMPORAL_ADDRESS), a missing key fails now rather than on the first package.
 */
export function runModelAccess(
  settings: RealAgentSettings | null,
  dotenv: Record<string, string>,
  io: CliIO,
): ModelAccess {
  const access = modelAccess(settings, process.env, dotenv, io.log);
  if (settings && !settings.local_model && !process.env.TEMPORAL_ADDRESS) {
    try {
      access.deps.resolveApiKey();
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  }
  return access;
}

/**
 * Upstream's flags that stop before a run: `--doctor-agent` and `--smoke-agent` check the model and return
 * the exit status; null when neither is given. `--rust-bin` / `--build-rust` are refused with the reason.
 */
export async function agentCheck(
  opts: RunCliOptions & { agent?: string },
  dotenv: Record<string, string>,
  io: CliIO,
): Promise<number | null> {
  if (opts.rustBin !== undefined || opts.buildRust)
    throw new UsageError(
      `${opts.rustBin !== undefined ? '--rust-bin' : '--build-rust'} does not apply: smi-bench reads bytecode ` +
        'itself (its extractor is built in and gives the Rust extractor’s output byte for byte)',
    );
  if (!opts.doctorAgent && !opts.smokeAgent) return null;
  if (opts.agent === LOCAL_AGENT)
    throw new UsageError(
      `${opts.doctorAgent ? '--doctor-agent' : '--smoke-agent'} checks an endpoint; ` +
        '`smi-bench doctor` checks that the local model loads (`--model-path` for another file)',
    );
  const settings = modelSettings(true, dotenv)!;
  const { runDoctorAgent, runSmokeAgent } = await import('../doctor/agent-checks.js');
  if (opts.doctorAgent) return runDoctorAgent(settings, findApiKey(process.env, dotenv), io);
  const apiKey = findApiKey(process.env, dotenv);
  if (!apiKey) throw new UsageError('--smoke-agent needs an API key: set SMI_API_KEY (or OPENAI_API_KEY, …)');
  return runSmokeAgent(settings, apiKey, io);
}

/**
 * Starts or joins the run (a model run after its pre-flight), follows it with a progress line unless
 * detached, and prints the summary.
 */
export async function launchRun(
  input: RunInput,
  opts: Pick<RunCliOptions, 'detach' | 'progress' | 'skipPreflight'>,
  model: ModelAccess,
  io: CliIO,
): Promise<number> {
  if (input.maxCostUsd != null && !input.options.agentSettings?.pricing)
    throw new UsageError(
      '--max-cost-usd needs the model’s price: set SMI_PRICE_INPUT_PER_MTOK and SMI_PRICE_OUTPUT_PER_MTOK, ' +
        'or SMI_COST_FROM_PROVIDER=true',
    );
  return withSession({ log: io.log, worker: 'auto', llm: model.deps }, async (session) => {
    if (opts.detach && session.target.embedded) {
      throw new UsageError(
        '--detach needs a Temporal server that outlives this command: start `smi-bench server` or set TEMPORAL_ADDRESS',
      );
    }
    if (!opts.skipPreflight) await preflightModel(session, input.runId, model, io);
    const outcome = await startRun(session, input);
    const verb = { started: 'Started', attached: 'Joined running', finished: 'Found finished' }[outcome.kind];
    io.log(`${verb} ${BENCHMARKS[input.phase].title} run ${input.runId} (agent ${input.options.agent})`);
    for (const line of modelBanner(model, keyReaders(session))) io.log(line);
    io.log(`  run directory: ${input.runDir}`);
    const ui = workflowUiUrl(session, runWorkflowId(input.phase, input.runId));
    if (ui) io.log(`  Temporal UI:   ${ui}`);
    if (!session.workers && !opts.detach)
      io.log('  waiting for `smi-bench worker` processes to do the work…');
    if (opts.detach) {
      io.log(`  detached; follow it with: smi-bench status ${input.runId}`);
      return 0;
    }
    const output = await watchRun(outcome.handle, { showProgress: opts.progress, log: io.log });
    // A run joined or found finished was started with its own --out: this command's goes here too.
    if (outcome.kind !== 'started' && input.outFile && input.outFile !== output.outFile) {
      await copyFile(output.outFileSource ?? output.resultPath, input.outFile);
      output.outFile = input.outFile;
    }
    for (const line of await runNotes(input.runDir)) io.log(line);
    for (const line of formatSummary(output)) io.out(line);
    return 0;
  });
}
