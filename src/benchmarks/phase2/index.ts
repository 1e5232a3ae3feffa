// Phase II, type inhabitation: plan a transaction that creates the package's `key` types; simulate and score.
import { z } from 'zod';
import { defaultSender } from '../../core/phase2/sender.js';
import type { Phase2Options } from '../../contracts/phase2-options.js';
import { defineBenchmark, type Preset, type PresetValues } from '../definition.js';
import { options, phase2RunOptions } from './options.js';

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
    paths: ['frameworkDir'],
    localModelRefusal: (block) =>
      block.agent === 'template-search' ? 'template-search (it asks an endpoint)' : null,
  },
  recorded: ['maxPlanAttempts', 'maxHeuristicVariants'],
  runs: () => import('./run.js').then((m) => m.phase2Runs),
});

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
