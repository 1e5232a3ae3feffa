// Moved to src/config/env-values.ts; kept for the type's remaining importer.
export type { EnvSource } from '../config/env-values.js';
