// Where the workflow code lives, for the bundler and for workers.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../project-root.js';

export function workflowSourcePath(): string {
  const js = fileURLToPath(new URL('../workflows/index.js', import.meta.url));
  return existsSync(js) ? js : fileURLToPath(new URL('../workflows/index.ts', import.meta.url));
}

/** The bundle written by `npm run build`. */
export function workflowBundlePath(): string {
  return join(PROJECT_ROOT, 'dist', 'workflow-bundle.js');
}
