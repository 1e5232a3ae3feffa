// Token usage (and, when a run has a price, its cost) added up across calls, packages and runs. Pure.
import { PyFloat } from './pyjson.js';
import type { TokenUsage } from '../contracts/usage.js';

export const ZERO_USAGE: TokenUsage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  const sum: TokenUsage = {
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
    total_tokens: a.total_tokens + b.total_tokens,
  };
  // A cost appears once a priced call is added; until then it is unknown, not zero.
  if (a.cost_usd !== undefined || b.cost_usd !== undefined)
    sum.cost_usd = (a.cost_usd ?? 0) + (b.cost_usd ?? 0);
  if (a.cached_calls !== undefined || b.cached_calls !== undefined)
    sum.cached_calls = (a.cached_calls ?? 0) + (b.cached_calls ?? 0);
  return sum;
}

export function sumUsage(usages: Iterable<TokenUsage | null | undefined>): TokenUsage {
  let total = ZERO_USAGE;
  for (const usage of usages) if (usage) total = addUsage(total, usage);
  return total;
}

/** The usage as Python prints it: a cost is a float (`1.0`, not `1`). */
export function usageToPy(usage: TokenUsage): Record<string, unknown> {
  return usage.cost_usd === undefined ? { ...usage } : { ...usage, cost_usd: new PyFloat(usage.cost_usd) };
}
