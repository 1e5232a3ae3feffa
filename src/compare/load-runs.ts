// What `smi-bench compare` reads: each argument is a run id (in the log folder), a run directory, a result
// JSON file, or an evaluation set's id (its runs are the log folder's `<set-id>.<model>.<phase>`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { HELPER_BENCHMARK } from '../core/helper/result.js';
import type { ComparedPhase, LoadedRun } from './leaderboard.js';

/** A problem with an argument: one line for the user. */
export class CompareInputError extends Error {}

type Json = Record<string, unknown>;

export function readJson(path: string): Json | null {
  if (!existsSync(path)) return null;
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    throw new CompareInputError(`${path} is not valid JSON`);
  }
}

function phaseOf(result: Json, file: string): ComparedPhase {
  // (The helper's result is schema_version 1 too: its benchmark tells it from Phase I's.)
  if (result['benchmark'] === HELPER_BENCHMARK && Array.isArray(result['packages'])) return 'helper';
  if (result['schema_version'] === 1 && Array.isArray(result['packages'])) return 'phase1';
  if (result['schema_version'] === 2 && Array.isArray(result['packages'])) return 'phase2';
  throw new CompareInputError(
    `${file} is not a Phase I or Phase II result (schema_version 1 or 2 with packages) nor a helper result (${HELPER_BENCHMARK}); compare reads those`,
  );
}

/** What decides whether two runs can be compared: from selection.json when there is one, else the result. */
function settingOf(result: Json, runDir: string | null): Record<string, string> {
  const setting: Record<string, string> = {};
  const identity = runDir
    ? (readJson(join(runDir, 'selection.json'))?.['identity'] as Json | undefined)
    : undefined;
  if (identity) {
    for (const [key, value] of Object.entries(identity)) {
      const wanted =
        [
          'corpus_root',
          'samples',
          'target_ids_file',
          'package_ids',
          'options.seed',
          'options.simulationMode',
          'options.maxAttempts',
          'options.scoringHints',
        ].includes(key) || key.startsWith('options.promptTemplate');
      if (wanted && value !== null) setting[key] = String(value);
    }
    return setting;
  }
  for (const key of ['corpus_root_name', 'target_ids_file', 'samples', 'seed', 'simulation_mode']) {
    if (result[key] !== undefined && result[key] !== null) setting[key] = String(result[key]);
  }
  return setting;
}

/** Reads a result file and the run directory beside it (when it is one) into a run compare can rank. */
export function loadResult(file: string, label: string): LoadedRun {
  const result = readJson(file);
  if (!result) throw new CompareInputError(`${file} is not a JSON object`);
  const runDir = existsSync(join(dirname(file), 'run_metadata.json')) ? dirname(file) : null;
  const metadata = runDir ? readJson(join(runDir, 'run_metadata.json')) : null;
  const agent = String(result['agent'] ?? metadata?.['agent'] ?? '?');
  const model = typeof metadata?.['model'] === 'string' ? metadata['model'] : agent;
  return {
    label,
    phase: phaseOf(result, file),
    model,
    agent,
    rows: (result['packages'] as Json[]).filter((r) => r !== null && typeof r === 'object'),
    setting: settingOf(result, runDir),
    runDir,
  };
}

const isDir = (path: string) => existsSync(path) && statSync(path).isDirectory();

/** A result file an argument names, with the label it goes by. */
export interface NamedResult {
  file: string;
  label: string;
  /** A set's sandbox run (`<set>.sandbox`): no model to rank (`status SET` and `report` show it). */
  setSandbox?: boolean;
}

/** The result files the arguments name: files, run directories, run ids in `logDir`, or set ids. */
export function resolveResults(args: string[], logDir: string): NamedResult[] {
  const found: NamedResult[] = [];
  for (const arg of args) {
    const path = resolve(arg);
    if (!isDir(path) && existsSync(path)) {
      found.push({ file: path, label: arg });
      continue;
    }
    const runDir = isDir(path) && existsSync(join(path, 'result.json')) ? path : resolve(logDir, arg);
    if (existsSync(join(runDir, 'result.json'))) {
      found.push({ file: join(runDir, 'result.json'), label: basename(runDir) });
      continue;
    }
    const setRuns = isDir(resolve(logDir))
      ? readdirSync(resolve(logDir))
          .filter((name) => name.startsWith(`${arg}.`) && existsSync(join(logDir, name, 'result.json')))
          .sort()
      : [];
    if (setRuns.length === 0)
      throw new CompareInputError(
        `${arg}: no result file, run directory, finished run or evaluation set of that name (in ${resolve(logDir)})`,
      );
    for (const name of setRuns)
      found.push({
        file: resolve(logDir, name, 'result.json'),
        label: name,
        setSandbox: name === `${arg}.sandbox`,
      });
  }
  return found;
}

export function loadRuns(args: string[], logDir: string): LoadedRun[] {
  return resolveResults(args, logDir)
    .filter((found) => !found.setSandbox)
    .map(({ file, label }) => loadResult(file, label));
}
