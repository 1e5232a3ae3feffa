// The stub lives under perf/ so the build compiles it for spawned processes; tests import it from here.
export * from '../../perf/support/openai-stub.js';
