// Run inputs for tests: every field at the CLI's defaults unless the test says otherwise.
import { join } from 'node:path';
import type { Phase1Options, Phase1RunInput } from '../../src/contracts/phase1-options.js';
import type { BaseOptions, RunInput } from '../../src/contracts/run.js';
import type { Phase } from '../../src/contracts/phases.js';

export interface RunSpec<Options extends BaseOptions> {
  runId: string;
  logDir: string;
  corpusRoot: string;
  options?: Partial<Options>;
  input?: Partial<Omit<RunInput<Options>, 'options' | 'phase'>>;
}

export type TestRunSpec = RunSpec<Phase1Options>;

export function runInputFor<Options extends BaseOptions>(
  phase: Phase,
  defaults: Options,
  spec: RunSpec<Options>,
): RunInput<Options> {
  return {
    phase,
    runId: spec.runId,
    runDir: join(spec.logDir, spec.runId),
    corpusRoot: spec.corpusRoot,
    samples: 0,
    idsFile: null,
    dataset: null,
    concurrency: 4,
    outFile: null,
    argv: ['smi-bench', phase],
    ...spec.input,
    options: { ...defaults, ...spec.options },
  };
}

/** A Phase I run of `mock-perfect` with type lists in the rows. */
export function testRunInput(spec: TestRunSpec): Phase1RunInput {
  const defaults: Phase1Options = {
    agent: 'mock-perfect',
    agentSettings: null,
    seed: 0,
    maxStructsInPrompt: 200,
    perPackageTimeoutSeconds: 120,
    includeTypeLists: true,
  };
  return runInputFor('phase1', defaults, spec);
}
