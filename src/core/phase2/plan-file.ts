// `--plan-file` (spec/harness.md §3.4): a JSON object mapping package ids to PTB plans.
import { z } from 'zod';

const PlanFile = z.record(z.string(), z.unknown(), {
  error: '--plan-file must be a JSON object mapping package_id -> PTB spec',
});

const isPlanObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The plans by package id, exactly as written (upstream looks ids up verbatim). Entries whose value is
 * not an object are dropped, as upstream; a file that is not an object is an error.
 */
export function parsePlanFile(json: unknown): Map<string, unknown> {
  const parsed = PlanFile.safeParse(json);
  if (!parsed.success || !isPlanObject(json))
    throw new Error('--plan-file must be a JSON object mapping package_id -> PTB spec');
  return new Map(Object.entries(parsed.data).filter(([, plan]) => isPlanObject(plan)));
}
