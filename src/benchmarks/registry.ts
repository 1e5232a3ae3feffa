// Every benchmark smi-bench runs, by name: what the CLI, evaluation sets and pipelines know of them.
import type { AnyBenchmark } from './definition.js';
import { helperBenchmark } from './helper/index.js';
import { phase1Benchmark } from './phase1/index.js';
import { phase2Benchmark } from './phase2/index.js';
import { sandboxBenchmark } from './sandbox/index.js';

export const BENCHMARKS = {
  phase1: phase1Benchmark,
  phase2: phase2Benchmark,
  helper: helperBenchmark,
  sandbox: sandboxBenchmark,
} as const;

export type BenchmarkName = keyof typeof BENCHMARKS;

/** The benchmarks a program or a config schema is made from (a test may extend one). */
export type BenchmarkRegistry = Readonly<Record<BenchmarkName, AnyBenchmark>>;
