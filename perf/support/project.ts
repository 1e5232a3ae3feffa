// Where perf scripts find the product and its inputs, always relative to the project root.
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../src/project-root.js';
import { workflowBundlePath } from '../../src/temporal/workflow-bundle.js';

export { PROJECT_ROOT };

/** The CLI launcher: benchmarks run the product the way users do, as a separate process. */
export const CLI_PATH = join(PROJECT_ROOT, 'bin', 'smi-bench.js');

/** perf/results is gitignored: records of individual runs, not source. */
export const RESULTS_DIR = join(PROJECT_ROOT, 'perf', 'results');

/** The shared corpus sits beside the project (`../shared/corpus`) in CI and on developer machines. */
export const DEFAULT_CORPUS = resolve(PROJECT_ROOT, '..', 'shared', 'corpus');

/** The corpus to measure on, or a clear error that says how to point at one. */
export function resolveCorpus(arg: string | undefined): string {
  const dir = resolve(arg ?? DEFAULT_CORPUS);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new Error(
      `corpus not found: ${dir}\n` +
        `  pass --corpus DIR (a sui-packages layout: <root>/0xNN/<id>/bytecode_modules); ` +
        `the default is ../shared/corpus beside the project`,
    );
  }
  return dir;
}

/**
 * `npm run build` must have run completely: without the workflow bundle each worker would run webpack
 * at start-up, and that would be measured as part of the product.
 */
export function assertBuilt(): void {
  for (const path of [join(PROJECT_ROOT, 'dist', 'src', 'client.js'), workflowBundlePath()]) {
    if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first`);
  }
}
