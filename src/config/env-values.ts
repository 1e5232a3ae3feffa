// Lenient parsing of environment values, matching how the upstream harness reads its settings:
// an unparsable value falls back to a default instead of failing, then the result is clamped.

export type EnvSource = Record<string, string | undefined>;

const DECIMAL_FLOAT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const SPECIAL_FLOAT = /^[+-]?(inf|infinity|nan)$/i;
const DECIMAL_INT = /^[+-]?\d+$/;

/** Parses like Python's `float()` (surrounding spaces allowed, `inf` accepted); null when invalid or NaN. */
export function parseFloatLoose(raw: string): number | null {
  const text = raw.trim();
  if (DECIMAL_FLOAT.test(text)) return Number(text);
  if (SPECIAL_FLOAT.test(text)) {
    const lower = text.toLowerCase();
    if (lower.endsWith('nan')) return null; // NaN cannot be clamped meaningfully: treat as invalid
    return lower.startsWith('-') ? -Infinity : Infinity;
  }
  return null;
}

/** Parses like Python's `int()` on a string (surrounding spaces allowed, no decimals); null when invalid. */
export function parseIntLoose(raw: string): number | null {
  const text = raw.trim();
  if (!DECIMAL_INT.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : value > 0 ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

const TRUE_WORDS = new Set(['1', 'true', 't', 'yes', 'y', 'on']);
const FALSE_WORDS = new Set(['0', 'false', 'f', 'no', 'n', 'off']);

/** Strict boolean parse; null when the text is not a recognised word. */
export function parseBoolWord(raw: string): boolean | null {
  const word = raw.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}

/** A variable counts as set only when it is non-empty. */
export function isSet(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}
