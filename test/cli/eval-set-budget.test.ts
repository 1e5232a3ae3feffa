// A set's cost cap follows the runs' needs: three models, one of them free, each through Phase I over 12
// packages, under a set cap of 18 units. By hand: a priced model's package costs 15,625 prompt tokens ×
// $0.0625 per million = $2^-10, one unit (amounts in powers of two add up exactly in floating point), so
// each priced run needs 12 units; an even share is 6. The free run finishes having spent $0, and its 6
// units move to the two others, 3 each: they spend 9 units (9 packages) each, more than an even share,
// whichever run reaches its share first (a run at its allowance waits while another could still leave
// money over). The set spends 18 units: the cap, and with every package costing the same, nothing beyond
// it in flight.
//
// The token cap moves the same way: the free model's answers report no tokens, a priced one's 15,625
// (one unit). Under `max_total_tokens` of 18 units the free run finishes having used none, and the two
// others use 9 units each.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { makeSyntheticCorpus } from '../support/synthetic-corpus.js';
import { useStubSet } from '../support/stub-set.js';

const PACKAGES = 12;
const PER_PACKAGE = 2 ** -10;
const CAP = 18 * PER_PACKAGE;

const work = mkdtempSync(join(tmpdir(), 'smi-set-budget-'));
const TOKENS_PER_PACKAGE = 15_625;
const answer = (tokens: number) => () => ({
  content: '{"key_types": []}',
  usage: { prompt_tokens: tokens, completion_tokens: 0, total_tokens: tokens },
});
const MODELS = ['free', 'pricey', 'dear'] as const;
const { stubs, writeConfig, runSet } = useStubSet(TEST_NAMESPACES.evalSetBudget, {
  free: answer(0),
  pricey: answer(TOKENS_PER_PACKAGE),
  dear: answer(TOKENS_PER_PACKAGE),
});

beforeAll(async () => {
  const corpus = await makeSyntheticCorpus(PACKAGES);
  const price = (name: string) => (name === 'free' ? 0 : 0.0625);
  const config = (file: string, name: string, cap: string) =>
    writeConfig(join(work, file), {
      name,
      corpusRoot: corpus.root,
      top: [cap],
      model: (model) =>
        `temperature: 0.5, concurrency: 2, price: { input_per_mtok: ${price(model)}, output_per_mtok: 0 }`,
      phases: ['{ phase: phase1 }'],
    });
  config('set.yaml', 'budget', `max_cost_usd: ${CAP}`);
  config('tokens.yaml', 'token-budget', `max_total_tokens: ${18 * TOKENS_PER_PACKAGE}`);
});

const resultOf = (setId: string) => (name: string) =>
  JSON.parse(readFileSync(join(work, 'logs', `${setId}.${name}.phase1`, 'result.json'), 'utf8')) as Result;

interface Result {
  samples: number;
  aggregate: { usage: { cost_usd?: number; total_tokens: number } };
  stopped_early?: { reason: string; limit: number; spent: number; packages_not_started: number };
}

describe('an evaluation set’s cost cap', () => {
  it('moves what a cheap model leaves over to the others, and the set stays within its cap', async () => {
    const { setId } = await runSet(join(work, 'set.yaml'));
    const result = resultOf(setId);

    expect(result('free').samples).toBe(PACKAGES);
    expect(result('free').aggregate.usage.cost_usd).toBe(0);
    const evenShare = CAP / MODELS.length;
    for (const name of ['pricey', 'dear']) {
      const r = result(name);
      expect(r.samples, name).toBe(9);
      expect(r.aggregate.usage.cost_usd, name).toBe(9 * PER_PACKAGE);
      expect(r.aggregate.usage.cost_usd!, name).toBeGreaterThan(evenShare + PER_PACKAGE / 2);
      expect(r.stopped_early).toMatchObject({ reason: 'max_cost_usd', packages_not_started: 3 });
      expect(r.stopped_early!.limit).toBe(evenShare + evenShare / 2);
      // each stub answered the pre-flight and 9 packages; none was asked for a package that did not start
      expect(stubs[name as 'pricey' | 'dear'].requests.filter((q) => q.packageId !== null)).toHaveLength(9);
    }
    const total = MODELS.reduce((s, name) => s + (result(name).aggregate.usage.cost_usd ?? 0), 0);
    expect(total).toBeLessThanOrEqual(CAP);
  });

  it('moves the tokens a thrifty model leaves over the same way, within the set’s token cap', async () => {
    const asked = { pricey: stubs.pricey.requests.length, dear: stubs.dear.requests.length };
    const { setId } = await runSet(join(work, 'tokens.yaml'));
    const result = resultOf(setId);

    expect(result('free').samples).toBe(PACKAGES);
    expect(result('free').aggregate.usage.total_tokens).toBe(0);
    const evenShare = (18 * TOKENS_PER_PACKAGE) / MODELS.length;
    for (const name of ['pricey', 'dear'] as const) {
      const r = result(name);
      expect(r.samples, name).toBe(9);
      expect(r.aggregate.usage.total_tokens, name).toBe(9 * TOKENS_PER_PACKAGE);
      expect(r.stopped_early).toMatchObject({
        reason: 'max_total_tokens',
        limit: evenShare + evenShare / 2,
        packages_not_started: 3,
      });
      const packageCalls = stubs[name].requests.slice(asked[name]).filter((q) => q.packageId !== null);
      expect(packageCalls).toHaveLength(9);
    }
  });
});
