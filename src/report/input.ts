// What a report shows: the runs the arguments name (runs of benchmarks with a leaderboard as `compare` loads them,
// with compare's leaderboards, so both print the same numbers) and sandbox runs, which compare does not rank.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { benchmarkOfResult, BENCHMARKS } from '../benchmarks/registry.js';
import { boardsOf, type Leaderboard, type LoadedRun } from '../compare/leaderboard.js';
import { loadResult, readJson, resolveResults } from '../compare/load-runs.js';

type Json = Record<string, unknown>;

export interface SandboxRun {
  label: string;
  runDir: string | null;
  /** The sandbox result (`benchmark: "benchmark_local"`): counts per stage, packages. */
  result: Json;
}

export interface ReportInput {
  /** Runs of benchmarks with a leaderboard, in argument order. */
  runs: LoadedRun[];
  /** compare's leaderboards, one per phase present, in compare's order. */
  boards: Leaderboard[];
  sandboxRuns: SandboxRun[];
}

/** Arguments as `compare` takes them: run ids in `logDir`, run directories, result files, set ids. */
export function loadReportInput(args: string[], logDir: string): ReportInput {
  const runs: LoadedRun[] = [];
  const sandboxRuns: SandboxRun[] = [];
  for (const { file, label } of resolveResults(args, logDir)) {
    const result = readJson(file);
    const benchmark = result && benchmarkOfResult(result);
    // A benchmark without a board (the sandbox) has no model to rank: its runs are shown apart.
    if (benchmark && !BENCHMARKS[benchmark].display.board) {
      const runDir = existsSync(join(dirname(file), 'run_metadata.json')) ? dirname(file) : null;
      sandboxRuns.push({ label, runDir, result });
    } else {
      runs.push(loadResult(file, label));
    }
  }
  return { runs, boards: boardsOf(runs), sandboxRuns };
}
