// Upstream's `benchmark-local` flags that mean nothing here (spec rust-contracts §4.1): `smi-bench sandbox`
// accepts them only to refuse them with the reason. Kept apart from the command so the CLI's option parser
// can use the list without loading the VM.
import { Option } from 'commander';

export interface UpstreamOnlyFlag {
  /** The flags as commander spells them (`--name <value>`, `--no-name`). */
  options: string[];
  why: string;
}

export const SANDBOX_UPSTREAM_ONLY: UpstreamOnlyFlag[] = [
  {
    options: ['--target-corpus <dir>'],
    why: 'smi-bench reads a corpus in the sui-packages layout: give --corpus-root, and --package-id for one package',
  },
  { options: ['--restricted-state'], why: 'upstream’s restricted state setup is an empty function' },
  { options: ['--use-mm2'], why: 'upstream parses it but never reads it; there is no MM2 type model here' },
  { options: ['--no-mm2'], why: 'upstream parses it but never reads it; there is no MM2 type model here' },
  { options: ['--static-only'], why: 'upstream only validates it; it changes nothing there' },
  {
    options: ['--max-chain-depth <n>'],
    why: 'upstream validates it and then uses a fixed depth of 5; so do constructor chains here',
  },
  {
    options: ['--phase-errors', '--no-phase-errors'],
    why: 'upstream never reads it: rows always use stages A1–B2',
  },
  { options: ['--error-distribution'], why: 'upstream never reads it' },
  { options: ['--function-filter <f>'], why: 'upstream never reads it: every public or entry function runs' },
  { options: ['--module-filter <m>'], why: 'upstream never reads it: every module of a package runs' },
  { options: ['--use-ptb'], why: 'the target always runs in one PTB here (upstream’s default)' },
  {
    options: ['--no-ptb'],
    why: 'upstream’s legacy VM-harness path is not reproduced; the target always runs in one PTB',
  },
  {
    options: ['--strict-crypto'],
    why: 'upstream sets a flag nothing reads; crypto natives here are real or unimplemented',
  },
  {
    options: ['--clock-base-ms <ms>'],
    why: 'it has no effect in upstream’s PTB mode; the Clock is fixed at 1704067200000',
  },
  { options: ['--random-seed <hex>'], why: 'upstream never connects the seed to randomness' },
];

/** How the flags are written in messages and help: `--use-mm2 / --no-mm2`. */
export function flagNames(flag: UpstreamOnlyFlag): string {
  return flag.options.map((o) => o.split(' ')[0]).join(' / ');
}

/** Whether commander's parsed options show the flag given: a lone `--no-x` defaults `x` to true. */
function given(spec: string, opts: Record<string, unknown>): boolean {
  const option = new Option(spec);
  const value = opts[option.attributeName()];
  return option.negate ? value === false : value !== undefined;
}

/** The first upstream-only flag among the parsed options, or null. */
export function upstreamOnlyFlagGiven(opts: Record<string, unknown>): UpstreamOnlyFlag | null {
  return SANDBOX_UPSTREAM_ONLY.find((flag) => flag.options.some((spec) => given(spec, opts))) ?? null;
}
