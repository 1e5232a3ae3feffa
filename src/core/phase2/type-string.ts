// Type strings as Phase II compares them (spec/harness.md §14, §10.1). Pure: used by workflow code.
import { pyStrip } from '../py-string.js';
import { normalizeAddress } from './upstream-address.js';

const ADDRESS_IN_TYPE = /0x[0-9a-fA-F]{1,64}/g;
const TYPE_ARG_SEPARATOR = /\s*,\s*/g;

/**
 * Every `0x…` run (up to 64 hex digits, lowercase `0x` only) written out in full, and type arguments
 * separated as Sui prints them, by a comma and one space (`<A,B>` and `<A , B>` become `<A, B>`);
 * idempotent. Upstream only padded the addresses, so a type with two arguments had two spellings
 * (Sui's `A, B`, a VM's canonical `A,B`) that did not compare equal; a row stored that way still does.
 */
export function normalizeTypeString(t: string): string {
  return pyStrip(t)
    .replace(ADDRESS_IN_TYPE, (m) => normalizeAddress(m))
    .replace(TYPE_ARG_SEPARATOR, ', ');
}

/** `addr::module::Name` without type arguments, the unit Phase II scores on. */
export function canonicalBaseType(t: string): string {
  const s = normalizeTypeString(t);
  const lt = s.indexOf('<');
  const base = lt >= 0 ? s.slice(0, lt) : s;
  const parts = base.split('::');
  if (parts.length < 3) return base;
  return `${normalizeAddress(parts[0]!)}::${parts[1]!}::${parts[2]!}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const PRIMITIVES = new Set(['bool', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'address', 'signer']);

/** An interface JSON type as Move source text (upstream `json_type_to_string`); type params are `unknown`. */
export function jsonTypeToString(t: unknown): string {
  if (!isRecord(t)) return 'unknown';
  const kind = t['kind'];
  if (typeof kind === 'string' && PRIMITIVES.has(kind)) return kind;
  if (kind === 'vector') return isRecord(t['type']) ? `vector<${jsonTypeToString(t['type'])}>` : 'vector';
  if (kind === 'datatype') {
    const name = `${str(t['address'], '0x0')}::${str(t['module'], '?')}::${str(t['name'], '?')}`;
    const args = Array.isArray(t['type_args']) ? t['type_args'].filter(isRecord) : [];
    return args.length > 0 ? `${name}<${args.map(jsonTypeToString).join(', ')}>` : name;
  }
  if (kind === 'ref') {
    const prefix = t['mutable'] === true ? '&mut ' : '&';
    return prefix + (isRecord(t['to']) ? jsonTypeToString(t['to']) : 'unknown');
  }
  return 'unknown';
}

function str(v: unknown, fallback: string): string {
  return typeof v === 'string' ? v : fallback;
}
