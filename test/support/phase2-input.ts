// Phase II run inputs for tests: the CLI's defaults, with created types in the rows.
import { PHASE2_DEFAULT_OPTIONS } from '../../src/benchmarks/phase2/index.js';
import type { Phase2Options, Phase2RunInput } from '../../src/contracts/phase2-options.js';
import { runInputFor, type RunSpec } from './run-input.js';

export function phase2TestInput(spec: RunSpec<Phase2Options>): Phase2RunInput {
  return runInputFor('phase2', { ...PHASE2_DEFAULT_OPTIONS, includeCreatedTypes: true }, spec);
}
