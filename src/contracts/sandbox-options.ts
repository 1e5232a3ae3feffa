// The sandbox phase's settings (`smi-bench sandbox`, upstream's `benchmark-local`) and its engine types.
import type { BaseOptions, PackageInput, RunInput } from './run.js';

export const SANDBOX_AGENT = 'local-vm';

export interface SandboxOptions extends BaseOptions {
  agent: typeof SANDBOX_AGENT;
  /** `--framework-dir`: package directories of 0x1, 0x2 (and 0x3); null: the corpus's own. */
  frameworkDir: string | null;
  /** `--tier-a-only`: synthesize arguments, execute nothing. */
  tierAOnly: boolean;
  /** The run's corpus root, which package workflows do not otherwise know: dependencies come from there. */
  corpusRoot: string;
}

export type SandboxRunInput = RunInput<SandboxOptions>;
export type SandboxPackageInput = PackageInput<SandboxOptions>;
