// The helper benchmark's settings (`smi-bench helper`, upstream's e2e_one_package.py) and its engine types.
import type { BaseOptions, PackageInput, RunInput } from './run.js';
import { MODEL_AGENTS } from './agents.js';

/**
 * `mock-empty` answers nothing (a calibration of the engine); `helper-file` answers with the package in
 * `--helper-dir` for every package; `real-openai-compatible` and `local-llm` ask the model.
 */
export const HELPER_AGENTS = ['mock-empty', 'helper-file', ...MODEL_AGENTS] as const;
export type HelperAgent = (typeof HELPER_AGENTS)[number];

export interface HelperOptions extends BaseOptions {
  agent: HelperAgent;
  /** The run's corpus root, which package workflows do not otherwise know: the target is built against it. */
  corpusRoot: string;
  /** `--framework-dir`: package directories of 0x1, 0x2 (and 0x3); null: the corpus's own. */
  frameworkDir: string | null;
  /** `--helper-dir`: the helper package folder of `helper-file`. */
  helperDir: string | null;
  /** `--max-attempts` (`--single-shot`: 1): answers the model may give until one builds. */
  maxAttempts: number;
  /** Tell the model how it is scored and which key types count (`--no-scoring-hints`: off). */
  scoringHints: boolean;
  /** `--prompt-file`: the user's instructions, replacing ours; null: ours. */
  promptTemplate: string | null;
  perPackageTimeoutSeconds: number;
}

export type HelperRunInput = RunInput<HelperOptions>;
export type HelperPackageInput = PackageInput<HelperOptions>;

export const HELPER_DEFAULT_OPTIONS: HelperOptions = {
  agent: 'mock-empty',
  agentSettings: null,
  seed: 0,
  corpusRoot: '',
  frameworkDir: null,
  helperDir: null,
  maxAttempts: 3,
  scoringHints: true,
  promptTemplate: null,
  perPackageTimeoutSeconds: 600,
};
