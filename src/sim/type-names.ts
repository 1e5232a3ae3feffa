// Type names the simulators report: normalized as Phase II compares them (core/phase2/type-string.ts).
import { TypeTagSerializer } from '@mysten/sui/bcs';
import { normalizeTypeString } from '../core/phase2/type-string.js';

/** Sorted, de-duplicated, normalized type names. */
export function typeNameSet(typeNames: Iterable<string>): string[] {
  const unique = new Set<string>();
  for (const typeName of typeNames) {
    if (typeName.trim() !== '') unique.add(normalizeTypeString(typeName));
  }
  return [...unique].sort();
}

/**
 * Whether `typeName` is a complete Move type tag. The SDK's parser stops quietly at the first token it
 * cannot use (`0x2::m::S<` parses as `0x2::m::S`), so the parse is rendered back and compared.
 */
export function isTypeTag(typeName: string): boolean {
  let rendered: string;
  try {
    rendered = TypeTagSerializer.tagToString(TypeTagSerializer.parseFromStr(typeName, true));
  } catch {
    return false;
  }
  const squash = (text: string) => normalizeTypeString(text).replace(/\s+/g, '');
  return squash(rendered) === squash(typeName);
}
