// `smi-bench sandbox`: upstream's `benchmark-local` on the run engine. Each package of the corpus is a child
// workflow whose activity runs every public or entry function in the in-process Move VM.
import { resolve } from 'node:path';
import { checkFrameworkLocation } from '../package-store/framework-check.js';
import { SANDBOX_AGENT, type SandboxOptions, type SandboxRunInput } from '../contracts/sandbox-options.js';
import { normalizePackageId } from '../core/ids-file.js';
import { idsNotInCorpus } from './corpus-ids.js';
import type { SandboxValues } from '../benchmarks/sandbox/index.js';
import { UsageError } from '../usage-error.js';
import { flagNames, upstreamOnlyFlagGiven } from './sandbox-upstream-flags.js';
import { buildRunInput, launchRun, runModelAccess, type CliIO, type RunCliOptions } from './run-common.js';

/** The run's settings and the sandbox's options; upstream's flags, given only to be refused, pass too. */
export type SandboxCliOptions = Omit<RunCliOptions, 'out' | 'dotenv' | 'seed'> &
  SandboxValues &
  Partial<Record<string, unknown>>;

/** The first upstream flag given that does not apply here, as a usage error saying why. */
function refuseUpstreamOnly(opts: Record<string, unknown>): void {
  const flag = upstreamOnlyFlagGiven(opts);
  if (flag) throw new UsageError(`${flagNames(flag)} does not apply to smi-bench sandbox: ${flag.why}`);
}

/** The framework must be readable before anything starts: a missing one would fail every package alike. */
export async function checkFramework(corpusRoot: string, frameworkDir: string | null): Promise<void> {
  const checked = await checkFrameworkLocation({ corpusRoot, frameworkDir });
  if (!checked.ok) throw new UsageError(`${checked.problem}\n${checked.fix}`);
}

export async function buildSandboxInput(opts: SandboxCliOptions, argv: string[]): Promise<SandboxRunInput> {
  refuseUpstreamOnly(opts);
  if (opts.packageId.length > 0 && (opts.packageIdsFile || opts.dataset))
    throw new UsageError('use either --package-id or --package-ids-file / --dataset, not both');
  const corpusRoot = resolve(opts.corpusRoot);
  const frameworkDir = opts.frameworkDir ? resolve(opts.frameworkDir) : null;
  const input = await buildRunInput<SandboxOptions>(
    'sandbox',
    { ...opts, out: opts.output, dotenv: '', seed: 0 },
    {
      agent: SANDBOX_AGENT,
      agentSettings: null,
      seed: 0,
      frameworkDir,
      tierAOnly: opts.tierAOnly,
      corpusRoot,
    },
    argv,
  );
  await checkFramework(input.corpusRoot, frameworkDir);
  return opts.packageId.length > 0
    ? { ...input, packageIds: await checkPackageIds(opts.packageId, input.corpusRoot) }
    : input;
}

/** `--package-id`s in Sui's full form (`0x2` is `0x00…02`), each one a package of the corpus. */
export async function checkPackageIds(ids: string[], corpusRoot: string): Promise<string[]> {
  const normalized = ids.map((id) => {
    const full = normalizePackageId(id);
    if (!full) throw new UsageError(`--package-id ${id} is not a package id (0x and 1 to 64 hex digits)`);
    return full;
  });
  const missing = await idsNotInCorpus(corpusRoot, ids);
  if (missing.length > 0)
    throw new UsageError(`--package-id ${missing.join(', ')}: not in the corpus ${corpusRoot}`);
  return normalized;
}

export async function runSandbox(opts: SandboxCliOptions, argv: string[], io: CliIO): Promise<number> {
  const input = await buildSandboxInput(opts, argv);
  return launchRun(input, opts, runModelAccess(null, {}, io), io);
}
