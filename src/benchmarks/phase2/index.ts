// Phase II, type inhabitation: plan a transaction that creates the package's `key` types; simulate and score.
import { defaultSender } from './workflow/sender.js';
import type { Phase2Options } from '../../contracts/phase2-options.js';
import { defineBenchmark } from '../definition.js';
import { evalSet, options, phase2RunOptions, recorded } from './options.js';
import { phase2Display } from './display.js';

export const phase2Benchmark = defineBenchmark({
  name: 'phase2',
  title: 'Phase II',
  packageWorkflow: 'phase2Package',
  description:
    'Phase II, type inhabitation: plan a transaction that creates the package’s `key` types; simulate and score',
  options,
  evalSet,
  recorded,
  runs: () => import('./run.js').then((m) => m.phase2Runs),
  display: phase2Display,
  record: () => import('./record.js').then((m) => m.phase2Record),
  activities: () => import('./activities.js').then((m) => m.phase2Activities()),
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
