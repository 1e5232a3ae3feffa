// `--framework-dir` of the commands whose Phase II runs may simulate locally (phase2 and the pipelines that
// run it): where the Move framework comes from when the corpus has none.
import type { Option } from 'commander';
import { flagFor } from '../benchmarks/cli-flags.js';
import { simulationFrameworkDirSchema } from '../benchmarks/common-options.js';

export const frameworkDirOption = (): Option => flagFor('frameworkDir', simulationFrameworkDirSchema());
