// What a model's reply means in the progressive-exposure loop (spec/harness.md §7.4).
import { pyRepr } from '../../../core/py-string.js';
import { isRecord } from '../../../core/phase2/json-copy.js';

export type PlanningStep =
  | { kind: 'plan'; raw: unknown }
  | { kind: 'need_more'; newTargets: string[] }
  | { kind: 'loop' }
  | { kind: 'error'; message: string };

/**
 * `need_more` wins over `calls`. A request that adds no new target is a loop; a `need_more` that is not a
 * list uses up the call without adding anything. Anything else is an error naming the reply's keys.
 */
export function interpretPlanningReply(reply: unknown, alreadyRequested: readonly string[]): PlanningStep {
  if (isRecord(reply) && 'need_more' in reply) {
    const wanted = reply['need_more'];
    if (!Array.isArray(wanted)) return { kind: 'need_more', newTargets: [] };
    const known = new Set(alreadyRequested);
    const fresh: string[] = [];
    for (const item of wanted) {
      const t = typeof item === 'string' ? item : JSON.stringify(item);
      if (!known.has(t)) {
        known.add(t);
        fresh.push(t);
      }
    }
    return fresh.length === 0 ? { kind: 'loop' } : { kind: 'need_more', newTargets: fresh };
  }
  if (isRecord(reply) && 'calls' in reply) return { kind: 'plan', raw: reply };
  const keys = isRecord(reply) ? Object.keys(reply) : [];
  return { kind: 'error', message: `unexpected response keys: [${keys.map(pyRepr).join(', ')}]` };
}
