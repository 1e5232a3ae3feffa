// `smi-bench phase1` (and `demo`): Phase I's settings on top of the shared run options.
import { resolve } from 'node:path';
import { checkPhase1Template } from '../core/phase1-prompt.js';
import type { Phase1Agent } from '../core/types.js';
import type { Phase1RunInput } from '../workflows/phase1-types.js';
import {
  agentCheck,
  buildRunInput,
  launchRun,
  modelKey,
  modelSettings,
  readDotenvFile,
  type CliIO,
  type RunCliOptions,
} from './run-common.js';
import { readTemplate } from './prompt-templates.js';

export { readDotenvFile, datasetSearchDirs, type CliIO } from './run-common.js';

export interface Phase1CliOptions extends RunCliOptions {
  agent: Phase1Agent;
  maxStructsInPrompt: number;
  perPackageTimeoutSeconds: number;
  includeTypeLists: boolean;
  promptTemplate?: string;
}

export async function buildPhase1Input(
  opts: Phase1CliOptions,
  dotenv: Record<string, string>,
  argv: string[],
): Promise<Phase1RunInput> {
  return buildRunInput(
    'phase1',
    opts,
    {
      agent: opts.agent,
      agentSettings: modelSettings(opts.agent === 'real-openai-compatible', dotenv),
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
  const input = await buildPhase1Input(opts, dotenv, argv);
  const llm = modelKey(input.options.agent === 'real-openai-compatible', dotenv);
  return launchRun(input, opts, llm, io);
}
