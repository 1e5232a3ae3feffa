// What a run directory keeps beside its result rows: each package's trace (the artifact hashes of its
// prompts and answers, Phase II's planning rounds, the helper's attempts and run), matched to the result's rows by package id and
// occurrence (an id listed twice is two packages), since rows/ is in processing order.
import type { AttemptTrace } from '../core/helper/row.js';
import { readStoredRowsSync, type StoredRow } from '../run-store/rows.js';

type Json = Record<string, unknown>;

export interface PromptRef {
  promptSha: string;
  answerSha: string | null;
  /** Why the call gave no usable answer (absent from older runs, and from calls that gave one). */
  error?: string;
}

/** Phase II's planning round (see the package workflow's PlanningRound). */
export interface RoundRef extends PromptRef {
  attempt: number;
  call: number;
  kind: string;
  cached?: boolean;
}

/** The helper's attempt (the helper package workflow's trace of it). */
export type AttemptRef = AttemptTrace;

export interface PackageTrace {
  interfaceSha: string | null;
  /** Phase I's model requests. */
  prompts: PromptRef[];
  /** Phase II's planning rounds. */
  rounds: RoundRef[];
  /** The helper's attempts, and its built helper's execution trace. */
  attempts: AttemptRef[];
  runTraceSha: string | null;
  /** Phase II's and the helper's targets under their defining ids, as scored (absent from older runs). */
  targets?: string[];
}

export const EMPTY_TRACE: PackageTrace = {
  interfaceSha: null,
  prompts: [],
  rounds: [],
  attempts: [],
  runTraceSha: null,
};

function occurrenceKeys(ids: string[]): string[] {
  const seen = new Map<string, number>();
  return ids.map((id) => {
    const k = (seen.get(id) ?? 0) + 1;
    seen.set(id, k);
    return `${id}#${k}`;
  });
}

function traceOf(stored: StoredRow): PackageTrace {
  const t = (stored.trace ?? {}) as Json;
  return {
    interfaceSha: typeof t['interfaceSha'] === 'string' ? t['interfaceSha'] : null,
    prompts: Array.isArray(t['prompts']) ? (t['prompts'] as PromptRef[]) : [],
    rounds: Array.isArray(t['rounds']) ? (t['rounds'] as RoundRef[]) : [],
    attempts: Array.isArray(t['attempts']) ? (t['attempts'] as AttemptRef[]) : [],
    runTraceSha: typeof t['runTraceSha'] === 'string' ? t['runTraceSha'] : null,
    ...(Array.isArray(t['targets']) ? { targets: t['targets'].map(String) } : {}),
  };
}

/** One trace per result row, in the rows' order; empty where the run directory has none. */
export function tracesFor(runDir: string | null, rows: Json[]): PackageTrace[] {
  if (runDir === null) return rows.map(() => EMPTY_TRACE);
  const stored = readStoredRowsSync(runDir);
  const byKey = new Map<string, PackageTrace>();
  const storedKeys = occurrenceKeys(stored.map((s) => s.row.package_id));
  stored.forEach((s, i) => byKey.set(storedKeys[i]!, traceOf(s)));
  return occurrenceKeys(rows.map((r) => String(r['package_id']))).map((k) => byKey.get(k) ?? EMPTY_TRACE);
}

/** How many times the model asked to see more of the package. */
export function needMoreRounds(trace: PackageTrace): number {
  return trace.rounds.filter((r) => r.kind === 'need_more').length;
}
