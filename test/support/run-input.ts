// Phase I run inputs for tests: every field at the CLI's defaults unless the test says otherwise.
import { join } from 'node:path';
import type { Phase1Options, Phase1RunInput } from '../../src/workflows/phase1-types.js';

export interface TestRunSpec {
  runId: string;
  logDir: string;
  corpusRoot: string;
  options?: Partial<Phase1Options>;
  input?: Partial<Omit<Phase1RunInput, 'options' | 'phase'>>;
}

export function testRunInput(spec: TestRunSpec): Phase1RunInput {
  return {
    phase: 'phase1',
    runId: spec.runId,
    runDir: join(spec.logDir, spec.runId),
    corpusRoot: spec.corpusRoot,
    samples: 0,
    idsFile: null,
    dataset: null,
    concurrency: 4,
    outFile: null,
    argv: ['smi-bench', 'phase1'],
    ...spec.input,
    options: {
      agent: 'mock-perfect',
      agentSettings: null,
      seed: 0,
      maxStructsInPrompt: 200,
      perPackageTimeoutSeconds: 120,
      includeTypeLists: true,
      ...spec.options,
    },
  };
}
