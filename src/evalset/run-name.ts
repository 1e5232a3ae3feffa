// A set's model runs are named `<set-id>.<model name>.<benchmark>`, its runs without a model (a benchmark
// run once per set, the sandbox) `<set-id>.<benchmark>`, and a set id is `<name>-<10 hex digits of the
// config's hash>` (config.ts evalSetId): the set and the model a run belongs to, read from its id.
import { BENCHMARKS } from '../benchmarks/registry.js';

/** `a|b`: the benchmarks a set runs once per model (true) or once for the whole set (false). */
const benchmarkNames = (perModel: boolean) =>
  Object.values(BENCHMARKS)
    .filter((b) => b.evalSet.perModel === perModel)
    .map((b) => b.name)
    .join('|');

const SET_RUN = new RegExp(`^(.+?-[0-9a-f]{10})\\.([A-Za-z0-9][A-Za-z0-9_.-]*)\\.(${benchmarkNames(true)})$`);
const SET_RUN_WITHOUT_MODEL = new RegExp(`^(.+?-[0-9a-f]{10})\\.(${benchmarkNames(false)})$`);

export interface SetRunName {
  setId: string;
  /** The model's name in the set's config. */
  model: string;
}

/** The set a model run belongs to; null for a run of its own (and for a set's sandbox run). */
export function setRunName(runId: string): SetRunName | null {
  const match = SET_RUN.exec(runId);
  return match ? { setId: match[1]!, model: match[2]! } : null;
}

/** The name a set's config gave it: its id without the hash. */
export function nameOfSet(setId: string): string {
  return setId.replace(/-[0-9a-f]{10}$/, '');
}

/** The benchmark of a set's run without a model (`<set-id>.sandbox` → `sandbox`); null for any other run. */
export function setRunWithoutModel(runId: string): string | null {
  return SET_RUN_WITHOUT_MODEL.exec(runId)?.[2] ?? null;
}

/** The set any run of a set belongs to, its runs without a model included; null for a run of its own. */
export function setOfRun(runId: string): string | null {
  return setRunName(runId)?.setId ?? SET_RUN_WITHOUT_MODEL.exec(runId)?.[1] ?? null;
}
