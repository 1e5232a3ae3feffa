// Upstream's benchmark-local: arguments made up for every public/entry function, run in the local Move VM.
import { defineBenchmark } from '../definition.js';
import { options } from './options.js';
import { sandboxDisplay } from './display.js';

export const sandboxBenchmark = defineBenchmark({
  name: 'sandbox',
  title: 'Sandbox',
  packageWorkflow: 'sandboxPackage',
  description:
    'upstream’s benchmark-local: synthesize arguments for every public/entry function and run it in the local Move VM',
  options,
  // No model: one run for the whole set, the same for any model.
  evalSet: {
    keys: ['frameworkDir', 'tierAOnly', 'concurrency'],
    perModel: false,
    paths: ['frameworkDir'],
    // The rows stay in the run directory (benchmark_local.jsonl).
    fixed: { output: '' },
  },
  runs: () => import('./run.js').then((m) => m.sandboxRuns),
  display: sandboxDisplay,
  record: () => import('./record.js').then((m) => m.sandboxRecord),
  activities: () => import('./activities.js').then((m) => m.sandboxActivities()),
});
