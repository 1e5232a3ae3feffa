// PTB plan checks (spec/harness.md §12, §9.1): causality of result references (upstream's validator,
// run on the raw plan) and the schema a normalized plan must follow before it is simulated.
import { isRecord } from '../../../core/phase2/json-copy.js';
import type { PtbSpec } from '../../../core/phase2/ptb-spec.js';

export interface CausalityResult {
  valid: boolean;
  /** Valid result references / all result references; 1.0 without any. */
  score: number;
  errors: string[];
}

/** Python's type name for a JSON value, as upstream's messages print it. */
function pyTypeName(v: unknown): string {
  if (v === null || v === undefined) return 'NoneType';
  if (typeof v === 'string') return 'str';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  if (typeof v === 'boolean') return 'bool';
  return Array.isArray(v) ? 'list' : 'dict';
}

/** Upstream `validate_ptb_causality_detailed`; booleans count as ints, as in Python. */
export function validateCausality(raw: unknown): CausalityResult {
  if (!isRecord(raw)) return { valid: false, score: 1.0, errors: ['PTB spec must be a dictionary'] };
  const calls = raw['calls'];
  if (!Array.isArray(calls))
    return { valid: false, score: 1.0, errors: ["PTB spec must contain a 'calls' list"] };
  const errors: string[] = [];
  let total = 0;
  let validRefs = 0;
  const check = (v: unknown, i: number, j: number, nested: boolean) => {
    total++;
    const n = typeof v === 'boolean' ? Number(v) : v;
    const label = nested ? 'Nested result index' : 'Result index';
    if (typeof n !== 'number' || !Number.isInteger(n))
      errors.push(`${label} in call ${i}, arg ${j} must be an integer (got ${pyTypeName(v)})`);
    else if (n < 0) errors.push(`${label} in call ${i}, arg ${j} cannot be negative (got ${n})`);
    else if (n >= i)
      errors.push(
        `Causality violation in call ${i}: ${nested ? 'nested_result references' : 'references'} result ${n} which hasn't been produced yet`,
      );
    else validRefs++;
  };
  calls.forEach((call, i) => {
    if (!isRecord(call)) {
      errors.push(`Call at index ${i} must be a dictionary`);
      return;
    }
    const args = call['args'];
    if (!Array.isArray(args)) return;
    args.forEach((arg, j) => {
      if (!isRecord(arg)) {
        errors.push(`Argument ${j} in call ${i} must be a dictionary`);
        return;
      }
      if ('result' in arg) check(arg['result'], i, j, false);
      const nested = arg['nested_result'];
      if (Array.isArray(nested) && nested.length >= 1) check(nested[0], i, j, true);
    });
  });
  return { valid: errors.length === 0, score: total === 0 ? 1.0 : validRefs / total, errors };
}

const TARGET = /^0x[0-9a-fA-F]{1,64}::[A-Za-z_][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_]*$/;
const ADDRESS = /^(0x)?[0-9a-fA-F]{1,64}$/;
const HEX_BYTES = /^(0x)?([0-9a-fA-F]{2})*$/;
const INT_BITS: Record<string, number> = { u8: 8, u16: 16, u32: 32, u64: 64, u128: 128, u256: 256 };

/** An unsigned integer of `bits` bits: a JSON integer or an exact decimal string. */
function isUint(v: unknown, bits: number): boolean {
  let n: bigint;
  if (typeof v === 'number' && Number.isSafeInteger(v)) n = BigInt(v);
  else if (typeof v === 'string' && /^\d+$/.test(v)) n = BigInt(v);
  else return false;
  return n >= 0n && n < 1n << BigInt(bits);
}

const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isAddress = (v: unknown) => typeof v === 'string' && ADDRESS.test(v);

