// Python's int() on the values a model writes into integer arguments (spec/harness.md §11 step B.3).
// Integers are exact: beyond 2^53 they are kept as decimal strings, never rounded or clamped.

/** A decimal integer text Python's int() accepts: surrounding whitespace, a sign, `_` between digits. */
const PY_INT_TEXT = /^\s*([+-]?)(\d+(?:_\d+)*)\s*$/;

/** An exact integer: a JS number when safe, else its decimal string. */
export type ExactInt = number | string;

function exact(n: bigint): ExactInt {
  const abs = n < 0n ? -n : n;
  return abs <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString();
}

/** `int(text)` for a str, or null where Python raises. */
export function parsePyIntText(text: string): ExactInt | null {
  const m = PY_INT_TEXT.exec(text);
  if (!m) return null;
  const n = BigInt(m[2]!.replaceAll('_', ''));
  return exact(m[1] === '-' ? -n : n);
}

/**
 * Upstream `safe_parse_int(value, default=value)` without its ±(2^63−1) clamp: strings as int(),
 * floats truncated, booleans 0/1, anything else unchanged. `fromString` tells whether a string became
 * an integer (the only case upstream records a correction).
 */
export function coercePyInt(value: unknown): { value: unknown; fromString: boolean } {
  if (typeof value === 'string') {
    const n = parsePyIntText(value);
    return n === null ? { value, fromString: false } : { value: n, fromString: true };
  }
  if (typeof value === 'boolean') return { value: value ? 1 : 0, fromString: false };
  if (typeof value === 'number' && Number.isFinite(value) && !Number.isInteger(value))
    return { value: Math.trunc(value), fromString: false };
  return { value, fromString: false };
}
