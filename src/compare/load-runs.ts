// What `smi-bench compare` reads: each argument is a run id (in the log folder), a run directory, a result
// JSON file, or an evaluation set's id (its runs are the log folder's `<set-id>.<model>.<phase>`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { ComparedPhase, LoadedRun } from './leaderboard.js';

/** A problem with an argument: one line for the user. */
export class CompareInputError extends Error {}

type Json = Record<string, unknown>;

function readJson(path: string): Json | null {
  if (!existsSync(path)) return null;
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    throw new CompareInputError(`${path} is not valid JSON`);
  }
}

function phaseOf(result: Json, file: string): ComparedPhase {
  if (result['schema_version'] === 1 && Array.isArray(result['packages'])) return 'phase1';
  if (result['schema_version'] === 2 && Array.isArray(result['packages'])) return 'phase2';
  throw new CompareInputError(
    `${file} is not a Phase I or Phase II result (schema_version 1 or 2 with packages); compare reads those`,
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

function loadResult(file: string, label: string): LoadedRun {
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
  };
}

const isDir = (path: string) => existsSync(path) && statSync(path).isDirectory();

export function loadRuns(args: string[], logDir: string): LoadedRun[] {
  const runs: LoadedRun[] = [];
  for (const arg of args) {
    const path = resolve(arg);
    if (!isDir(path) && existsSync(path)) {
      runs.push(loadResult(path, arg));
      continue;
    }
    const runDir = isDir(path) && existsSync(join(path, 'result.json')) ? path : resolve(logDir, arg);
    if (existsSync(join(runDir, 'result.json'))) {
      runs.push(loadResult(join(runDir, 'result.json'), basename(runDir)));
      continue;
    }
    const setRuns = isDir(resolve(logDir))
      ? readdirSync(resolve(logDir))
          // (A set's sandbox run, `<set>.sandbox`, has no model to rank: `status SET` shows it.)
          .filter((name) => name.startsWith(`${arg}.`) && name !== `${arg}.sandbox`)
          .filter((name) => existsSync(join(logDir, name, 'result.json')))
          .sort()
      : [];
    if (setRuns.length === 0)
      throw new CompareInputError(
        `${arg}: no result file, run directory, finished run or evaluation set of that name (in ${resolve(logDir)})`,
      );
    for (const name of setRuns) runs.push(loadResult(resolve(logDir, name, 'result.json'), name));
  }
  return runs;
}
