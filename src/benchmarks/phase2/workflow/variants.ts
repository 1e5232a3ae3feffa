// Heuristic plan variants (spec/harness.md §8.3): the same plan with the sender's address and with
// other integer values, tried when the plan as given does not create everything.
import { canonicalJsonText, copyJson, isRecord } from '../../../core/phase2/json-copy.js';

const INT_KINDS = new Set(['u8', 'u16', 'u32', 'u64', 'u128', 'u256']);
const INT_VALUES = [0, 2, 10, 100];

/** Rewrites single-key args of each call in place; whether anything changed. */
function rewriteArgs(
  spec: unknown,
  rewrite: (kind: string, value: unknown) => { value: unknown } | null,
): boolean {
  if (!isRecord(spec) || !Array.isArray(spec['calls'])) return false;
  let changed = false;
  for (const call of spec['calls']) {
    if (!isRecord(call) || !Array.isArray(call['args'])) continue;
    for (const arg of call['args']) {
      if (!isRecord(arg)) continue;
      const keys = Object.keys(arg);
      if (keys.length !== 1) continue;
      const kind = keys[0]!;
      const next = rewrite(kind, arg[kind]);
      if (next === null) continue;
      arg[kind] = next.value;
      changed = true;
    }
  }
  return changed;
}

/**
 * `base`, then `addr_sender` (address args → sender) and `ints_0/2/10/100` (integer args → N), each
 * only when it changes something and differs from every earlier variant; the first `maxVariants`.
 * Works on the raw plan: integers still written as strings are left alone, as upstream.
 */
export function ptbVariants(
  raw: unknown,
  sender: string,
  maxVariants: number,
): { name: string; spec: unknown }[] {
  if (maxVariants <= 0) return [];
  const out: { name: string; spec: unknown }[] = [];
  const seen = new Set<string>();
  const add = (name: string, spec: unknown) => {
    const key = canonicalJsonText(spec);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ name, spec });
  };
  add('base', copyJson(raw));
  if (sender && sender !== '0x0') {
    const spec = copyJson(raw);
    const changed = rewriteArgs(spec, (kind, value) => {
      if (kind === 'address' && typeof value === 'string') return { value: sender };
      if (kind === 'vector_address' && Array.isArray(value)) return { value: value.map(() => sender) };
      return null;
    });
    if (changed) add('addr_sender', spec);
  }
  for (const n of INT_VALUES) {
    const spec = copyJson(raw);
    const changed = rewriteArgs(spec, (kind, value) => {
      if (!INT_KINDS.has(kind)) return null;
      // Python: bool is an int, so {"u8": true} is rewritten too.
      const isInt = typeof value === 'boolean' || (typeof value === 'number' && Number.isInteger(value));
      return isInt && value !== n ? { value: n } : null;
    });
    if (changed) add(`ints_${n}`, spec);
  }
  return out.slice(0, maxVariants);
}
