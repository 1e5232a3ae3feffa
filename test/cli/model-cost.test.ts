// What model calls cost, end to end through the built CLI and a worker process: a price table (Phase I)
// and the provider's reported cost (Phase II), against the stub's usage counted by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { smiBench } from '../support/cli.js';
import { startModelBench, STDLIB, WRAPPER, type ModelBench } from '../support/model-bench.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR } from '../support/paths.js';

let bench: ModelBench;

beforeAll(async () => {
  // Every answer reports 1000 prompt and 200 completion tokens, and OpenRouter's cost field.
  bench = await startModelBench(TEST_NAMESPACES.modelCost, (req) => ({
    content: req.prompt.includes('key_types') ? '{"key_types": []}' : '{"calls": []}',
    usage: { prompt_tokens: 1000, completion_tokens: 200, total_tokens: 1200, cost: 0.0123 },
  }));
});
afterAll(async () => {
  await bench.close();
});

const resultText = (runId: string) => readFileSync(join(bench.logDir, runId, 'result.json'), 'utf8');

describe('model call costs', () => {
  it('Phase I with a price table: 1000 × $2.50/M + 200 × $10/M = $0.0045 per call, one call per package', async () => {
    const res = await smiBench(bench.runArgs('phase1', 'priced'), {
      ...bench.env,
      SMI_PRICE_INPUT_PER_MTOK: '2.5',
      SMI_PRICE_OUTPUT_PER_MTOK: '10',
    });
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const result = JSON.parse(resultText('priced')) as {
      aggregate: { usage: { cost_usd: number } };
      packages: { usage: { cost_usd: number } }[];
    };
    for (const row of result.packages) expect(row.usage.cost_usd).toBeCloseTo(0.0045, 12);
    expect(result.aggregate.usage.cost_usd).toBeCloseTo(0.009, 12);
    expect(String(res.stdout)).toContain('cost $0.009000');
  });

  it('Phase II with the provider’s cost: 2 plan attempts × $0.0123 per package', async () => {
    const res = await smiBench([...bench.runArgs('phase2', 'reported'), '--max-plan-attempts', '2'], {
      ...bench.env,
      SMI_COST_FROM_PROVIDER: 'true',
    });
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const text = resultText('reported');
    const result = JSON.parse(text) as {
      aggregate: { total_cost_usd: number };
      packages: { usage: { cost_usd: number } }[];
    };
    for (const row of result.packages) expect(row.usage.cost_usd).toBeCloseTo(0.0246, 12);
    expect(result.aggregate.total_cost_usd).toBeCloseTo(0.0492, 12);
    // A run without a price says so with null, not 0.
    const unpriced = await smiBench(
      [...bench.runArgs('phase2', 'unpriced'), '--max-plan-attempts', '1'],
      bench.env,
    );
    expect(unpriced.exitCode, String(unpriced.stderr)).toBe(0);
    expect(resultText('unpriced')).toContain('"total_cost_usd": null');
  });

  it('--max-cost-usd stops starting packages near the limit, and resume with a higher one finishes the run', async () => {
    const ids = join(bench.work, 'four.txt');
    const framework = (n: number) => `0x${String(n).padStart(64, '0')}`;
    const four = [STDLIB, framework(2), framework(3), WRAPPER];
    writeFileSync(ids, four.join('\n') + '\n');
    const priced = { ...bench.env, SMI_PRICE_INPUT_PER_MTOK: '2.5', SMI_PRICE_OUTPUT_PER_MTOK: '10' };
    const args = [
      'phase1',
      ...['--corpus-root', CORPUS_DIR, '--package-ids-file', ids, '--samples', '0', '--concurrency', '1'],
      ...['--agent', 'real-openai-compatible', '--run-id', 'capped', '--log-dir', bench.logDir],
      ...['--dotenv', join(bench.work, 'none.env'), '--no-progress', '--skip-preflight', '--no-cache'],
    ];
    const noPrice = await smiBench([...args, '--max-cost-usd', '0.01'], bench.env);
    expect(noPrice.exitCode).toBe(2);
    expect(String(noPrice.stderr)).toContain('--max-cost-usd needs the model’s price');

    // $0.0045 a package: after two ($0.009, mean $0.0045) a third would make $0.0135 > $0.01
    const asked = bench.stub.requests.length;
    const res = await smiBench([...args, '--max-cost-usd', '0.01'], priced);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const capped = JSON.parse(resultText('capped')) as {
      packages: { package_id: string }[];
      stopped_early: { reason: string; limit: number; spent: number; packages_not_started: number };
    };
    expect(capped.packages.map((p) => p.package_id)).toEqual(four.slice(0, 2));
    expect(capped.stopped_early).toMatchObject({
      reason: 'max_cost_usd',
      limit: 0.01,
      packages_not_started: 2,
    });
    expect(capped.stopped_early.spent).toBeCloseTo(0.009, 12);
    expect(String(res.stdout)).toContain(
      'stopped early: --max-cost-usd 0.01 reached ($0.009000 spent); 2 packages not started',
    );
    expect(bench.stub.requests.length - asked).toBe(2);

    const resumed = await smiBench(
      ['resume', 'capped', '--max-cost-usd', '1', '--dotenv', join(bench.work, 'none.env'), '--no-progress'],
      { ...priced, SMI_API_KEY: 'test-key' },
    );
    expect(resumed.exitCode, String(resumed.stderr)).toBe(0);
    const done = JSON.parse(resultText('capped')) as {
      packages: { package_id: string }[];
      stopped_early?: unknown;
    };
    expect(done.packages.map((p) => p.package_id)).toEqual(four);
    expect(done.stopped_early).toBeUndefined();
    // the two packages that had finished were not asked again
    expect(bench.stub.requests.length - asked).toBe(4);
  });
});
