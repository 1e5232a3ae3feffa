// How Phase II's runs are made: its options on top of the run's, everything that would fail each package
// alike checked first (the plan file, the endpoint, the simulation's pre-flight).
import { resolve } from 'node:path';
import { chainEndpoint } from '../../chain/networks.js';
import { PlanFileError, parsePlanFile } from './workflow/plan-file.js';
import { resolveSender } from './workflow/sender.js';
import { preflightSimulation } from '../../sim/index.js';
import { MODEL_AGENTS } from '../../contracts/agents.js';
import type { CliIO } from '../../contracts/cli-io.js';
import type { SimulationMode } from '../../contracts/simulation.js';
import type { Phase2Agent, Phase2RunInput } from '../../contracts/phase2-options.js';
import { readConfig } from '../../config/read.js';
import { UsageError } from '../../usage-error.js';
import { optionValues, type BenchmarkRuns, type RunContext, type RunFlags } from '../definition.js';
import { readPromptTemplates } from '../prompt-templates.js';
import { buildRunInput } from '../run-input.js';
import { readUserFile } from '../user-file.js';
import { options, phase2RunOptions } from './options.js';

/** Agents that need a model's settings: those that ask one for plans, and template-search, which asks one to fill its templates. */
const AGENTS_NEEDING_MODEL_SETTINGS = new Set<Phase2Agent>([...MODEL_AGENTS, 'template-search']);

/** A plan file that is not a JSON object of plans would fail every package alike: refuse it now. */
function checkPlanFile(path: string): void {
  try {
    parsePlanFile(readUserFile(path, 'plan file'), path);
  } catch (err) {
    if (err instanceof PlanFileError) throw new UsageError(err.message);
    throw err;
  }
}

/** The dotenv file gives SMI_SENDER and SMI_GAS_COIN. */
async function phase2Input(
  opts: RunFlags<typeof options>,
  { settings, dotenv, argv, config, env }: RunContext,
): Promise<Phase2RunInput> {
  if (opts.agent === 'mock-planfile' && !opts.planFile)
    throw new UsageError('--agent mock-planfile requires --plan-file');
  if (opts.requireDryRun && opts.simulationMode !== 'dry-run')
    throw new UsageError('--require-dry-run requires --simulation-mode dry-run');
  const planFile = opts.planFile ? resolve(opts.planFile) : null;
  if (planFile) checkPlanFile(planFile);
  const rpcModes: SimulationMode[] = ['dry-run', 'dev-inspect'];
  const onChain = rpcModes.includes(opts.simulationMode);
  const rpcProtocol = opts.rpcProtocol ?? 'grpc';
  if ((opts.network || rpcProtocol !== 'grpc') && !onChain)
    throw new UsageError('--network and --rpc-protocol are for --simulation-mode dry-run or dev-inspect');
  // Off the chain modes, a URL given is kept for the run's metadata only, as upstream does.
  const phase2Settings = readConfig(env, dotenv, ['SMI_SENDER', 'SMI_GAS_COIN']);
  let endpoint = null;
  try {
    endpoint = onChain ? chainEndpoint(opts, config.SMI_DEFAULT_RPC_URL) : null;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const rpcUrl = endpoint?.url ?? opts.rpcUrl ?? config.SMI_DEFAULT_RPC_URL ?? null;
  const externalBin = opts.devInspectBin ?? config.SMI_TX_SIM_BIN ?? null;
  if (opts.simulationMode === 'external' && !externalBin)
    throw new UsageError(
      '--simulation-mode external needs --dev-inspect-bin or SMI_TX_SIM_BIN (the smi_tx_sim binary)',
    );
  if (opts.frameworkDir && opts.simulationMode !== 'local')
    throw new UsageError(
      '--framework-dir requires --simulation-mode local (the only mode that runs Move here)',
    );
  const values = optionValues({ options }, opts);
  const input = await buildRunInput(
    'phase2',
    opts,
    // The options resolved here are given; the rest go to the run as they are.
    phase2RunOptions(values, {
      agentSettings: settings,
      seed: opts.seed,
      rpcUrl,
      ...(onChain ? { rpcProtocol, network: endpoint?.network ?? null } : {}),
      // Upstream's order: the flag, then SMI_SENDER from the dotenv file only; then 0x0 in the chain modes,
      // a non-zero address offline (benchmarks/phase2/workflow/sender.ts).
      sender: resolveSender(values.sender, phase2Settings.SMI_SENDER, values.simulationMode),
      gasCoin: values.gasCoin ?? phase2Settings.SMI_GAS_COIN ?? null,
      planFile,
      externalBin: externalBin ? resolve(externalBin) : null,
      frameworkDir: values.frameworkDir ? resolve(values.frameworkDir) : null,
      promptTemplates: await readPromptTemplates(values.promptTemplate),
    }),
    { argv, config },
  );
  return { ...input, maxRunSeconds: values.maxRunSeconds ?? null };
}

/**
 * Only what the chosen mode needs: build-only nothing, local a readable Move framework (the corpus's, or
 * `--framework-dir`), the RPC modes an answering endpoint, external its binary.
 */
async function checkSimulation(input: Phase2RunInput, io: CliIO): Promise<void> {
  const {
    simulationMode: mode,
    rpcUrl,
    rpcProtocol,
    network,
    externalBin,
    frameworkDir,
    sender,
  } = input.options;
  const local = mode === 'local' ? { corpusRoot: input.corpusRoot, frameworkDir: frameworkDir ?? null } : {};
  try {
    const report = await preflightSimulation({
      mode,
      rpcUrl,
      ...(rpcProtocol ? { rpcProtocol } : {}),
      network: network ?? null,
      sender,
      ...(externalBin ? { externalBin } : {}),
      ...local,
    });
    for (const line of report.checked) io.log(`pre-flight: ${line}`);
  } catch (err) {
    throw new UsageError(`pre-flight check for --simulation-mode ${mode} failed: ${(err as Error).message}`);
  }
}

export const phase2Runs: BenchmarkRuns<typeof options> = {
  needsModel: (values) => AGENTS_NEEDING_MODEL_SETTINGS.has(values.agent),
  input: phase2Input,
  preflight: checkSimulation,
};
