// How a package's model calls went: answered, or failed and why. A package whose every call failed never
// heard from the model, and that is an error of the package, not a score of 0 (upstream hid it; see the
// docs/upstream.md). Pure: workflow code fills a tally, results add them up.
import type { ModelCallTally } from '../contracts/usage.js';

export function emptyModelCallTally(): ModelCallTally {
  return { answered: 0, failed: 0, failures: {}, last_failure: null };
}

export function countAnsweredCall(tally: ModelCallTally): void {
  tally.answered += 1;
}

export function countFailedCall(tally: ModelCallTally, type: string, message: string): void {
  tally.failed += 1;
  const group = (tally.failures[type] ??= { count: 0, last_message: message });
  group.count += 1;
  group.last_message = message;
  tally.last_failure = message;
}

/** Calls were made and none was answered. */
export function neverAnswered(tally: ModelCallTally): boolean {
  return tally.failed > 0 && tally.answered === 0;
}

/** The row error of a package that never heard from the model. */
export function neverAnsweredError(tally: ModelCallTally): string {
  const calls = `${tally.failed} model call${tally.failed === 1 ? '' : 's'}`;
  return `no answer from the model: ${calls} failed; last: ${tally.last_failure}`;
}

/** The run's tally: the packages' tallies added up (rows of agents without a model count nothing). */
export function sumModelCallTallies(tallies: Iterable<ModelCallTally | null | undefined>): ModelCallTally {
  const total = emptyModelCallTally();
  for (const tally of tallies) {
    if (!tally) continue;
    total.answered += tally.answered;
    total.failed += tally.failed;
    for (const [type, group] of Object.entries(tally.failures)) {
      const sum = (total.failures[type] ??= { count: 0, last_message: group.last_message });
      sum.count += group.count;
      sum.last_message = group.last_message;
    }
    total.last_failure = tally.last_failure ?? total.last_failure;
  }
  return total;
}

/**
 * One line for people: `2 answered, 12 failed: 10 ModelConnectionError (connection to … failed: …),
 * 2 ModelServerError (…)`, the most frequent kind first.
 */
export function describeModelCalls(tally: ModelCallTally): string {
  const groups = Object.entries(tally.failures)
    .sort(([a, x], [b, y]) => y.count - x.count || (a < b ? -1 : a > b ? 1 : 0))
    .map(([type, g]) => `${g.count} ${type} (${g.last_message})`);
  const head = `${tally.answered} answered, ${tally.failed} failed`;
  return groups.length > 0 ? `${head}: ${groups.join('; ')}` : head;
}