/** Why one argument of call `i` breaks the schema, or null. */
function argProblem(arg: unknown, i: number): string | null {
  if (!isRecord(arg)) return 'must be an object';
  const keys = Object.keys(arg);
  if (keys.length !== 1) return `must have exactly one key (got ${keys.length})`;
  const kind = keys[0]!;
  const v = arg[kind];
  const bits = INT_BITS[kind];
  if (bits !== undefined) return isUint(v, bits) ? null : `${kind} must be an integer in 0..2^${bits}-1`;
  const vectorBits = kind.startsWith('vector_') ? INT_BITS[kind.slice(7)] : undefined;
  if (vectorBits !== undefined && kind !== 'vector_u8' && kind !== 'vector_u128' && kind !== 'vector_u256')
    return Array.isArray(v) && v.every((x) => isUint(x, vectorBits))
      ? null
      : `${kind} must be a list of integers in 0..2^${vectorBits}-1`;
  switch (kind) {
    case 'bool':
      return typeof v === 'boolean' ? null : 'bool must be true or false';
    case 'address':
    case 'imm_or_owned_object':
      return isAddress(v) ? null : `${kind} must be a hex address`;
    case 'vector_u8_utf8':
      return typeof v === 'string' ? null : 'vector_u8_utf8 must be a string';
    case 'vector_u8_hex':
      return typeof v === 'string' && HEX_BYTES.test(v) ? null : 'vector_u8_hex must be hex bytes';
    case 'vector_address':
      return Array.isArray(v) && v.every(isAddress) ? null : 'vector_address must be a list of addresses';
    case 'vector_bool':
      return Array.isArray(v) && v.every((x) => typeof x === 'boolean')
        ? null
        : 'vector_bool must be a list of booleans';
    case 'shared_object':
      return isRecord(v) && isAddress(v['id']) && typeof v['mutable'] === 'boolean'
        ? null
        : 'shared_object must be {"id": <address>, "mutable": <bool>}';
    case 'sender_sui_coin':
      return isRecord(v) &&
        (v['index'] === undefined || isIndex(v['index'])) &&
        (v['exclude_gas'] === undefined || typeof v['exclude_gas'] === 'boolean')
        ? null
        : 'sender_sui_coin must be {"index"?: <n>, "exclude_gas"?: <bool>}';
    case 'gas_coin':
      return null;
    case 'result':
      return isIndex(v) && v < i ? null : `result must be the index of an earlier call (< ${i})`;
    case 'nested_result':
      return Array.isArray(v) && v.length === 2 && isIndex(v[0]) && v[0] < i && isIndex(v[1])
        ? null
        : `nested_result must be [<earlier call index < ${i}>, <result index>]`;
    case '$smi_placeholder':
      return 'unresolved $smi_placeholder';
    default:
      return `unsupported argument kind ${JSON.stringify(kind)}`;
  }
}

/** Whether a normalized plan can be handed to a simulator, and every reason it cannot. */
export function validatePlanSchema(spec: PtbSpec): { valid: boolean; errors: string[] } {
  const raw: unknown = spec;
  if (!isRecord(raw)) return { valid: false, errors: ['the plan must be a JSON object'] };
  if (!Array.isArray(raw['calls'])) return { valid: false, errors: ['the plan must have a "calls" list'] };
  const errors: string[] = [];
  raw['calls'].forEach((call: unknown, i: number) => {
    if (!isRecord(call)) {
      errors.push(`call[${i}] must be an object`);
      return;
    }
    const target = call['target'];
    if (typeof target !== 'string' || !TARGET.test(target))
      errors.push(`call[${i}].target must be "0xADDR::module::function"`);
    const typeArgs = call['type_args'];
    if (!Array.isArray(typeArgs) || !typeArgs.every((t) => typeof t === 'string' && t.trim() !== ''))
      errors.push(`call[${i}].type_args must be a list of type strings`);
    const args = call['args'];
    if (!Array.isArray(args)) {
      errors.push(`call[${i}].args must be a list`);
      return;
    }
    args.forEach((arg: unknown, j: number) => {
      const problem = argProblem(arg, i);
      if (problem) errors.push(`call[${i}].args[${j}]: ${problem}`);
    });
  });
  return { valid: errors.length === 0, errors };
}
