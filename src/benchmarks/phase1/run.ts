// How Phase I's runs are made: its options on top of the run's, its prompt template read and checked.
import { checkPhase1Template } from './workflow/prompt.js';
import { isModelAgent } from '../../core/types.js';
import type { Phase1RunInput } from '../../contracts/phase1-options.js';
import type { BenchmarkRuns, RunContext, RunFlags } from '../definition.js';
import { readTemplate } from '../prompt-templates.js';
import { buildRunInput } from '../run-input.js';
import type { options } from './options.js';

async function phase1Input(
  opts: RunFlags<typeof options>,
  { settings, argv, config }: RunContext,
): Promise<Phase1RunInput> {
  return buildRunInput(
    'phase1',
    opts,
    {
      agent: opts.agent,
      agentSettings: settings,
      seed: opts.seed,
      maxStructsInPrompt: opts.maxStructsInPrompt,
      perPackageTimeoutSeconds: opts.perPackageTimeoutSeconds,
      includeTypeLists: opts.includeTypeLists,
      ...(opts.promptTemplate
        ? { promptTemplate: readTemplate(opts.promptTemplate, checkPhase1Template) }
        : {}),
    },
    { argv, config },
  );
}

export const phase1Runs: BenchmarkRuns<typeof options> = {
  needsModel: (values) => isModelAgent(values.agent),
  input: phase1Input,
};
