// Python string semantics that the upstream harness relies on (strip, splitlines, ordering, repr).
// Pure: used by workflow code.

// Characters for which Python's str.isspace() is true; str.strip() removes exactly these.
const PY_WHITESPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002,
  0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

export function isPyWhitespace(codeUnit: number): boolean {
  return PY_WHITESPACE.has(codeUnit);
}

/** Python `s.strip()`. Differs from `String.prototype.trim` on U+FEFF, U+001C..U+001F and U+0085. */
export function pyStrip(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && PY_WHITESPACE.has(s.charCodeAt(start))) start++;
  while (end > start && PY_WHITESPACE.has(s.charCodeAt(end - 1))) end--;
  return s.slice(start, end);
}

// Line boundaries recognised by Python's str.splitlines(); "\r\n" counts as one boundary.
const LINE_BREAKS = new Set([0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029]);

/** Python `s.splitlines()`: no trailing empty element, no line-ending characters kept. */
export function pySplitlines(s: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!LINE_BREAKS.has(c)) continue;
    lines.push(s.slice(start, i));
    if (c === 0x0d && s.charCodeAt(i + 1) === 0x0a) i++;
    start = i + 1;
  }
  if (start < s.length) lines.push(s.slice(start));
  return lines;
}

// Maps a UTF-16 code unit so that comparing mapped units orders strings by code point:
// surrogates (astral characters) must sort after U+E000..U+FFFF.
function codePointOrderKey(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}

/** Compares strings by Unicode code point, like Python's `<` on str (JS `<` compares UTF-16 units). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointOrderKey(x) - codePointOrderKey(y);
  }
  return a.length - b.length;
}

/** A sorted copy, in Python's `sorted()` order for strings. */
export function sortedByCodePoint(items: Iterable<string>): string[] {
  return [...items].sort(compareCodePoints);
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

// Python's str.isprintable() is false for the Unicode "Other" and "Separator" categories, except space.
const NON_PRINTABLE = /^[\p{C}\p{Z}]$/u;

/** Python `repr(s)` for a str: CPython's quote choice and escapes (\xhh, \uhhhh, \Uhhhhhhhh). */
export function pyRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    if (ch === quote || ch === '\\') out += '\\' + ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === ' ' || !NON_PRINTABLE.test(ch)) out += ch;
    else if (cp < 0x100) out += '\\x' + hex(cp, 2);
    else if (cp < 0x10000) out += '\\u' + hex(cp, 4);
    else out += '\\U' + hex(cp, 8);
  }
  return out + quote;
}
