// A set's model runs are named `<set-id>.<model name>.<phase>`, and a set id is `<name>-<10 hex digits of
// the config's hash>` (config.ts evalSetId): the set and the model a run belongs to, read from its id.

const SET_RUN = /^(.+?-[0-9a-f]{10})\.([A-Za-z0-9][A-Za-z0-9_.-]*)\.(phase1|phase2|helper)$/;
/** A set's one sandbox run, `<set-id>.sandbox`. */
const SET_SANDBOX = /^(.+?-[0-9a-f]{10})\.sandbox$/;

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

/** The set any run of a set belongs to, its sandbox run included; null for a run of its own. */
export function setOfRun(runId: string): string | null {
  return setRunName(runId)?.setId ?? SET_SANDBOX.exec(runId)?.[1] ?? null;
}
