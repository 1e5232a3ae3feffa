// The activity sets, one per task queue. Workflows import these types only.
import { createIoActivities } from './io.js';
import { createLlmActivities } from './llm.js';

export { createIoActivities } from './io.js';
export { createLlmActivities, type LlmActivityDeps } from './llm.js';

export type IoActivities = ReturnType<typeof createIoActivities>;
export type LlmActivities = ReturnType<typeof createLlmActivities>;
