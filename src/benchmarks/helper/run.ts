// How the helper benchmark's runs are made (upstream's e2e_one_package.py): the helper folder of
// `--agent helper-file`, the prompt file and the framework checked first, since each would fail every
// package alike.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkHelperPromptTemplate } from './workflow/prompts.js';
import { isModelAgent } from '../../core/types.js';
import { MovePackageError, readMovePackage } from '../../sui-compiler/package-dir.js';
import {
  HELPER_DEFAULT_OPTIONS,
  type HelperOptions,
  type HelperRunInput,
} from '../../contracts/helper-options.js';
import { UsageError } from '../../usage-error.js';
import type { BenchmarkRuns, RunContext, RunFlags } from '../definition.js';
import { readTemplate } from '../prompt-templates.js';
import { buildRunInput, checkFramework, checkPackageIds } from '../run-input.js';
import type { options } from './options.js';

/** The helper folder must be a package smi-bench can read; its build errors, if any, are the run's to show. */
async function checkHelperDir(dir: string): Promise<void> {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new UsageError(`helper directory not found: ${dir}`);
  try {
    await readMovePackage(dir);
  } catch (error) {
    if (error instanceof MovePackageError) throw new UsageError(`--helper-dir ${dir}: ${error.message}`);
    throw error;
  }
}

async function helperInput(
  opts: RunFlags<typeof options>,
  { settings, argv, config }: RunContext,
): Promise<HelperRunInput> {
  if (opts.packageId.length > 0 && (opts.packageIdsFile || opts.dataset))
    throw new UsageError('use either --package-id or --package-ids-file / --dataset, not both');
  if (opts.agent === 'helper-file' && !opts.helperDir)
    throw new UsageError('--agent helper-file requires --helper-dir');
  const helperDir = opts.helperDir ? resolve(opts.helperDir) : null;
  if (helperDir) await checkHelperDir(helperDir);
  const frameworkDir = opts.frameworkDir ? resolve(opts.frameworkDir) : null;
  const promptTemplate = opts.promptFile ? readTemplate(opts.promptFile, checkHelperPromptTemplate) : null;
  const input = await buildRunInput<HelperOptions>(
    'helper',
    opts,
    {
      ...HELPER_DEFAULT_OPTIONS,
      agent: opts.agent,
      agentSettings: settings,
      seed: opts.seed,
      corpusRoot: resolve(opts.corpusRoot),
      frameworkDir,
      helperDir,
      maxAttempts: opts.singleShot ? 1 : opts.maxAttempts,
      scoringHints: opts.scoringHints,
      promptTemplate,
      perPackageTimeoutSeconds: opts.perPackageTimeoutSeconds,
    },
    { argv, config },
  );
  await checkFramework(input.corpusRoot, frameworkDir);
  const withLimit = { ...input, maxRunSeconds: opts.maxRunSeconds ?? null };
  return opts.packageId.length > 0
    ? { ...withLimit, packageIds: await checkPackageIds(opts.packageId, input.corpusRoot) }
    : withLimit;
}

export const helperRuns: BenchmarkRuns<typeof options> = {
  needsModel: (values) => isModelAgent(values.agent),
  input: helperInput,
};
