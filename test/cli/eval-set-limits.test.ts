// A set's limits. A set stopped by its cost cap, then taken further under higher caps: `eval-set CONFIG
// --max-cost-usd X` and `resume SET --max-cost-usd X`. It ends with the same rows as a set that never had
// a cap, and no stub is asked twice for a package it answered. The same for its token cap, and a model's
// own request rate.
//
// By hand (amounts in powers of two add up exactly in floating point): every answer reports 15,625 prompt
// tokens and none completed. Model `cheap` costs $0.0625 per million prompt tokens, so $2^-10 a package;
// `dear` $0.125, so $2^-9. Two models × Phase I and Phase II (one call a package: `max_plan_attempts: 1`)
// over 8 packages, 2 in flight per run: uncapped, the set costs 2 × 8 × 2^-10 + 2 × 8 × 2^-9 = $0.046875.
//
// 1. Cap 2^-6: an even share of 2^-8 per run. No run can finish within it, so none leaves money over and
//    all stop at their share: a cheap run after 4 packages (its in-flight projection at the mean cost
//    stops it exactly there), a dear one after 2 (both started before any answer was in). Spent: 2 × 4 ×
//    2^-10 + 2 × 2 × 2^-9 = 2^-6, the cap; nothing in flight costs more than the mean.
// 2. `eval-set CONFIG --max-cost-usd 2^-5`: shares of 2^-7. Each run counts what it spent before; a cheap
//    run needs 8 × 2^-10 = 2^-7 in all and finishes, leaving nothing over; a dear run reaches 2^-7 after 4
//    packages and stops. Spent: 2^-5.
// 3. `resume SET --max-cost-usd 1`: every run finishes. Spent: $0.046875, as uncapped.
//
// The token cap, `max_total_tokens: 187,500` (12 answers): an even share of 46,875 (3 answers) per run, and
// as in 1, no run can finish within it, so none leaves any over. Two answers start at once; after the
// first, one in flight, a third fits exactly (15,625 + 2 × 15,625); after the second no fourth does. Each
// run stops at 46,875 tokens, the set at 187,500, the cap.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { smiBench } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import type { StubRequest } from '../support/openai-stub.js';
import { useStubSet } from '../support/stub-set.js';
import { makeSyntheticCorpus } from '../support/synthetic-corpus.js';

const PACKAGES = 8;
const UNIT = { cheap: 2 ** -10, dear: 2 ** -9 };
const PRICE = { cheap: 0.0625, dear: 0.125 };
type Model = keyof typeof UNIT;
type Phase = 'phase1' | 'phase2';
const MODELS: Model[] = ['cheap', 'dear'];
const PHASES: Phase[] = ['phase1', 'phase2'];

const work = mkdtempSync(join(tmpdir(), 'smi-set-resume-'));
const phaseOf = (req: StubRequest): Phase => (req.prompt.includes('target_key_types') ? 'phase2' : 'phase1');
const answer = (req: StubRequest) => ({
  content: phaseOf(req) === 'phase2' ? '{"calls": []}' : '{"key_types": []}',
  usage: { prompt_tokens: 15_625, completion_tokens: 0, total_tokens: 15_625 },
});
const { stubs, env, writeConfig, runSet } = useStubSet(TEST_NAMESPACES.evalSetLimits, {
  cheap: answer,
  dear: answer,
});

function config(
  file: string,
  name: string,
  top: string[],
  more: { model?: (m: Model) => string; phases?: string[] } = {},
) {
  writeConfig(join(work, file), {
    name,
    corpusRoot,
    top,
    model: (m) =>
      `temperature: 0.5, price: { input_per_mtok: ${PRICE[m]}, output_per_mtok: 0 }, ` +
      (more.model?.(m) ?? 'concurrency: 2'),
    phases: more.phases ?? ['{ phase: phase1 }', '{ phase: phase2, max_plan_attempts: 1 }'],
  });
}

