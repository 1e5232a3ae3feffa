// `smi-bench phase1` (and `demo`): Phase I's settings on top of the shared run options.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkPhase1Template } from '../core/phase1-prompt.js';
import { UsageError } from './errors.js';
import type { Phase1Agent } from '../core/types.js';
import type { RealAgentSettings } from '../agents/config.js';
import type { Phase1RunInput } from '../workflows/phase1-types.js';
import {
  agentCheck,
  buildRunInput,
  launchRun,
  modelSettings,
  runModelAccess,
  readDotenvFile,
  type CliIO,
  type RunCliOptions,
} from './run-common.js';

export { readDotenvFile, datasetSearchDirs, type CliIO } from './run-common.js';

export interface Phase1CliOptions extends RunCliOptions {
  agent: Phase1Agent;
  maxStructsInPrompt: number;
  perPackageTimeoutSeconds: number;
  includeTypeLists: boolean;
  promptTemplate?: string;
}

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
      ...(opts.promptTemplate ? { promptTemplate: readPhase1Template(opts.promptTemplate) } : {}),
    },
    argv,
  );
}

/** The `--prompt-template` file, checked before anything starts. */
function readPhase1Template(file: string): string {
  const path = resolve(file);
  if (!existsSync(path)) throw new UsageError(`prompt template not found: ${path}`);
  const text = readFileSync(path, 'utf8');
  try {
    checkPhase1Template(text);
  } catch (err) {
    throw new UsageError(`prompt template ${path}: ${(err as Error).message}`);
  }
  return text;
}

export async function runPhase1(opts: Phase1CliOptions, argv: string[], io: CliIO): Promise<number> {
  const dotenv = readDotenvFile(resolve(opts.dotenv));
  const checked = await agentCheck(opts, dotenv, io);
  if (checked !== null) return checked;
  const settings = modelSettings(opts.agent === 'real-openai-compatible', dotenv, opts.cache);
  const input = await buildPhase1Input(opts, settings, argv);
  return launchRun(input, opts, runModelAccess(input.options.agentSettings, dotenv, io), io);
}
