// Type strings as Phase II compares them (spec/harness.md §14 `normalize_type_string`): every `0x…`
// address padded to 64 lowercase hex digits, nothing else touched. Kept local to the simulators until
// the Phase II core's own normaliser lands; both follow the same rule.
import { TypeTagSerializer } from '@mysten/sui/bcs';

const ADDRESS_IN_TYPE = /0x[0-9a-fA-F]{1,64}/g;

/** `0x2::coin::Coin<0x2::sui::SUI>` → the same with both addresses written out in full. */
export function normalizeTypeName(typeName: string): string {
  return typeName
    .trim()
    .replace(ADDRESS_IN_TYPE, (match) => '0x' + match.slice(2).toLowerCase().padStart(64, '0'));
}

/** Sorted, de-duplicated, normalized type names. */
export function typeNameSet(typeNames: Iterable<string>): string[] {
  const unique = new Set<string>();
  for (const typeName of typeNames) {
    if (typeName.trim() !== '') unique.add(normalizeTypeName(typeName));
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
  const squash = (text: string) => normalizeTypeName(text).replace(/\s+/g, '');
  return squash(rendered) === squash(typeName);
}
