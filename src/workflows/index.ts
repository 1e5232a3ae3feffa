// Entry point of the workflow bundle: every workflow type the workers run.
export { benchmarkRun } from './benchmark-run.js';
export { phase1Package } from '../benchmarks/phase1/workflow/package-workflow.js';
export { phase2Package } from '../benchmarks/phase2/workflow/package-workflow.js';
export { sandboxPackage } from '../benchmarks/sandbox/workflow/package-workflow.js';
export { helperPackage } from '../benchmarks/helper/workflow/package-workflow.js';
export { modelPreflight } from './model-preflight.js';
export { evalSet } from './eval-set.js';
export { extractCorpus } from './extract-corpus.js';
export { pipeline } from './pipeline.js';
