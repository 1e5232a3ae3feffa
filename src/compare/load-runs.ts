// What `smi-bench compare` reads: each argument is a run id (in the log folder), a run directory, a result
// JSON file, or an evaluation set's id (its runs are the log folder's `<set-id>.<model>.<phase>`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { benchmarkOfResult, RANKED_BENCHMARKS, resultKinds } from '../benchmarks/registry.js';
import { nameOfSet, setOfRun, setRunWithoutModel } from '../evalset/run-name.js';
import { knownSets } from '../evalset/set-index.js';
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

/** The ranked benchmark whose result this is, as its display marks it. */
function phaseOf(result: Json, file: string): ComparedPhase {
  const phase = Array.isArray(result['packages']) ? benchmarkOfResult(result, RANKED_BENCHMARKS) : null;
  if (phase) return phase;
  throw new CompareInputError(`${file} is not a result compare reads: ${resultKinds(RANKED_BENCHMARKS)}`);
}

/**
 * What decides whether two runs can be compared: from selection.json when there is one, else the result.
 * Packages named by an ids file (or by id) are chosen by it: then `samples` counts only as the number of
 * packages it took from the top, and the seed only where it decides the answers (a mock agent's).
 */
function settingOf(result: Json, runDir: string | null): Record<string, string> {
  const setting: Record<string, string> = {};
  const selection = runDir ? readJson(join(runDir, 'selection.json')) : null;
  const identity = selection?.['identity'] as Json | undefined;
  if (selection && identity) {
    const byIds = identity['target_ids_file'] != null || identity['package_ids'] != null;
    const mock = String(selection['agent'] ?? '').startsWith('mock-');
    for (const [key, value] of Object.entries(identity)) {
      const wanted =
        [
          'corpus_root',
          'samples',
          'target_ids_file',
          'package_ids',
          'options.seed',
          'options.simulationMode',
          'options.sender',
          'options.requireDryRun',
          'options.maxAttempts',
          'options.scoringHints',
        ].includes(key) || key.startsWith('options.promptTemplate');
      const irrelevant = byIds && (key === 'samples' || (key === 'options.seed' && !mock));
      if (wanted && !irrelevant && value !== null) setting[key] = String(value);
    }
    if (byIds) setting['packages_selected'] = String(selection['total']);
    return setting;
  }
  for (const key of ['corpus_root_name', 'target_ids_file', 'samples', 'seed', 'simulation_mode', 'sender']) {
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
  /** A set's run without a model (`<set>.sandbox`): nothing to rank (`status SET` and `report` show it). */
  withoutModel?: boolean;
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
    const set = findSet(arg, logDir);
    if (!set)
      throw new CompareInputError(
        `${arg}: no result file, run directory, finished run or evaluation set of that name (in ${resolve(logDir)}; a set's runs are in the log_dir its config names, relative to the config)`,
      );
    for (const name of set.runs)
      found.push({
        file: resolve(set.logDir, name, 'result.json'),
        label: name,
        withoutModel: setRunWithoutModel(name) !== null,
      });
  }
  return found;
}

/** The finished runs of set `setId` in `logDir`, by name. */
function finishedSetRuns(setId: string, logDir: string): string[] {
  if (!isDir(resolve(logDir))) return [];
  return readdirSync(resolve(logDir))
    .filter((name) => name.startsWith(`${setId}.`) && existsSync(join(logDir, name, 'result.json')))
    .sort();
}

/**
 * An evaluation set named by its id (its runs are `<id>.…` in `logDir`) or its config's name, in `logDir`
 * or where `eval-set` noted it ran; null when there is none. Two sets of one name (two configs) must be
 * told apart by their ids.
 */
function findSet(arg: string, logDir: string): { setId: string; logDir: string; runs: string[] } | null {
  const direct = finishedSetRuns(arg, logDir);
  if (direct.length > 0) return { setId: arg, logDir: resolve(logDir), runs: direct };
  const here = isDir(resolve(logDir))
    ? [...new Set(readdirSync(resolve(logDir)).map(setOfRun))].filter(
        (id): id is string => id !== null && nameOfSet(id) === arg,
      )
    : [];
  const candidates = [
    ...here.map((setId) => ({ setId, logDir: resolve(logDir) })),
    ...knownSets(arg).filter((k) => !here.includes(k.setId)),
  ]
    .map((c) => ({ ...c, runs: finishedSetRuns(c.setId, c.logDir) }))
    .filter((c) => c.runs.length > 0);
  if (candidates.length > 1)
    throw new CompareInputError(
      `${arg}: several evaluation sets have that name (${candidates.map((c) => c.setId).join(', ')}); give one's id`,
    );
  return candidates[0] ?? null;
}

export function loadRuns(args: string[], logDir: string): LoadedRun[] {
  return resolveResults(args, logDir)
    .filter((found) => !found.withoutModel)
    .map(({ file, label }) => loadResult(file, label));
}
