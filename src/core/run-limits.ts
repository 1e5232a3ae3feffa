// Spending limits of a run (`--max-cost-usd`, `--max-total-tokens`): whether one more package may start.
// Pure, for the run workflow. A package's cost is known only when it finishes, so the packages in flight
// are counted at the mean cost of the finished ones: no package starts if that projection, with the new
// package, would pass a limit. Calls in flight always finish, so what was spent can pass a limit by at
// most what the running packages cost beyond the mean.
import type { StoppedEarly, TokenUsage } from '../contracts/usage.js';

export interface RunLimits {
  maxCostUsd?: number | null;
  maxTotalTokens?: number | null;
}

export function limitReached(
  limits: RunLimits,
  spent: TokenUsage,
  finished: number,
  running: number,
): Omit<StoppedEarly, 'packages_not_started'> | null {
  const checks: [StoppedEarly['reason'], number | null | undefined, number][] = [
    ['max_cost_usd', limits.maxCostUsd, spent.cost_usd ?? 0],
    ['max_total_tokens', limits.maxTotalTokens, spent.total_tokens],
  ];
  for (const [reason, limit, used] of checks) {
    if (limit === null || limit === undefined) continue;
    const mean = finished > 0 ? used / finished : 0;
    if (used >= limit || used + (running + 1) * mean > limit) return { reason, limit, spent: used };
  }
  return null;
}
