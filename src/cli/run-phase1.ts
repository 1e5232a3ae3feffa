// `smi-bench phase1` (and `demo`): Phase I's settings on top of the shared run options.
import { resolve } from 'node:path';
import { checkPhase1Template } from '../benchmarks/phase1/workflow/prompt.js';
import { isModelAgent } from '../core/types.js';
import type { Phase1Values } from '../benchmarks/phase1/index.js';
import type { Phase1RunInput } from '../contracts/phase1-options.js';
import {
  agentCheck,
  buildRunInput,
  launchRun,
  runModelSettings,
  runModelAccess,
  readDotenvFile,
  type CliIO,
  type RunCliOptions,
} from './run-common.js';
import { readTemplate } from './prompt-templates.js';
import type { RealAgentSettings } from '../contracts/agent-settings.js';

export { readDotenvFile, datasetSearchDirs, type CliIO } from './run-common.js';

/** What commander hands over: the run's settings and Phase I's options, with the defaults applied. */
export type Phase1CliOptions = RunCliOptions & Phase1Values;

/** `settings`: the model's, when the agent calls one (from the environment, or an evaluation set's config). */
export async function buildPhase1Input(
  opts: Phase1CliOptions,
  settings: RealAgentSettings | null,
  argv: string[],
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
    argv,
  );
}

export async function runPhase1(opts: Phase1CliOptions, argv: string[], io: CliIO): Promise<number> {
  const dotenv = readDotenvFile(resolve(opts.dotenv));
  const checked = await agentCheck(opts, dotenv, io);
  if (checked !== null) return checked;
  const settings = await runModelSettings(isModelAgent(opts.agent), opts, dotenv);
  const input = await buildPhase1Input(opts, settings, argv);
  return launchRun(input, opts, runModelAccess(input.options.agentSettings, dotenv, io), io);
}
