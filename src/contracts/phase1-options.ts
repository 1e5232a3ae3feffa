// Phase I's settings and the engine types specialised to them.
import type { BaseOptions, PackageInput, RunInput } from './run.js';
import type { Phase1Agent } from './agents.js';

export interface Phase1Options extends BaseOptions {
  agent: Phase1Agent;
  maxStructsInPrompt: number;
  perPackageTimeoutSeconds: number;
  includeTypeLists: boolean;
  /** `--prompt-template FILE`: the user's wording (see PHASE1_PLACEHOLDERS); absent: the built-in one. */
  promptTemplate?: string | null;
}

export type Phase1RunInput = RunInput<Phase1Options>;
export type Phase1PackageInput = PackageInput<Phase1Options>;
