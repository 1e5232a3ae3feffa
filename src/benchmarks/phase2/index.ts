// Phase II, type inhabitation: plan a transaction that creates the package's `key` types; simulate and score.
import { InvalidArgumentError } from 'commander';
import { z } from 'zod';
import { SIMULATION_MODES } from '../../contracts/simulation.js';
import { defaultSender } from '../../core/phase2/sender.js';
import { PHASE2_AGENTS, type Phase2Options } from '../../contracts/phase2-options.js';
import {
  agentSchema,
  count,
  file,
  maxRunSecondsSchema,
  networkSchema,
  onOff,
  rpcProtocolSchema,
  seconds,
  simulationFrameworkDirSchema,
} from '../common-options.js';
import { defineBenchmark, withFlag, type Preset, type PresetValues } from '../definition.js';

/** Upstream's `--gas-budget-ladder`: comma-separated budgets; non-positive ones dropped, duplicates kept once. */
function gasLadder(raw: string): number[] {
  const budgets: number[] = [];
  for (const part of raw
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const n = Number(part.replaceAll('_', ''));
    if (!Number.isSafeInteger(n)) throw new InvalidArgumentError(`invalid gas budget: '${part}'`);
    if (n > 0 && !budgets.includes(n)) budgets.push(n);
  }
  return budgets;
}

const options = z.object({
  agent: agentSchema(PHASE2_AGENTS, 'mock-empty'),
  planFile: file('plans by package id, for --agent mock-planfile'),
  simulationMode: withFlag(
    z
      .enum(SIMULATION_MODES)
      .default('build-only')
      .describe('how plans are executed (build-only needs no network)'),
    { arg: 'mode' },
  ),
  network: networkSchema(),
  rpcUrl: file(
    'Sui full node for dry-run / dev-inspect, any provider (default: --network, else $SMI_DEFAULT_RPC_URL, else mainnet)',
    'url',
  ),
  rpcProtocol: rpcProtocolSchema(),
  sender: file(
    'transaction sender (default SMI_SENDER from the dotenv file, else 0x0 on a chain and 0x…a11ce in ' +
      'build-only and local, so the addr_sender variant is tried)',
    'address',
  ),
  gasBudget: count('first gas budget', 10_000_000),
  gasCoin: file('gas coin object id (default SMI_GAS_COIN, else the sender’s first SUI coin)', 'id'),
  gasBudgetLadder: withFlag(
    z
      .array(z.number().int().positive())
      .default([20_000_000, 50_000_000])
      .describe('higher budgets tried when a dry-run runs out of gas'),
    { arg: 'list', parse: gasLadder },
  ),
  maxPlanAttempts: count('plans the model may make per package', 5),
  maxPlanningCalls: count('model calls per plan attempt (need_more rounds included)', 50),
  baselineMaxCandidates: count('baseline-search candidates per package (0 = all)', 25, 0),
  maxHeuristicVariants: count('argument variants tried per plan', 4),
  perPackageTimeoutSeconds: seconds('time limit for one package', 120),
  includeCreatedTypes: onOff('add created_object_types_list to each row'),
  requireDryRun: onOff('never fall back from dry-run to dev-inspect (recommended for leaderboards)'),
  maxRunSeconds: maxRunSecondsSchema(),
  devInspectBin: file('the smi_tx_sim binary for --simulation-mode external (default $SMI_TX_SIM_BIN)'),
  frameworkDir: simulationFrameworkDirSchema(),
  simulationFeedback: onOff('tell the model why its last plan failed in simulation (off: comparable scores)'),
  promptTemplate: withFlag(
    z
      .array(z.string())
      .default([])
      .describe('your wording for a prompt: initial, retry, loop or template (repeatable)'),
    { arg: 'kind=file' },
  ),
});

export const phase2Benchmark = defineBenchmark({
  name: 'phase2',
  title: 'Phase II',
  description:
    'Phase II, type inhabitation: plan a transaction that creates the package’s `key` types; simulate and score',
  options,
  evalSet: {
    keys: [
      'agent',
      'simulationMode',
      'maxPlanAttempts',
      'maxPlanningCalls',
      'perPackageTimeoutSeconds',
      'rpcUrl',
      'network',
      'rpcProtocol',
      'sender',
      'frameworkDir',
    ],
    // A set's runs ask its models: only the agents that do.
    narrower: { agent: z.enum(['real-openai-compatible', 'template-search']), rpcUrl: z.url() },
    perModel: true,
  },
  recorded: ['maxPlanAttempts', 'maxHeuristicVariants'],
  record: () => import('./record.js').then((m) => m.phase2Record),
  activities: () => import('./activities.js').then((m) => m.phase2Activities()),
});

export type Phase2Values = z.output<typeof options>;

/** What the CLI resolves before a run (paths, the endpoint, the sender, the model, prompt files). */
export type Phase2Resolved = Pick<
  Phase2Options,
  | 'agentSettings'
  | 'seed'
  | 'rpcUrl'
  | 'sender'
  | 'gasCoin'
  | 'planFile'
  | 'externalBin'
  | 'frameworkDir'
  | 'promptTemplates'
> &
  Partial<Pick<Phase2Options, 'rpcProtocol' | 'network'>>;

/** A run's Phase II options: the options as given, except those the CLI resolved. */
export function phase2RunOptions(values: Phase2Values, resolved: Phase2Resolved): Phase2Options {
  const {
    planFile: _planFile,
    rpcUrl: _rpcUrl,
    network: _network,
    rpcProtocol: _rpcProtocol,
    sender: _sender,
    gasCoin: _gasCoin,
    devInspectBin: _devInspectBin,
    frameworkDir: _frameworkDir,
    promptTemplate: _promptTemplate,
    maxRunSeconds: _maxRunSeconds,
    maxHeuristicVariants,
    ...asGiven
  } = values;
  return { ...asGiven, ...resolved, maxHeuristicVariants: Math.max(1, maxHeuristicVariants) };
}

/** Phase II settings at the CLI's defaults (upstream's, except the offline simulation mode). */
export const PHASE2_DEFAULT_OPTIONS: Phase2Options = phase2RunOptions(options.parse({}), {
  agentSettings: null,
  seed: 0,
  rpcUrl: null,
  sender: defaultSender('build-only'),
  gasCoin: null,
  planFile: null,
  externalBin: null,
  frameworkDir: null,
  promptTemplates: {},
});

/** The model run of `phase2-targeted-run` (upstream's): fewer, shorter tries, on a chain. */
export const targetedModelRun = {
  perPackageTimeoutSeconds: { default: 90, help: "the model run's time per package" },
  maxPlanAttempts: { default: 2, help: "the model run's plans per package" },
  simulationMode: { default: 'dry-run', help: "the model run's simulation" },
} satisfies Preset<typeof options>;

export type TargetedModelRun = PresetValues<typeof options, typeof targetedModelRun>;
