// How figures and headings name runs and packages so a reader can tell them apart: a run by its model (a
// set's run by the model's name in the set), with its phase where runs of several phases are shown
// together; a package by its short id (`0x2`, `0xdee9`, `0x1e00…3ccf`), not 64 digits cut off by an axis.
import { setRunName, setRunWithoutModel } from '../evalset/run-name.js';
import { BENCHMARKS } from '../benchmarks/registry.js';
import type { Leaderboard, LoadedRun } from '../compare/leaderboard.js';

/** Digits beyond this are shortened to their first and last four. */
const SHORT_DIGITS = 9;

/** `0x0…02` → `0x2`, 64 digits → `0x1e00…3ccf`; anything not an address is left as it is. */
export function shortPackageId(id: string): string {
  const match = /^0x([0-9a-fA-F]+)$/.exec(id);
  if (!match) return id;
  const digits = match[1]!.toLowerCase().replace(/^0+(?=.)/, '');
  return digits.length > SHORT_DIGITS ? `0x${digits.slice(0, 4)}…${digits.slice(-4)}` : `0x${digits}`;
}

/** Short ids for these packages; a short id two of them would share stays whole for both. */
export function shortPackageIds(ids: Iterable<string>): Map<string, string> {
  const unique = [...new Set(ids)];
  const owners = new Map<string, number>();
  for (const id of unique) owners.set(shortPackageId(id), (owners.get(shortPackageId(id)) ?? 0) + 1);
  return new Map(unique.map((id) => [id, owners.get(shortPackageId(id))! > 1 ? id : shortPackageId(id)]));
}

/** A run without a model: a set's is named by its benchmark (`sandbox`), any other by its label. */
export function unrankedRunName(label: string): string {
  return setRunWithoutModel(label) ?? label;
}

/** The model a run is named by: its name in the set, else its model (the agent for mock runs). */
function modelName(run: LoadedRun): string {
  return setRunName(run.label)?.model ?? run.model;
}

/**
 * A name per run (keyed by the run), unique among `runs`: the model, with the phase when the runs have
 * several; two runs that still share a name keep their label (run id) beside it.
 */
export function runNames(runs: LoadedRun[]): Map<LoadedRun, string> {
  const phases = new Set(runs.map((r) => r.phase));
  const base = (run: LoadedRun) =>
    phases.size > 1 ? `${modelName(run)} · ${BENCHMARKS[run.phase].title}` : modelName(run);
  const counts = new Map<string, number>();
  for (const run of runs) counts.set(base(run), (counts.get(base(run)) ?? 0) + 1);
  return new Map(
    runs.map((run) => [run, counts.get(base(run))! > 1 ? `${base(run)} (${run.label})` : base(run)]),
  );
}

/** Runs as `board` ranks them (best first); runs it does not rank after them, by label. */
export function boardOrder(runs: LoadedRun[], board: Leaderboard | undefined): LoadedRun[] {
  const rank = new Map((board?.entries ?? []).map((e, i) => [e.run, i]));
  const rankOf = (run: LoadedRun) => rank.get(run.label) ?? Number.MAX_SAFE_INTEGER;
  return [...runs].sort((a, b) => rankOf(a) - rankOf(b) || a.label.localeCompare(b.label));
}
