// Upstream's benchmark-local: arguments made up for every public/entry function, run in the local Move VM.
import { z } from 'zod';
import { count, frameworkDirSchema, onOff, packageIdSchema } from '../common-options.js';
import { defineBenchmark, withFlag } from '../definition.js';

const options = z.object({
  packageId: packageIdSchema(),
  frameworkDir: frameworkDirSchema(),
  output: withFlag(z.string().describe('write the JSONL rows here (also in the run directory)'), {
    arg: 'file',
  }),
  tierAOnly: onOff('synthesize arguments only; execute nothing'),
  concurrency: count('packages processed at the same time', 8, 1, 1000),
});

export type SandboxValues = z.output<typeof options>;

export const sandboxBenchmark = defineBenchmark({
  name: 'sandbox',
  title: 'Sandbox',
  description:
    'upstream’s benchmark-local: synthesize arguments for every public/entry function and run it in the local Move VM',
  options,
  // No model: one run for the whole set, the same for any model.
  evalSet: { keys: ['frameworkDir', 'tierAOnly', 'concurrency'], perModel: false },
  record: () => import('./record.js').then((m) => m.sandboxRecord),
  activities: () => import('./activities.js').then((m) => m.sandboxActivities()),
});
