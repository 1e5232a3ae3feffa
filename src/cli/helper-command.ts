// `smi-bench helper` (upstream's e2e_one_package.py): a model writes a Move helper package per target,
// smi-bench builds it with Sui's own compiler, runs its entry functions in the in-process VM and scores
// what they touched and created. Everything that would fail every package alike is checked here first.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkHelperPromptTemplate } from '../benchmarks/helper/workflow/prompts.js';
import { isModelAgent } from '../core/types.js';
import { MovePackageError, readMovePackage } from '../sui-compiler/package-dir.js';
import {
  HELPER_DEFAULT_OPTIONS,
  type HelperOptions,
  type HelperRunInput,
} from '../contracts/helper-options.js';
import type { HelperValues } from '../benchmarks/helper/index.js';
import { UsageError } from '../usage-error.js';
import { readTemplate } from './prompt-templates.js';
import {
  agentCheck,
  buildRunInput,
  launchRun,
  runModelSettings,
  readDotenvFile,
  runModelAccess,
  type CliIO,
  type RunCliOptions,
} from './run-common.js';
import { checkFramework, checkPackageIds } from './sandbox-command.js';

/** What commander hands over: the run's settings and the helper benchmark's options, with the defaults applied. */
export type HelperCliOptions = RunCliOptions & HelperValues;

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

export async function buildHelperInput(
  opts: HelperCliOptions,
  settings: HelperOptions['agentSettings'],
  argv: string[],
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
    argv,
  );
  await checkFramework(input.corpusRoot, frameworkDir);
  const withLimit = { ...input, maxRunSeconds: opts.maxRunSeconds ?? null };
  return opts.packageId.length > 0
    ? { ...withLimit, packageIds: await checkPackageIds(opts.packageId, input.corpusRoot) }
    : withLimit;
}

export async function runHelperBenchmark(opts: HelperCliOptions, argv: string[], io: CliIO): Promise<number> {
  const dotenv = readDotenvFile(resolve(opts.dotenv));
  const checked = await agentCheck(opts, dotenv, io);
  if (checked !== null) return checked;
  const settings = await runModelSettings(isModelAgent(opts.agent), opts, dotenv);
  const input = await buildHelperInput(opts, settings, argv);
  return launchRun(input, opts, runModelAccess(settings, dotenv, io), io);
}
