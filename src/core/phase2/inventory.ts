// The sender's objects as the planner sees them (spec/harness.md §8.2, §7.6.1).
import { sortedByCodePoint } from '../py-string.js';
import { copyJson, isRecord } from './json-copy.js';
import { normalizeTypeString } from './type-string.js';

/** One line per owned type, or a single line when there is nothing to offer. */
export function inventorySummary(inventory: Record<string, string[]>): string {
  const types = sortedByCodePoint(Object.keys(inventory));
  if (types.length === 0) return 'The sender owns no objects that we could list.';
  return [
    'Objects the sender owns, by type:',
    ...types.map((t) => `- ${t}: ${inventory[t]!.length} objects available`),
  ].join('\n');
}

/** A placeholder no object was found for: where it is in the plan, and the type it asked for. */
export interface UnresolvedPlaceholder {
  /** 0-based call index. */
  call: number;
  /** The call's target, as the plan writes it. */
  target: string;
  /** 0-based argument index. */
  arg: number;
  /** The type the placeholder names. */
  type: string;
}

/**
 * A copy of the plan with every `{"$smi_placeholder": T}` argument replaced by the sender's first object
 * of type T (exact match after normalization), or by `0x0` when there is none (`resolved` is then false,
 * and `unresolved` says where).
 */
export function resolvePlaceholders(
  raw: unknown,
  inventory: Record<string, string[]>,
): { spec: unknown; resolved: boolean; unresolved: UnresolvedPlaceholder[] } {
  const spec = copyJson(raw);
  const unresolved: UnresolvedPlaceholder[] = [];
  if (!isRecord(spec) || !Array.isArray(spec['calls'])) return { spec, resolved: true, unresolved };
  spec['calls'].forEach((call: unknown, callIndex: number) => {
    if (!isRecord(call) || !Array.isArray(call['args'])) return;
    call['args'] = call['args'].map((arg: unknown, argIndex: number) => {
      if (!isRecord(arg)) return arg;
      const wanted = arg['$smi_placeholder'];
      if (!wanted) return arg; // Python truthiness: missing, empty or false means no placeholder
      const candidates = typeof wanted === 'string' ? inventory[normalizeTypeString(wanted)] : undefined;
      if (candidates && candidates.length > 0) return { imm_or_owned_object: candidates[0] };
      unresolved.push({
        call: callIndex,
        target: typeof call['target'] === 'string' ? call['target'] : '?',
        arg: argIndex,
        type: typeof wanted === 'string' ? wanted : JSON.stringify(wanted),
      });
      return { imm_or_owned_object: '0x0' };
    });
  });
  return { spec, resolved: unresolved.length === 0, unresolved };
}
