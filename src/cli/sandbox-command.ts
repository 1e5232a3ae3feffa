// `smi-bench sandbox`: upstream's `benchmark-local` on the run engine. Each package of the corpus is a child
// workflow whose activity runs every public or entry function in the in-process Move VM.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { readFramework } from '../vm/package-source.js';
import { VmLoadError } from '../vm/errors.js';
import { SANDBOX_AGENT, type SandboxOptions, type SandboxRunInput } from '../workflows/sandbox-types.js';
import { UsageError } from './errors.js';
import { buildRunInput, launchRun, modelKey, type CliIO, type RunCliOptions } from './run-common.js';

export interface SandboxCliOptions
  extends Omit<RunCliOptions, 'out' | 'dotenv' | 'seed'>, Partial<Record<string, unknown>> {
  packageId: string[];
  frameworkDir?: string;
  output: string;
  tierAOnly: boolean;
}

/** upstream's flags with no counterpart here, and why (spec rust-contracts §4.1). */
export const NOT_APPLICABLE: Record<string, { flag: string; why: string }> = {
  targetCorpus: {
    flag: '--target-corpus',
    why: 'smi-bench reads a corpus in the sui-packages layout: give --corpus-root, and --package-id for one package',
  },
  restrictedState: {
    flag: '--restricted-state',
    why: 'upstream’s restricted state setup is an empty function',
  },
  useMm2: {
    flag: '--use-mm2',
    why: 'upstream parses it but never reads it; there is no MM2 type model here',
  },
  mm2: { flag: '--no-mm2', why: 'upstream parses it but never reads it; there is no MM2 type model here' },
  staticOnly: { flag: '--static-only', why: 'upstream only validates it; it changes nothing there' },
  maxChainDepth: {
    flag: '--max-chain-depth',
    why: 'upstream validates it and then uses a fixed depth of 5; so do constructor chains here',
  },
  phaseErrors: {
    flag: '--phase-errors / --no-phase-errors',
    why: 'upstream never reads it: rows always use stages A1–B2',
  },
  errorDistribution: { flag: '--error-distribution', why: 'upstream never reads it' },
  functionFilter: {
    flag: '--function-filter',
    why: 'upstream never reads it: every public or entry function runs',
  },
  moduleFilter: { flag: '--module-filter', why: 'upstream never reads it: every module of a package runs' },
  usePtb: { flag: '--use-ptb', why: 'the target always runs in one PTB here (upstream’s default)' },
  ptb: {
    flag: '--no-ptb',
    why: 'upstream’s legacy VM-harness path is not reproduced; the target always runs in one PTB',
  },
  strictCrypto: {
    flag: '--strict-crypto',
    why: 'upstream sets a flag nothing reads; crypto natives here are real or unimplemented',
  },
  clockBaseMs: {
    flag: '--clock-base-ms',
    why: 'it has no effect in upstream’s PTB mode; the Clock is fixed at 1704067200000',
  },
  randomSeed: { flag: '--random-seed', why: 'upstream never connects the seed to randomness' },
};

/** The first upstream flag given that does not apply here, as a usage error saying why. */
function refuseUpstreamOnly(opts: Record<string, unknown>): void {
  for (const [key, { flag, why }] of Object.entries(NOT_APPLICABLE)) {
    // `--no-mm2` / `--no-ptb` alone make commander default their key to true; the others stay undefined
    // unless given (`--no-phase-errors` gives false).
    const given = key === 'mm2' || key === 'ptb' ? opts[key] === false : opts[key] !== undefined;
    if (given) throw new UsageError(`${flag} does not apply to smi-bench sandbox: ${why}`);
  }
}

/** The framework must be readable before anything starts: a missing one would fail every package alike. */
async function checkFramework(corpusRoot: string, frameworkDir: string | null): Promise<void> {
  if (frameworkDir && !(existsSync(frameworkDir) && statSync(frameworkDir).isDirectory()))
    throw new UsageError(`framework directory not found: ${frameworkDir}`);
  try {
    await readFramework(frameworkDir ? { frameworkDir } : { corpusRoot });
  } catch (error) {
    if (!(error instanceof VmLoadError)) throw error;
    throw new UsageError(
      `${error.message}\n` +
        (frameworkDir
          ? 'give a --framework-dir holding the package directories of 0x1 and 0x2 (and 0x3)'
          : 'the corpus has no Move framework (0x1, 0x2): give --framework-dir DIR with its package directories'),
    );
  }
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
  return opts.packageId.length > 0 ? { ...input, packageIds: opts.packageId } : input;
}

export async function runSandbox(opts: SandboxCliOptions, argv: string[], io: CliIO): Promise<number> {
  const input = await buildSandboxInput(opts, argv);
  return launchRun(input, opts, modelKey(false, {}), io);
}
