// Entry point of the workflow bundle: every workflow type the workers run.
export { phase1Run } from './phase1-run.js';
export { phase1Package } from './phase1-package.js';
