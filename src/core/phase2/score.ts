// Phase II score (spec/harness.md §14): base types created vs. the package's key types.
import { canonicalBaseType, normalizeTypeString } from './type-string.js';

export interface InhabitationScore {
  targets: number;
  created_distinct: number;
  created_hits: number;
  missing: number;
}

/** Type arguments are ignored and addresses canonicalized, so `Coin<SUI>` hits target `Coin<T>`. */
export function scoreInhabitation(truth: readonly string[], created: readonly string[]): InhabitationScore {
  const base = (t: string) => canonicalBaseType(normalizeTypeString(t));
  const targets = new Set(truth.map(base));
  const made = new Set(created.map(base));
  let hits = 0;
  for (const t of targets) if (made.has(t)) hits++;
  return {
    targets: targets.size,
    created_distinct: made.size,
    created_hits: hits,
    missing: targets.size - hits,
  };
}
