// `--plan-file` (spec/harness.md §3.4): a JSON object mapping package ids to PTB plans. One parser for the
// CLI, which refuses a bad file before a run starts, and for the activity that reads a package's plan.
import { packageIdKey } from '../../../core/ids-file.js';
import { FailureType } from '../../../contracts/failure-types.js';

/** A plan file that is not a JSON object of plans: nothing a retry could fix. */
export class PlanFileError extends Error {
  override readonly name = 'PlanFileError';
  /** No retry fixes a bad plan file: an activity that throws this fails for good, with this type. */
  readonly permanentFailureType = FailureType.InvalidPlanFile;
}

const isPlanObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function describeJson(json: unknown): string {
  if (json === null) return 'null';
  return Array.isArray(json) ? 'an array' : `a ${typeof json}`;
}

/**
 * The plans of a plan file's text by `packageIdKey` of their ids: `0x2` and `0x00…02` name the same package
 * (upstream looks ids up verbatim, so a short id never matched).
 * Entries whose value is not an object are dropped, as upstream. Text that is not a JSON object is an
 * error with upstream's message, plus why (upstream says only the first part).
 */
export function parsePlanFile(text: string, path: string): Map<string, unknown> {
  const refuse = (why: string) =>
    new PlanFileError(`--plan-file must be a JSON object mapping package_id -> PTB spec: ${path} (${why})`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw refuse(`not JSON: ${(err as Error).message.replace(/\s+/g, ' ')}`);
  }
  if (!isPlanObject(json)) throw refuse(`it holds ${describeJson(json)}`);
  return new Map(
    Object.entries(json)
      .filter(([, plan]) => isPlanObject(plan))
      .map(([id, plan]) => [packageIdKey(id), plan]),
  );
}
