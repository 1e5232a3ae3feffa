// The sandbox's options: one zod schema, from which its flags, its block in evaluation sets and its runs
// are made.
import { z } from 'zod';
import { count, frameworkDirSchema, onOff, packageIdSchema } from '../common-options.js';
import { withFlag } from '../definition.js';

export const options = z.object({
  packageId: packageIdSchema(),
  frameworkDir: frameworkDirSchema(),
  output: withFlag(z.string().describe('write the JSONL rows here (also in the run directory)'), {
    arg: 'file',
  }),
  tierAOnly: onOff('synthesize arguments only; execute nothing'),
  concurrency: count('packages processed at the same time', 8, 1, 1000),
});

export type SandboxValues = z.output<typeof options>;