let corpusRoot = '';
beforeAll(async () => {
  corpusRoot = (await makeSyntheticCorpus(PACKAGES)).root;
  config('capped.yaml', 'capped', [`max_cost_usd: ${2 ** -6}`]);
  config('uncapped.yaml', 'uncapped', []);
  config('tokens.yaml', 'tokens', ['max_total_tokens: 187500']);
  config('paced.yaml', 'paced', [], {
    model: (m) => (m === 'cheap' ? 'concurrency: 8, requests_per_second: 4' : 'concurrency: 8'),
    phases: ['{ phase: phase1 }'],
  });
});

interface Result {
  samples: number;
  packages: Record<string, unknown>[];
  /** Phase I: `usage.cost_usd`; Phase II: upstream's `total_cost_usd`. */
  aggregate: { usage?: { cost_usd: number }; total_cost_usd?: number };
  stopped_early?: { reason: string; limit: number; spent: number; packages_not_started: number };
}
const result = (setId: string, model: Model, phase: Phase) =>
  JSON.parse(readFileSync(join(work, 'logs', `${setId}.${model}.${phase}`, 'result.json'), 'utf8')) as Result;

/** Answered package calls per model and phase (the pre-flight names no package), from request `from` on. */
function packageRequests(model: Model, phase: Phase, from = 0): StubRequest[] {
  return stubs[model].requests.slice(from).filter((r) => r.packageId !== null && phaseOf(r) === phase);
}
const answered = (model: Model, phase: Phase, from = 0) =>
  packageRequests(model, phase, from).map((r) => r.packageId!);

/** Each run's rows and cost after a step: `samples[model]` packages each, costing its unit each. */
function expectStep(setId: string, samples: Record<Model, number>, capUsd: number | null) {
  let spent = 0;
  let inFlight = 0;
  for (const model of MODELS)
    for (const phase of PHASES) {
      const r = result(setId, model, phase);
      const cost = r.aggregate.usage?.cost_usd ?? r.aggregate.total_cost_usd;
      expect(r.samples, `${model} ${phase}`).toBe(samples[model]);
      // what the run reports equals the stubs' usage times the price table
      const byHand = answered(model, phase).length * ((15_625 * PRICE[model]) / 1e6);
      expect(cost, `${model} ${phase}`).toBe(byHand);
      expect(cost).toBe(samples[model] * UNIT[model]);
      if (samples[model] < PACKAGES)
        expect(r.stopped_early).toMatchObject({
          reason: 'max_cost_usd',
          packages_not_started: PACKAGES - samples[model],
        });
      else expect(r.stopped_early).toBeUndefined();
      spent += cost!;
      inFlight += 2 * UNIT[model]; // at most 2 packages in flight per run
    }
  if (capUsd !== null) {
    expect(spent).toBeLessThanOrEqual(capUsd + inFlight);
    expect(spent).toBe(capUsd); // here, exactly: see the top of the file
  }
  return spent;
}

