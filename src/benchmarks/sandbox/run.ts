// How the sandbox's runs are made (upstream's `benchmark-local` on the run engine): no model, the framework
// checked first, upstream's flags that mean nothing here refused with the reason.
import { resolve } from 'node:path';
import { SANDBOX_AGENT, type SandboxOptions, type SandboxRunInput } from '../../contracts/sandbox-options.js';
import { UsageError } from '../../usage-error.js';
import type { BenchmarkRuns, RunContext, RunFlags } from '../definition.js';
import { buildRunInput, checkFramework, checkPackageIds } from '../run-input.js';
import type { options } from './options.js';
import { flagNames, upstreamOnlyFlagGiven } from './upstream-flags.js';

/**
 * The run's settings and the sandbox's options: no `--out`, `--dotenv` or `--seed` (its rows go to
 * `--output`); upstream's flags, given only to be refused, pass too.
 */
type SandboxFlags = Omit<RunFlags<typeof options>, 'out' | 'dotenv' | 'seed'>;

/** The first upstream flag given that does not apply here, as a usage error saying why. */
function refuseUpstreamOnly(opts: object): void {
  const flag = upstreamOnlyFlagGiven(opts as Record<string, unknown>);
  if (flag) throw new UsageError(`${flagNames(flag)} does not apply to smi-bench sandbox: ${flag.why}`);
}

async function sandboxInput(
  opts: SandboxFlags,
  { argv, config }: Pick<RunContext, 'argv' | 'config'>,
): Promise<SandboxRunInput> {
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
    { argv, config },
  );
  await checkFramework(input.corpusRoot, frameworkDir);
  return opts.packageId.length > 0
    ? { ...input, packageIds: await checkPackageIds(opts.packageId, input.corpusRoot) }
    : input;
}

export const sandboxRuns: BenchmarkRuns<typeof options> = {
  needsModel: () => false,
  input: sandboxInput,
};
