// The activity sets, one per task queue. Workflows import these types only.
import { createLlmActivities } from './llm.js';
import { createPackageIoActivities } from './package-io.js';
import { createRunIoActivities } from './run-io.js';

export { createLlmActivities, type LlmActivityDeps } from './llm.js';
export { createPackageIoActivities } from './package-io.js';
export { createRunIoActivities } from './run-io.js';

/** The io task queue runs both sets; package workflows call the per-package ones as local activities. */
export function createIoActivities() {
  return { ...createRunIoActivities(), ...createPackageIoActivities() };
}

export type IoActivities = ReturnType<typeof createIoActivities>;
export type LlmActivities = ReturnType<typeof createLlmActivities>;
