// Turns the errors our modules throw into Temporal failures with stable type names, so workflows and
// retry policies can tell permanent problems (bad package, bad key) from passing ones.
import { CorpusInputError } from '../corpus-report/corpus-job.js';
import { ApplicationFailure } from '@temporalio/common';
import { ModelError, toModelFailureInfo } from '../agents/model-errors.js';
import { ConfigError } from '../agents/config.js';
import { PackageReadError } from '../move/errors.js';
import { withHeartbeat } from './heartbeat.js';
import { FailureType } from '../contracts/failure-types.js';

/** Errors that no retry can fix, by the failure type they become. */
const PERMANENT: [new (...args: never[]) => Error, FailureType][] = [
  [PackageReadError, FailureType.InvalidPackage],
  [CorpusInputError, FailureType.InvalidCorpusInput],
  [ConfigError, FailureType.InvalidConfig],
];

/**
 * An error a benchmark's own module throws for input no retry can fix (Phase II's plan file) carries its
 * failure type, so this room need not know the benchmark's error classes.
 */
function ownPermanentType(err: unknown): FailureType | null {
  const type = err instanceof Error ? (err as { permanentFailureType?: unknown }).permanentFailureType : null;
  return typeof type === 'string' && Object.values<string>(FailureType).includes(type)
    ? (type as FailureType)
    : null;
}

export function toFailure(err: unknown): unknown {
  if (err instanceof ApplicationFailure) return err;
  const type = PERMANENT.find(([kind]) => err instanceof kind)?.[1] ?? ownPermanentType(err);
  if (type) return ApplicationFailure.create({ type, message: (err as Error).message, nonRetryable: true });
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
