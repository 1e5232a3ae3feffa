// The name the sandbox's result file carries (upstream's benchmark-local): how `compare` tells it from Phase
// I's, whose schema_version it shares. A module of its own so the display reads it without the result code.
export const SANDBOX_BENCHMARK = 'benchmark_local';
