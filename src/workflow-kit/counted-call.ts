// One model call of a package, counted in the package's tally, and the two ways a package ends early that
// every package workflow shares: out of time, or a failure every later call would meet too.
import { patched } from '@temporalio/workflow';
import { countAnsweredCall, countFailedCall } from '../core/model-calls.js';
import type { ModelCallTally } from '../contracts/usage.js';
import { FailureType } from '../contracts/failure-types.js';
import { failureKind, failureMessage, isDeadlineFailure } from './model-failures.js';
import { PATCH } from './patches.js';

/** The package ran out of time (a row with timed_out, as upstream's TimeoutError). */
export class PackageTimeout extends Error {}

/** A problem that ends the package with an error row (upstream's RuntimeError). */
export class PackageFailure extends Error {}

/** Failures whose answer means the model did speak: its text was empty or held no usable JSON. */
const ANSWERED_FAILURES = new Set<string>([FailureType.ModelEmptyContent, FailureType.ModelMalformedOutput]);

/**
 * Failures of the endpoint or the configuration (key, model name, quota, request shape): every later call
 * of the package would meet them too, so they end the package at once with their message.
 */
const ENDPOINT_FAILURES = new Set<string>([
  FailureType.ModelAuthFailed,
  FailureType.ModelNotFound,
  FailureType.ModelQuotaExceeded,
  FailureType.ModelRequestRejected,
]);

/**
 * Runs one model call and counts it: answered, or failed with its kind and message. A call that ran into
 * the package's deadline ends the package as timed out (upstream's `per-package timeout exceeded`).
 */
export async function countedCall<T>(
  calls: ModelCallTally,
  deadlineMs: number,
  call: () => Promise<T>,
  fitting = false,
): Promise<T> {
  try {
    const answer = await call();
    countAnsweredCall(calls);
    return answer;
  } catch (err) {
    const kind = failureKind(err);
    // A prompt too long for the local model generated nothing: a caller that fits it counts it if final.
    if (fitting && kind === FailureType.ModelContextExceeded) throw err;
    if (ANSWERED_FAILURES.has(kind)) {
      countAnsweredCall(calls);
      throw err;
    }
    countFailedCall(calls, kind, failureMessage(err));
    // Before this patch, the next plan attempt called the model again and met the same failure.
    if (ENDPOINT_FAILURES.has(kind) && patched(PATCH.endpointFailureEndsPackage))
      throw new PackageFailure(failureMessage(err));
    // Before this patch, the package went on to its next plan attempt with a Temporal timeout message.
    if (isDeadlineFailure(err, deadlineMs) && patched(PATCH.deadlineFailureEndsPackage))
      throw new PackageTimeout();
    throw err;
  }
}
