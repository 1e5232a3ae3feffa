// The simulation's failure, told to the model in the next plan attempt (opt-in: upstream never did).

export interface SimulationFailure {
  status: string | null;
  effectsError: string | null;
  abortCode: string | null;
  abortLocation: string | null;
}

/** The retry prompt's `last_failure` for a plan that simulated but failed or missed targets. */
export function formatSimulationFeedback(
  failure: SimulationFailure,
  missingTargets: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  if (failure.effectsError !== null) out['dry_run_effects_error'] = failure.effectsError;
  if (failure.status !== null) out['dry_run_status'] = failure.status;
  if (failure.abortCode !== null) out['abort_code'] = failure.abortCode;
  if (failure.abortLocation !== null) out['abort_location'] = failure.abortLocation;
  if (missingTargets.length > 0) out['missing_targets'] = missingTargets.join(', ');
  return out;
}
