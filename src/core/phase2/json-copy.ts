// Deep copies and canonical text of plain JSON data (plans are small; structuredClone is not available
// in every workflow sandbox).
import { pyDumps } from '../pyjson.js';

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function copyJson<T>(v: T): T {
  if (Array.isArray(v)) return v.map(copyJson) as T;
  if (isRecord(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = copyJson(x);
    return out as T;
  }
  return v;
}

/** Python `json.dumps(v, sort_keys=True, separators=(",", ":"))`: equal plans, equal text. */
export function canonicalJsonText(v: unknown): string {
  return pyDumps(v, { sortKeys: true, separators: [',', ':'] });
}
