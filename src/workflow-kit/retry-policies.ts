// Retry behaviour shared by the workflows. Error type names match the ApplicationFailure types that
// activities throw (see src/activity-support/failures.ts).
import type { RetryPolicy } from '@temporalio/common';
import { FailureType } from '../contracts/failure-types.js';

/** Errors that a retry cannot fix: bad input or configuration, or a model request the server refused. */
export const PERMANENT_ERROR_TYPES = [
  FailureType.InvalidPackage,
  FailureType.InvalidPlanFile,
  FailureType.InvalidCorpusInput,
  FailureType.InvalidConfig,
  FailureType.InvalidRunInput,
  FailureType.ModelRequestRejected,
  FailureType.ModelAuthFailed,
  FailureType.ModelNotFound,
  FailureType.ModelQuotaExceeded,
  FailureType.ModelEmptyContent,
  FailureType.ModelBadResponse,
  FailureType.ModelMalformedOutput,
];

/**
 * A local activity's retries wait inside the workflow task unless the backoff exceeds this (SDK default:
 * a minute). Waiting there holds the task open (the SDK extends it every 8 s and warns), so longer waits go
 * through a server timer and the task completes.
 */
export const LOCAL_RETRY_THRESHOLD = '1 second';

/** Upstream's backoff for model calls: 1, 2, 4, 8, 8 … seconds. A 429 overrides it with Retry-After. */
export const MODEL_RETRY_POLICY: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '8 seconds',
  nonRetryableErrorTypes: PERMANENT_ERROR_TYPES,
};
