// The helper-package benchmark: the model writes Move that uses the package; it is built, run and scored.
import { defineBenchmark } from '../definition.js';
import { options } from './options.js';
import { helperDisplay } from './display.js';

export const helperBenchmark = defineBenchmark({
  name: 'helper',
  title: 'Helper package',
  packageWorkflow: 'helperPackage',
  description:
    'the helper-package benchmark: the model writes Move that uses the package; build, run and score it',
  options,
  evalSet: {
    keys: ['maxAttempts', 'scoringHints', 'frameworkDir', 'perPackageTimeoutSeconds'],
    perModel: true,
    paths: ['frameworkDir'],
  },
  runs: () => import('./run.js').then((m) => m.helperRuns),
  display: helperDisplay,
  record: () => import('./record.js').then((m) => m.helperRecord),
  activities: () => import('./activities.js').then((m) => m.helperActivities()),
});
