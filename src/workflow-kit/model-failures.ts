// Reading the failures of model activities in workflow code: what kind, what message, what it cost.
import { ActivityFailure, ApplicationFailure, TimeoutFailure } from '@temporalio/workflow';
import type { PromptFit } from '../core/prompt-fit.js';
import { ZERO_USAGE } from '../core/usage.js';
import type { TokenUsage } from '../contracts/usage.js';
import { FailureType } from '../contracts/failure-types.js';

function rootCause(err: unknown): unknown {
  return err instanceof ActivityFailure && err.cause ? err.cause : err;
}

/** Temporal gave up at the deadline, or the last HTTP attempt ran into it. */
export function isDeadlineFailure(err: unknown, deadlineMs: number): boolean {
  if (rootCause(err) instanceof TimeoutFailure) return true;
  return failureType(err) === FailureType.ModelTimeout && Date.now() >= deadlineMs - 1000;
}

export function failureType(err: unknown): string | undefined {
  const cause = rootCause(err);
  return cause instanceof ApplicationFailure ? (cause.type ?? undefined) : undefined;
}

/** The failure's type for tallies: the activity's error type, `Timeout` when Temporal's deadline hit. */
export function failureKind(err: unknown): string {
  const cause = rootCause(err);
  if (cause instanceof TimeoutFailure) return 'Timeout';
  return failureType(err) ?? (cause instanceof Error ? cause.name : 'Error');
}

export function failureMessage(err: unknown): string {
  const cause = rootCause(err);
  return cause instanceof Error ? cause.message : String(cause);
}

/** Tokens spent by a failed call (an empty or malformed answer still costs them). */
export function usageFromFailure(err: unknown): TokenUsage {
  const cause = rootCause(err);
  const details = cause instanceof ApplicationFailure ? cause.details : undefined;
  const usage = (details?.[0] as { usage?: TokenUsage } | undefined)?.usage;
  return usage ?? ZERO_USAGE;
}

/** Where a failed call's answer is kept (an answer that came but held no usable JSON), if it is. */
export function answerShaFromFailure(err: unknown): string | null {
  const cause = rootCause(err);
  const details = cause instanceof ApplicationFailure ? cause.details : undefined;
  const sha = (details?.[0] as { answerSha?: unknown } | undefined)?.answerSha;
  return typeof sha === 'string' ? sha : null;
}

/** A prompt too long for the local model's context: its measure, so a shorter one can be built to fit. */
export function promptFitFromFailure(err: unknown): PromptFit | null {
  if (failureType(err) !== FailureType.ModelContextExceeded) return null;
  const cause = rootCause(err);
  const details = cause instanceof ApplicationFailure ? cause.details : undefined;
  const fit = (details?.[0] as { fit?: PromptFit } | undefined)?.fit;
  return fit && typeof fit.promptTokens === 'number' && typeof fit.roomTokens === 'number' ? fit : null;
}
