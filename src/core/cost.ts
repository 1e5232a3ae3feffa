// What a model call cost, in US dollars: from a price table (per million input and output tokens), or as
// the provider reports it (OpenRouter's `usage.cost`). Pure; the agent attaches it to each call's usage.
import type { TokenUsage } from '../contracts/usage.js';
import type { ModelPricing } from '../contracts/agent-settings.js';

/**
 * The usage with its cost: the price table's, or the reported one. Without pricing, or when the provider
 * reports none, the usage stays without `cost_usd` (unknown, never a made-up 0).
 */
export function priceUsage(
  usage: TokenUsage,
  pricing: ModelPricing | null | undefined,
  reportedCostUsd: number | null,
): TokenUsage {
  if (!pricing) return usage;
  if (pricing.source === 'provider')
    return reportedCostUsd === null ? usage : { ...usage, cost_usd: reportedCostUsd };
  const cost =
    (usage.prompt_tokens * pricing.input_per_million_usd +
      usage.completion_tokens * pricing.output_per_million_usd) /
    1_000_000;
  return { ...usage, cost_usd: cost };
}

/**
 * `1,482,000`: an integer with its thousands grouped, without `toLocaleString`, whose first call loads ICU
 * (a tenth of a second of `status`).
 */
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `$0.0123`: four significant digits below a cent, cents above. */
export function formatUsd(amount: number): string {
  return amount >= 0.01 ? `$${amount.toFixed(2)}` : `$${amount.toPrecision(4)}`;
}
