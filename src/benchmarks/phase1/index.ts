// Phase I, key-struct discovery: which structs of a package have `key`, with the abilities hidden.
import { z } from 'zod';
import { defineBenchmark } from '../definition.js';
import { options } from './options.js';
import { phase1Display } from './display.js';

export const phase1Benchmark = defineBenchmark({
  name: 'phase1',
  title: 'Phase I',
  packageWorkflow: 'phase1Package',
  description:
    'Phase I, key-struct discovery: ask which structs have `key` with abilities hidden; score P/R/F1',
  options,
  evalSet: {
    keys: ['maxStructsInPrompt', 'perPackageTimeoutSeconds'],
    // A set's prompt always shows structs.
    narrower: { maxStructsInPrompt: z.number().int().positive() },
    perModel: true,
  },
  runs: () => import('./run.js').then((m) => m.phase1Runs),
  display: phase1Display,
  record: () => import('./record.js').then((m) => m.phase1Record),
  activities: () => import('./activities.js').then((m) => m.phase1Activities()),
});
