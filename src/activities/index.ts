// The activity sets, one per task queue. Workflows import these types only.
import { createCorpusActivities } from './corpus.js';
import { createLlmActivities } from './llm.js';
import { createPipelineActivities } from './pipeline.js';
import { createPackageIoActivities } from './package-io.js';
import { createPhase2IoActivities } from './phase2-io.js';
import { createRunIoActivities } from './run-io.js';
import { createSetIoActivities } from './set-io.js';
import { createHelperIoActivities } from './helper.js';

export { createLlmActivities, type LlmActivityDeps } from './llm.js';
export { createPackageIoActivities } from './package-io.js';
export { createRunIoActivities } from './run-io.js';
export { createSimActivities } from './sim.js';
export { createSandboxActivities } from './sandbox.js';
export { createHelperSimActivities } from './helper.js';

/** The io task queue runs both sets; package workflows call the per-package ones as local activities. */
export function createIoActivities() {
  return {
    ...createRunIoActivities(),
    ...createPackageIoActivities(),
    ...createPhase2IoActivities(),
    ...createCorpusActivities(),
    ...createPipelineActivities(),
    ...createSetIoActivities(),
    ...createHelperIoActivities(),
  };
}

export type IoActivities = ReturnType<typeof createIoActivities>;
export type LlmActivities = ReturnType<typeof createLlmActivities>;
