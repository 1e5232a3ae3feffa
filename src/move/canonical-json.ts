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

/**
 * `value` with every object, at any depth, having its keys in UTF-8 byte order. Parts already in order are
 * returned as they are, not copied (an extracted interface is 99% in order: copying it all was most of the
 * cost); so the result may share objects with `value`, and neither may be modified afterwards.
 */
export function sortKeysDeep(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const sorted = sortKeysDeep(item);
      if (sorted !== item) (copy ??= value.slice())[i] = sorted;
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  let inOrder = true;
  for (let i = 1; i < keys.length && inOrder; i++) inOrder = compareUtf8(keys[i - 1]!, keys[i]!) < 0;
  const children = new Map<string, unknown>();
  for (const key of keys) {
    const sorted = sortKeysDeep(record[key]);
    if (sorted !== record[key]) children.set(key, sorted);
  }
  if (inOrder && children.size === 0) return value;
  const result: Record<string, unknown> = {};
  for (const key of inOrder ? keys : keys.sort(compareUtf8)) {
    result[key] = children.has(key) ? children.get(key) : record[key];
  }
  return result;
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
