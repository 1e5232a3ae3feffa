// Byte-compatible printing of interface JSON: the upstream extractor sorts every object's keys by
// their UTF-8 bytes (Rust `String` order) and pretty-prints with two spaces and a final newline.

/**
 * Orders strings by their UTF-8 bytes, which is code point order. Plain `<` compares UTF-16 code
 * units; the two only disagree for characters outside the BMP versus U+E000..U+FFFF.
 */
export function compareUtf8(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i++) {
    if (a.charCodeAt(i) !== b.charCodeAt(i)) {
      // Earlier units are equal, so both positions start (or continue) a character in step.
      return (a.codePointAt(i) ?? 0) < (b.codePointAt(i) ?? 0) ? -1 : 1;
    }
  }
  return a.length - b.length;
}

/** A copy of `value` in which every object, at any depth, has its keys in UTF-8 byte order. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort(compareUtf8)) {
    sorted[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
  }
  return sorted;
}

/**
 * The exact text the upstream extractor writes for `--emit-bytecode-json`.
 * Caveat: JavaScript always enumerates integer-like keys ("0", "12") first; Move identifiers
 * cannot start with a digit, so interface JSON never has such keys.
 */
export function formatInterfaceJson(value: unknown): string {
  return formatSortedJson(sortKeysDeep(value));
}

/** `formatInterfaceJson` of a value whose keys `sortKeysDeep` has already put in order. */
export function formatSortedJson(sorted: unknown): string {
  return JSON.stringify(sorted, null, 2) + '\n';
}
