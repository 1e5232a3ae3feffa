// The type names of the Temporal failures activities throw and workflows and retry policies tell apart:
// one spelling for both sides. Recorded histories carry these strings, so a name never changes.
export const FailureType = {
  /** A package folder that cannot be read or parsed. */
  InvalidPackage: 'InvalidPackage',
  InvalidPlanFile: 'InvalidPlanFile',
  InvalidCorpusInput: 'InvalidCorpusInput',
  /** Options that cannot work together (a real agent without model settings, a mode without its file). */
  InvalidConfig: 'InvalidConfig',
  InvalidRunInput: 'InvalidRunInput',
  /** A package's result could not be recorded: the run stops. */
  RunFailed: 'RunFailed',
  SimulationRejected: 'SimulationRejected',
  SimulationUnavailable: 'SimulationUnavailable',
  SimulationTimeout: 'SimulationTimeout',
  ModelRequestRejected: 'ModelRequestRejected',
  ModelAuthFailed: 'ModelAuthFailed',
  ModelNotFound: 'ModelNotFound',
  ModelQuotaExceeded: 'ModelQuotaExceeded',
  ModelRateLimited: 'ModelRateLimited',
  ModelServerError: 'ModelServerError',
  ModelTimeout: 'ModelTimeout',
  ModelConnectionError: 'ModelConnectionError',
  ModelRequestCancelled: 'ModelRequestCancelled',
  ModelEmptyContent: 'ModelEmptyContent',
  ModelContextExceeded: 'ModelContextExceeded',
  ModelSlotWaitExceeded: 'ModelSlotWaitExceeded',
  ModelBadResponse: 'ModelBadResponse',
  ModelMalformedOutput: 'ModelMalformedOutput',
} as const;

export type FailureType = (typeof FailureType)[keyof typeof FailureType];