describe('a set stopped by its cost cap, taken further under higher caps', () => {
  it('finishes with the rows of an uncapped set, asking no stub twice', { timeout: 300_000 }, async () => {
    const { setId, stdout } = await runSet(join(work, 'capped.yaml'));
    expectStep(setId, { cheap: 4, dear: 2 }, 2 ** -6);
    expect(stdout).toContain(
      `stopped at its cost cap: 20 packages of 4 runs not started; go on under a higher cap: smi-bench resume ${setId} --max-cost-usd X`,
    );
    // the set's total: 4 runs, 12 packages of 32, 12 × 15,625 tokens
    expect(stdout).toContain('  total: $0.02 · 187,500 tokens · 12/32 packages');

    // the same set (the cap is not part of its id) goes on under the new cap
    const raised = await runSet(join(work, 'capped.yaml'), [
      '--max-cost-usd',
      String(2 ** -5),
      '--skip-preflight',
    ]);
    expect(raised.setId).toBe(setId);
    expectStep(setId, { cheap: 8, dear: 4 }, 2 ** -5);

    const resumed = await smiBench(['resume', setId, '--max-cost-usd', '1', '--no-progress'], env);
    expect(resumed.exitCode, String(resumed.stderr)).toBe(0);
    expect(String(resumed.stdout)).toContain(`Evaluation set ${setId} finished:`);
    const total = expectStep(setId, { cheap: 8, dear: 8 }, null);
    expect(total).toBe(0.046875);
    expect(String(resumed.stdout)).toContain('  total: $0.05 · 500,000 tokens · 32/32 packages');
    // every package was asked once per model and phase, over the three steps
    for (const model of MODELS)
      for (const phase of PHASES) {
        const ids = answered(model, phase);
        expect(ids, `${model} ${phase}`).toHaveLength(PACKAGES);
        expect(new Set(ids).size).toBe(PACKAGES);
      }

    // `status SET` says the same
    const status = await smiBench(['status', setId], env);
    expect(String(status.stdout)).toContain('  total: $0.05 · 500,000 tokens · 32/32 packages');

    // the rows of a set that never had a cap: the same, but for the time each package took
    const { setId: uncapped } = await runSet(join(work, 'uncapped.yaml'), ['--skip-preflight']);
    for (const model of MODELS)
      for (const phase of PHASES) {
        const rows = result(uncapped, model, phase).packages;
        expect(rows).toHaveLength(PACKAGES);
        expect(result(setId, model, phase).packages, `${model} ${phase}`).toEqual(
          rows.map((row) => ({ ...row, elapsed_seconds: expect.any(Number) })),
        );
      }
  });

  it(
    'stops each run at its share of the token cap, and goes on under a higher one',
    { timeout: 300_000 },
    async () => {
      const from = { cheap: stubs.cheap.requests.length, dear: stubs.dear.requests.length };
      const { setId, stdout } = await runSet(join(work, 'tokens.yaml'), ['--skip-preflight']);
      for (const model of MODELS)
        for (const phase of PHASES) {
          const r = result(setId, model, phase);
          expect(r.samples, `${model} ${phase}`).toBe(3);
          expect(r.stopped_early).toMatchObject({
            reason: 'max_total_tokens',
            limit: 46_875,
            packages_not_started: 5,
          });
          // what was spent when it stopped starting packages: the third may still have been in flight
          expect([31_250, 46_875]).toContain(r.stopped_early!.spent);
        }
      expect(stdout).toContain('  total: $0.02 · 187,500 tokens · 12/32 packages');
      expect(stdout).toContain(
        `stopped at its token cap: 20 packages of 4 runs not started; go on under a higher cap: smi-bench resume ${setId} --max-total-tokens N`,
      );

      const resumed = await smiBench(
        ['resume', setId, '--max-total-tokens', '1000000', '--no-progress'],
        env,
      );
      expect(resumed.exitCode, String(resumed.stderr)).toBe(0);
      expect(String(resumed.stdout)).toContain('  total: $0.05 · 500,000 tokens · 32/32 packages');
      for (const model of MODELS)
        for (const phase of PHASES) {
          expect(result(setId, model, phase).samples).toBe(PACKAGES);
          // (the resuming command ran no worker of its own, without the stubs' key: no row failed)
          expect(result(setId, model, phase).packages.filter((row) => row['error'] !== null)).toEqual([]);
          const ids = answered(model, phase, from[model]);
          expect(ids, `${model} ${phase}`).toHaveLength(PACKAGES);
          expect(new Set(ids).size).toBe(PACKAGES);
        }
    },
  );

  it('sends a model no more than its requests_per_second', { timeout: 300_000 }, async () => {
    const from = stubs.cheap.requests.length;
    await runSet(join(work, 'paced.yaml'), ['--skip-preflight']);
    // 8 packages in flight at once, sent 250 ms apart: never more than 4 in a second (one more allowed for
    // the jitter of arrival), and 7 gaps of 250 ms from the first to the last
    const times = packageRequests('cheap', 'phase1', from)
      .map((r) => r.time)
      .sort((a, b) => a - b);
    expect(times).toHaveLength(PACKAGES);
    for (const t of times) expect(times.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(5);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(1500);
    // in any 900 ms, at most 4
    for (const t of times) expect(times.filter((u) => u >= t && u < t + 900).length).toBeLessThanOrEqual(4);
  });
});
