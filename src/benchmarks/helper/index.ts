// The helper-package benchmark: the model writes Move that uses the package; it is built, run and scored.
import { z } from 'zod';
import { HELPER_AGENTS, HELPER_DEFAULT_OPTIONS as D } from '../../contracts/helper-options.js';
import {
  agentSchema,
  count,
  file,
  frameworkDirSchema,
  maxRunSecondsSchema,
  onOff,
  packageIdSchema,
  seconds,
} from '../common-options.js';
import { defineBenchmark } from '../definition.js';

const options = z.object({
  agent: agentSchema(HELPER_AGENTS, D.agent, 'who writes the helper'),
  packageId: packageIdSchema(),
  frameworkDir: frameworkDirSchema(),
  helperDir: file('a helper package folder (Move.toml + sources/), the answer of --agent helper-file', 'dir'),
  maxAttempts: count('answers the model may give until one builds', D.maxAttempts),
  singleShot: onOff('one answer only (--max-attempts 1)'),
  // On unless `--no-scoring-hints`: the help is the flag's.
  scoringHints: z
    .boolean()
    .default(D.scoringHints)
    .describe('do not tell the model how it is scored or which key types count'),
  promptFile: file(
    'your instructions instead of ours: {{package_id}} {{interface_summary}} {{targets}} {{scoring_hints}}',
  ),
  perPackageTimeoutSeconds: seconds('time limit of one package', D.perPackageTimeoutSeconds),
  maxRunSeconds: maxRunSecondsSchema(),
});

export type HelperValues = z.output<typeof options>;

export const helperBenchmark = defineBenchmark({
  name: 'helper',
  title: 'Helper package',
  description:
    'the helper-package benchmark: the model writes Move that uses the package; build, run and score it',
  options,
  evalSet: {
    keys: ['maxAttempts', 'scoringHints', 'frameworkDir', 'perPackageTimeoutSeconds'],
    perModel: true,
  },
  record: () => import('./record.js').then((m) => m.helperRecord),
  activities: () => import('./activities.js').then((m) => m.helperActivities()),
});
