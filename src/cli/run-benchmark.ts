// `smi-bench phase1|phase2|helper|sandbox`: any benchmark's run command. Its definition makes the run
// (src/benchmarks/<name>/run.ts); this reads the dotenv file and the model's settings, stops early for
// upstream's agent checks, and launches the run.
import { resolve } from 'node:path';
import type { AnyBenchmark, RunFlags } from '../benchmarks/definition.js';
import { processConfig } from '../config/process-config.js';
import {
  agentCheck,
  launchRun,
  readDotenvFile,
  runModelAccess,
  runModelSettings,
  type CliIO,
} from './run-common.js';

export async function runBenchmark(
  benchmark: AnyBenchmark,
  opts: RunFlags<AnyBenchmark['options']>,
  argv: string[],
  io: CliIO,
): Promise<number> {
  const runs = await benchmark.runs();
  // A command without `--dotenv` (the sandbox's) reads none.
  const dotenv = opts.dotenv === undefined ? {} : readDotenvFile(resolve(opts.dotenv));
  const checked = await agentCheck(opts, dotenv, io);
  if (checked !== null) return checked;
  const settings = await runModelSettings(runs.needsModel(opts), opts, dotenv);
  const context = { settings, dotenv, argv, config: processConfig(), env: process.env };
  const input = await runs.input(opts, context);
  const model = runModelAccess(input.options.agentSettings, dotenv, io);
  await runs.preflight?.(input, io);
  return launchRun(input, opts, model, io);
}
