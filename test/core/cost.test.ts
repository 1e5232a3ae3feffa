// Costs of model calls: a price table per million tokens, or the provider's reported cost; values by hand.
import { describe, expect, it } from 'vitest';
import { formatUsd, priceUsage } from '../../src/core/cost.js';
import { addUsage, sumUsage, ZERO_USAGE } from '../../src/core/usage.js';
import { loadRealAgentSettings } from '../../src/agents/config.js';
import { readChatAnswer } from '../../src/agents/chat-response.js';
import { limitReached } from '../../src/core/run-limits.js';

const usage = { prompt_tokens: 1000, completion_tokens: 200, total_tokens: 1200 };

describe('call cost', () => {
  it('prices tokens per million: 1000 × $2.50/M + 200 × $10/M = $0.0045', () => {
    const priced = priceUsage(
      usage,
      { source: 'price-table', input_per_million_usd: 2.5, output_per_million_usd: 10 },
      0.9,
    );
    expect(priced.cost_usd).toBeCloseTo(0.0045, 12);
  });

  it('takes the provider’s cost when told to, and never makes one up', () => {
    expect(priceUsage(usage, { source: 'provider' }, 0.0123).cost_usd).toBe(0.0123);
    expect(priceUsage(usage, { source: 'provider' }, null)).toEqual(usage);
    expect(priceUsage(usage, null, 0.5)).toEqual(usage);
  });

  it('reads OpenRouter’s usage.cost from a chat completion', () => {
    const answer = readChatAnswer(
      {
        choices: [{ message: { content: '{}' }, finish_reason: 'stop' }],
        usage: { ...usage, cost: 0.0021 },
      },
      { baseUrl: 'http://x', body: '', pricing: { source: 'provider' } },
    );
    expect(answer.usage).toEqual({ ...usage, cost_usd: 0.0021 });
  });

  it('adds costs once one call has one; unknown stays unknown', () => {
    expect(addUsage(ZERO_USAGE, usage)).toEqual(usage);
    const total = sumUsage([{ ...usage, cost_usd: 0.25 }, null, usage, { ...usage, cost_usd: 0.5 }]);
    expect(total).toEqual({
      prompt_tokens: 3000,
      completion_tokens: 600,
      total_tokens: 3600,
      cost_usd: 0.75,
    });
    expect(formatUsd(0.75)).toBe('$0.75');
    expect(formatUsd(0.0045)).toBe('$0.004500');
  });

  it('reads prices from the settings, strictly', () => {
    const base = { SMI_MODEL: 'm' };
    expect(
      loadRealAgentSettings({ ...base, SMI_PRICE_INPUT_PER_MTOK: '2.5', SMI_PRICE_OUTPUT_PER_MTOK: '10' }, {})
        .pricing,
    ).toEqual({ source: 'price-table', input_per_million_usd: 2.5, output_per_million_usd: 10 });
    expect(loadRealAgentSettings({ ...base, SMI_COST_FROM_PROVIDER: 'yes' }, {}).pricing).toEqual({
      source: 'provider',
    });
    expect(() => loadRealAgentSettings({ ...base, SMI_PRICE_INPUT_PER_MTOK: '2.5' }, {})).toThrow(
      'SMI_PRICE_OUTPUT_PER_MTOK is missing: a price needs both, in US dollars per million tokens',
    );
    expect(() =>
      loadRealAgentSettings(
        { ...base, SMI_PRICE_INPUT_PER_MTOK: 'cheap', SMI_PRICE_OUTPUT_PER_MTOK: '1' },
        {},
      ),
    ).toThrow('SMI_PRICE_INPUT_PER_MTOK must be a price');
    expect(() =>
      loadRealAgentSettings({ ...base, SMI_COST_FROM_PROVIDER: '1', SMI_PRICE_INPUT_PER_MTOK: '1' }, {}),
    ).toThrow('not both');
  });
});

describe('spending limits', () => {
  const spent = (cost: number, tokens = 0) => ({
    prompt_tokens: tokens,
    completion_tokens: 0,
    total_tokens: tokens,
    cost_usd: cost,
  });
  it('starts a package while the spent amount plus the running ones and it, at the mean so far, stay within', () => {
    // nothing finished yet: nothing to project from
    expect(limitReached({ maxCostUsd: 0.01 }, ZERO_USAGE, 0, 3)).toBeNull();
    // 2 finished for $0.006 (mean $0.003), 1 running: 0.006 + 2 × 0.003 = 0.012 > 0.01
    expect(limitReached({ maxCostUsd: 0.01 }, spent(0.006), 2, 1)).toEqual({
      reason: 'max_cost_usd',
      limit: 0.01,
      spent: 0.006,
    });
    // the same with nothing running: 0.006 + 0.003 = 0.009 ≤ 0.01
    expect(limitReached({ maxCostUsd: 0.01 }, spent(0.006), 2, 0)).toBeNull();
    // tokens: 3 finished for 900 (mean 300), 0 running: 900 + 300 = 1200 > 1000
    expect(limitReached({ maxTotalTokens: 1000 }, spent(0, 900), 3, 0)).toMatchObject({
      reason: 'max_total_tokens',
      spent: 900,
    });
    expect(limitReached({}, spent(5, 5), 1, 0)).toBeNull();
  });
});
