// PTB plan normalization (spec/harness.md §11): every correction upstream makes to a model's plan, with
// the same correction strings, except that u128/u256 values are kept exact instead of clamped to 2^63−1.
import { coercePyInt, parsePyIntText } from './py-int.js';
import { copyJson, isRecord } from './json-copy.js';
import type { PtbSpec } from './ptb-spec.js';
import { addMissingHexPrefix } from './upstream-address.js';

export interface NormalizedPlan {
  /**
   * The corrected plan. For input that is not an object this is the input itself (copied), so that
   * `validatePlanSchema` reports it; nothing here throws.
   */
  spec: PtbSpec;
  /** `call[i].args[j]: <kind>` strings, in order. */
  corrections: string[];
  /** Counts per correction kind (the text after the first `": "`), as upstream's histogram. */
  counts: Record<string, number>;
}

const INT_KINDS = new Set(['u8', 'u16', 'u32', 'u64', 'u128', 'u256']);
const RENAMES: Record<string, [string, string]> = {
  object: ['imm_or_owned_object', 'arg_kind_object_to_imm_or_owned'],
  object_id: ['imm_or_owned_object', 'arg_kind_object_id_to_imm_or_owned'],
};
const PLACEHOLDER_KEY = '$smi_placeholder';
const PLACEHOLDER_CORRECTION = 'placeholder: $smi_placeholder -> imm_or_owned_object(0x0)';

/** The correction kind a correction string counts under. */
export function correctionKind(correction: string): string {
  const i = correction.indexOf(': ');
  return i >= 0 ? correction.slice(i + 2) : correction;
}

export function normalizePtbSpec(raw: unknown): NormalizedPlan {
  const corrections: string[] = [];
  const spec: unknown = copyJson(raw);
  if (isRecord(spec) && Array.isArray(spec['calls'])) {
    const calls = spec['calls'].map((call, i) => normalizeCall(call, i, corrections));
    spec['calls'] = calls;
    for (const call of calls) {
      if (!isRecord(call) || !Array.isArray(call['args'])) continue;
      call['args'] = call['args'].map((arg) => {
        if (!isRecord(arg) || !(PLACEHOLDER_KEY in arg)) return arg;
        corrections.push(PLACEHOLDER_CORRECTION);
        return { imm_or_owned_object: '0x0' };
      });
    }
  }
  const counts: Record<string, number> = {};
  for (const c of corrections) {
    const kind = c === PLACEHOLDER_CORRECTION ? 'placeholder' : correctionKind(c);
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return { spec: spec as PtbSpec, corrections, counts };
}

function normalizeCall(call: unknown, i: number, corrections: string[]): unknown {
  if (!isRecord(call)) return call;
  // smi_tx_sim reads missing type_args / args as empty lists; saying so here keeps PtbSpec honest.
  const out: Record<string, unknown> = { type_args: [], args: [], ...call };
  if (Array.isArray(call['args']))
    out['args'] = call['args'].map((arg, j) =>
      isRecord(arg) ? normalizeArg(arg, `call[${i}].args[${j}]`, corrections) : arg,
    );
  return out;
}

function normalizeArg(
  arg: Record<string, unknown>,
  where: string,
  corrections: string[],
): Record<string, unknown> {
  const note = (kind: string) => corrections.push(`${where}: ${kind}`);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(arg)) {
    let newKey = key;
    const rename = RENAMES[key];
    if (rename) {
      newKey = rename[0];
      note(rename[1]);
    }
    out[newKey] = fixValue(key, newKey, value, where, note, corrections);
  }
  return out;
}

function fixValue(
  key: string,
  newKey: string,
  value: unknown,
  where: string,
  note: (kind: string) => void,
  corrections: string[],
): unknown {
  if (key === 'result' && typeof value === 'string') {
    const n = parsePyIntText(value);
    if (n === null) return value;
    note('result_ref_string_to_int');
    return n;
  }
  if (key === 'nested_result' && Array.isArray(value)) {
    let changed = false;
    const fixed = value.map((x) => {
      const n = typeof x === 'string' ? parsePyIntText(x) : null;
      if (n === null) return x;
      changed = true;
      return n;
    });
    if (changed) note('nested_result_string_to_int');
    return fixed;
  }
  if (INT_KINDS.has(key)) {
    const { value: fixed, fromString } = coercePyInt(value);
    if (fromString) note('integer_string_to_int');
    return fixed;
  }
  if (key.startsWith('vector_') && INT_KINDS.has(key.slice(7)) && Array.isArray(value)) {
    let fromString = false;
    const fixed = value.map((x) => {
      const c = coercePyInt(x);
      fromString ||= c.fromString;
      return c.value;
    });
    if (fromString) note('integer_string_to_int');
    return fixed;
  }
  if ((newKey === 'imm_or_owned_object' || key === 'address') && typeof value === 'string')
    return addMissingHexPrefix(value, note);
  if (key === 'shared_object' && isRecord(value)) {
    const inner = (kind: string) => corrections.push(`${where}.shared_object: ${kind}`);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'id' && typeof v === 'string') out[k] = addMissingHexPrefix(v, inner);
      else if (k === 'mutable') {
        const b = pyBool(v);
        if (!pyEqualsBool(v, b)) inner('boolean_string_to_bool');
        out[k] = b;
      } else out[k] = v;
    }
    return out;
  }
  return value;
}

/** Upstream `safe_bool(v, default=v)`: null stays null; strings true/1/yes; otherwise Python truthiness. */
function pyBool(v: unknown): unknown {
  if (v === null || typeof v === 'boolean') return v;
  if (typeof v === 'string') return ['true', '1', 'yes'].includes(v.toLowerCase());
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (Array.isArray(v)) return v.length > 0;
  if (isRecord(v)) return Object.keys(v).length > 0;
  return Boolean(v);
}

/** Python `v == b` where b is the coerced value: 1 == True and 0 == False, so those are silent. */
function pyEqualsBool(v: unknown, b: unknown): boolean {
  if (v === b) return true;
  return typeof v === 'number' && typeof b === 'boolean' && v === (b ? 1 : 0);
}
