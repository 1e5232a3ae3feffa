// The helper answers live under perf/ so the build compiles them for the perf script; tests import them here.
export * from '../../perf/support/helper-answers.js';
