// Phase II run inputs for tests: every field at the CLI's defaults unless the test says otherwise.
import { join } from 'node:path';
import type { Phase2Options, Phase2RunInput } from '../../src/workflows/phase2-types.js';

export interface Phase2TestRunSpec {
  runId: string;
  logDir: string;
  corpusRoot: string;
  options?: Partial<Phase2Options>;
  input?: Partial<Omit<Phase2RunInput, 'options' | 'phase'>>;
}

export function phase2TestInput(spec: Phase2TestRunSpec): Phase2RunInput {
  return {
    phase: 'phase2',
    runId: spec.runId,
    runDir: join(spec.logDir, spec.runId),
    corpusRoot: spec.corpusRoot,
    samples: 0,
    idsFile: null,
    dataset: null,
    concurrency: 4,
    outFile: null,
    argv: ['smi-bench', 'phase2'],
    ...spec.input,
    options: {
      agent: 'mock-empty',
      agentSettings: null,
      seed: 0,
      simulationMode: 'build-only',
      rpcUrl: null,
      sender: '0x0',
      gasBudget: 10_000_000,
      gasCoin: null,
      gasBudgetLadder: [20_000_000, 50_000_000],
      maxPlanAttempts: 5,
      maxPlanningCalls: 50,
      baselineMaxCandidates: 25,
      maxHeuristicVariants: 4,
      perPackageTimeoutSeconds: 120,
      includeCreatedTypes: true,
      requireDryRun: false,
      planFile: null,
      externalBin: null,
      simulationFeedback: false,
      promptTemplates: {},
      ...spec.options,
    },
  };
}
