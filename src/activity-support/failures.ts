// Turns the errors our modules throw into Temporal failures with stable type names, so workflows and
// retry policies can tell permanent problems (bad package, bad key) from passing ones.
import { CorpusInputError } from '../corpus-report/corpus-job.js';
import { ApplicationFailure } from '@temporalio/common';
import { ModelError, toModelFailureInfo } from '../agents/model-errors.js';
import { ConfigError } from '../agents/config.js';
import { PlanFileError } from '../benchmarks/phase2/workflow/plan-file.js';
import { PackageReadError } from '../move/errors.js';
import { withHeartbeat } from './heartbeat.js';
import { FailureType } from '../contracts/failure-types.js';

/** Errors that no retry can fix, by the failure type they become. */
const PERMANENT: [new (...args: never[]) => Error, FailureType][] = [
  [PackageReadError, FailureType.InvalidPackage],
  [PlanFileError, FailureType.InvalidPlanFile],
  [CorpusInputError, FailureType.InvalidCorpusInput],
  [ConfigError, FailureType.InvalidConfig],
];

export function toFailure(err: unknown): unknown {
  if (err instanceof ApplicationFailure) return err;
  const permanent = PERMANENT.find(([kind]) => err instanceof kind);
  if (permanent)
    return ApplicationFailure.create({
      type: permanent[1],
      message: (err as Error).message,
      nonRetryable: true,
    });
  if (err instanceof ModelError) {
    const info = toModelFailureInfo(err);
    return ApplicationFailure.create({
      type: info.type,
      message: info.message,
      nonRetryable: info.nonRetryable,
      // A zero delay ("Retry-After: 0") made Temporal give up on the activity instead of retrying it.
      nextRetryDelay: info.nextRetryDelayMs === null ? undefined : Math.max(1, info.nextRetryDelayMs),
      details: [info.details],
    });
  }
  return err;
}

/** Runs an activity's work: heartbeating while it runs, and rethrowing errors as typed Temporal failures. */
export async function asActivity<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await withHeartbeat(fn);
  } catch (err) {
    throw toFailure(err);
  }
}
