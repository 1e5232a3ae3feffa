// What a run spent and how its model calls went: recorded in rows, results and workflow history.

export interface TokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** What the tokens cost in US dollars, when the run has a price (see core/cost.ts); absent: unknown. */
  cost_usd?: number;
  /** Calls answered from the answer cache: no tokens sent, nothing paid; counted apart. */
  cached_calls?: number;
}

/** Failures of one kind: how many, and the last one's message (which names what to fix). */
export interface ModelCallFailureGroup {
  count: number;
  last_message: string;
}

export interface ModelCallTally {
  /** Calls the model answered (an empty or malformed answer still counts: the model was heard). */
  answered: number;
  /** Calls that got no answer after their retries (connection, HTTP error, timeout). */
  failed: number;
  /** The failed calls by failure type (`ModelConnectionError`, `ModelAuthFailed`, …). */
  failures: Record<string, ModelCallFailureGroup>;
  /** The message of the last failed call, null when none failed. */
  last_failure: string | null;
}

/** Why a run stopped before all its packages started; written into its result as `stopped_early`. */
export interface StoppedEarly {
  reason: 'max_cost_usd' | 'max_total_tokens' | 'max_run_seconds';
  limit: number;
  /** Dollars, tokens or seconds, as the limit. */
  spent: number;
  /** Packages that have no row because they never started. */
  packages_not_started: number;
}
