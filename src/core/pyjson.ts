// A JSON writer that reproduces Python's json.dumps byte for byte (ensure_ascii, sort_keys, indent).
import { PyFloat, pyFloatRepr } from './py-float.js';
import { compareCodePoints } from './py-string.js';

export { PyFloat, pyFloat, pyFloatRepr } from './py-float.js';

export interface PyDumpsOptions {
  /** Python `indent`: pretty-print with this many spaces per level. */
  indent?: number;
  sortKeys?: boolean;
  /** [item, key] separators; Python's default is [', ', ': '], or [',', ': '] with an indent. */
  separators?: [string, string];
}

const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/**
 * A JSON string literal with Python's ensure_ascii escaping: everything outside U+0020..U+007E is written
 * as \uXXXX with lowercase hex (astral characters as their UTF-16 surrogates). DEL (U+007F) is escaped
 * too, as CPython does, even though the spec's summary says otherwise.
 */
export function pyJsonString(s: string): string {
  let out = '"';
  let runStart = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e && c !== 0x22 && c !== 0x5c) continue;
    out += s.slice(runStart, i);
    out += SHORT_ESCAPES[s[i] as string] ?? '\\u' + c.toString(16).padStart(4, '0');
    runStart = i + 1;
  }
  return out + s.slice(runStart) + '"';
}

function numberText(x: number): string {
  // Plain JS numbers that are integral are Python ints: print every digit, never an exponent.
  if (Number.isInteger(x)) return BigInt(x).toString();
  return pyFloatRepr(x);
}

/**
 * Python `json.dumps`. Values: null, booleans, strings, numbers (integral → int, otherwise float repr),
 * bigint (int), PyFloat (float repr), arrays and plain objects. Object properties that are `undefined`
 * are left out, as JSON.stringify does; anything else unserializable throws a TypeError.
 */
export function pyDumps(value: unknown, options: PyDumpsOptions = {}): string {
  const { indent, sortKeys = false } = options;
  const pretty = indent !== undefined;
  const [itemSep, keySep] = options.separators ?? (pretty ? [',', ': '] : [', ', ': ']);
  const unit = pretty ? ' '.repeat(indent) : '';
  const parts: string[] = [];
  const active = new Set<object>();

  const write = (v: unknown, level: number): void => {
    if (v === null || v === undefined) parts.push('null');
    else if (v === true) parts.push('true');
    else if (v === false) parts.push('false');
    else if (typeof v === 'string') parts.push(pyJsonString(v));
    else if (typeof v === 'number') parts.push(numberText(v));
    else if (typeof v === 'bigint') parts.push(v.toString());
    else if (v instanceof PyFloat) parts.push(pyFloatRepr(v.value));
    else if (Array.isArray(v)) writeContainer(v, level, '[', ']', v, (item, lvl) => write(item, lvl));
    else if (typeof v === 'object' && isPlainRecord(v)) {
      const entries = Object.entries(v).filter(([, x]) => x !== undefined);
      if (sortKeys) entries.sort((a, b) => compareCodePoints(a[0], b[0]));
      writeContainer(v, level, '{', '}', entries, ([k, x], lvl) => {
        parts.push(pyJsonString(k), keySep);
        write(x, lvl);
      });
    } else throw new TypeError(`Object of type ${describe(v)} is not JSON serializable`);
  };

  function writeContainer<T>(
    owner: object,
    level: number,
    open: string,
    close: string,
    items: T[],
    writeItem: (item: T, level: number) => void,
  ): void {
    if (items.length === 0) {
      parts.push(open + close);
      return;
    }
    if (active.has(owner)) throw new TypeError('Circular reference detected');
    active.add(owner);
    const inner = pretty ? '\n' + unit.repeat(level + 1) : '';
    parts.push(open + inner);
    items.forEach((item, i) => {
      if (i > 0) parts.push(itemSep + inner);
      writeItem(item, level + 1);
    });
    parts.push((pretty ? '\n' + unit.repeat(level) : '') + close);
    active.delete(owner);
  }

  write(value, 0);
  return parts.join('');
}

function isPlainRecord(v: object): v is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function describe(v: unknown): string {
  if (typeof v === 'object' && v !== null) return v.constructor?.name ?? 'object';
  return typeof v;
}
