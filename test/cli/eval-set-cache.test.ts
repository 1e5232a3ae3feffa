// The answer cache at the level of a set: two scripted models at temperature 0 (where the cache is on by
// default) through Phase I and Phase II over the shared corpus. A second set with the same models and
// phases (another name, so other runs) sends no request at all and gets the same rows; a set where one
// model has another setting asks that model again and only that one; `--no-cache` asks both again, and is
// the same set as `cache: false` in the config.
//
// Each model answers one call per package and phase (Phase II: `max_plan_attempts: 1`, a plan of no call or
// of one), so a set asks each model 4 + 4 times, plus the pre-flight unless skipped.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { goldenKeyTypes } from '../support/golden-keys.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR } from '../support/paths.js';
import type { StubRequest } from '../support/openai-stub.js';
import { useStubSet } from '../support/stub-set.js';

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const SPLIT = {
  target: '0x2::coin::split',
  type_args: ['0x2::sui::SUI'],
  args: [{ sender_sui_coin: { index: 0, exclude_gas: true } }, { u64: 1 }],
};
const CALLS_PER_SET = 8;

const work = mkdtempSync(join(tmpdir(), 'smi-set-cache-'));
const usage = { prompt_tokens: 1000, completion_tokens: 100, total_tokens: 1100 };
const phase2 = (req: StubRequest) => req.prompt.includes('target_key_types');
const { stubs, writeConfig, runSet } = useStubSet(TEST_NAMESPACES.evalSetCache, {
  // every key type; a Coin on 0x2
  sharp: (req) => ({
    content: phase2(req)
      ? JSON.stringify({ calls: req.packageId === SUI ? [SPLIT] : [] })
      : JSON.stringify({ key_types: req.packageId ? goldenKeyTypes(req.packageId) : [] }),
    usage,
  }),
  // the first half of the key types; no call
  blunt: (req) => {
    const truth = req.packageId ? goldenKeyTypes(req.packageId) : [];
    return {
      content: phase2(req)
        ? '{"calls": []}'
        : JSON.stringify({ key_types: truth.slice(0, truth.length / 2) }),
      usage,
    };
  },
});
type Model = keyof typeof stubs;
const MODELS: Model[] = ['sharp', 'blunt'];

/** A config file in `work` (every set shares `work/logs`, and so its answer cache). */
function config(file: string, name: string, extra: { top?: string[]; model?: (m: Model) => string } = {}) {
  writeConfig(join(work, file), {
    name,
    corpusRoot: CORPUS_DIR,
    ...(extra.top ? { top: extra.top } : {}),
    model: (m) =>
      ['concurrency: 2, price: { input_per_mtok: 1, output_per_mtok: 2 }', extra.model?.(m) ?? '']
        .filter(Boolean)
        .join(', '),
    phases: ['{ phase: phase1 }', '{ phase: phase2, max_plan_attempts: 1 }'],
  });
}

const sent = () => Object.fromEntries(MODELS.map((m) => [m, stubs[m].requests.length]));
const sentSince = (before: Record<string, number>) =>
  Object.fromEntries(MODELS.map((m) => [m, stubs[m].requests.length - before[m]!]));

type Row = Record<string, unknown>;
const rows = (setId: string, model: Model, phase: 'phase1' | 'phase2') =>
  (
    JSON.parse(readFileSync(join(work, 'logs', `${setId}.${model}.${phase}`, 'result.json'), 'utf8')) as {
      packages: Row[];
    }
  ).packages;
/** A row without what a cached answer changes by design: usage (0, counted apart) and timing. */
const scored = (list: Row[]) => list.map(({ usage: _u, elapsed_seconds: _e, ...rest }) => rest);
const everyRun = (fn: (model: Model, phase: 'phase1' | 'phase2') => void) => {
  for (const model of MODELS) for (const phase of ['phase1', 'phase2'] as const) fn(model, phase);
};

let first = '';

beforeAll(() => {
  config('first.yaml', 'first');
  config('second.yaml', 'second');
  config('warmer.yaml', 'warmer', { model: (m) => (m === 'sharp' ? 'max_tokens: 500' : '') });
  config('uncached.yaml', 'first', { top: ['cache: false'] });
});

describe('an evaluation set and the answer cache', () => {
  it('a second identical set sends no request and gives identical rows', { timeout: 150_000 }, async () => {
    let before = sent();
    first = (await runSet(join(work, 'first.yaml'))).setId;
    // the pre-flight, 4 Phase I and 4 Phase II calls per model
    expect(sentSince(before)).toEqual({ sharp: CALLS_PER_SET + 1, blunt: CALLS_PER_SET + 1 });

    before = sent();
    const { setId: second, stdout } = await runSet(join(work, 'second.yaml'), ['--skip-preflight']);
    expect(second).not.toBe(first);
    expect(sentSince(before)).toEqual({ sharp: 0, blunt: 0 });
    everyRun((model, phase) => {
      const firstRows = rows(first, model, phase);
      const secondRows = rows(second, model, phase);
      expect(firstRows).toHaveLength(4);
      expect(scored(secondRows), `${model} ${phase}`).toEqual(scored(firstRows));
      // cached calls cost nothing and are counted apart
      for (const row of secondRows)
        expect(row['usage']).toEqual({
          prompt_tokens: 0,
          completion_tokens: 0,
          total_tokens: 0,
          cost_usd: 0,
          cached_calls: 1,
        });
    });
    // the first set paid for its answers: 4 × (1000 × $1/M + 100 × $2/M) = $0.0048 per run; the second nothing
    expect(stdout).toMatch(
      /sharp {2}phase1: 4\/4 · F1 1\.000 \(95% 1\.000–1\.000\) · 0 errors · \$0\.000 {3}phase2/,
    );
    const firstStatus = await runSet(join(work, 'first.yaml'), ['--skip-preflight']);
    expect(firstStatus.stdout).toMatch(/sharp {2}phase1: 4\/4 · F1 1\.000 .* · \$0\.004800 {3}phase2/);
  });

  it('a changed setting misses, and --no-cache asks every model again', { timeout: 150_000 }, async () => {
    let before = sent();
    await runSet(join(work, 'warmer.yaml'), ['--skip-preflight']);
    // only the model whose request changed (max_tokens) is asked again
    expect(sentSince(before)).toEqual({ sharp: CALLS_PER_SET, blunt: 0 });

    before = sent();
    const { setId: uncached } = await runSet(join(work, 'first.yaml'), ['--no-cache', '--skip-preflight']);
    expect(uncached).not.toBe(first); // `cache` is part of the set's identity
    expect(sentSince(before)).toEqual({ sharp: CALLS_PER_SET, blunt: CALLS_PER_SET });
    everyRun((model, phase) =>
      expect(rows(uncached, model, phase), `${model} ${phase}`).toEqual(
        rows(first, model, phase).map((row) => ({ ...row, elapsed_seconds: expect.any(Number) })),
      ),
    );

    // `cache: false` in the config is the same set as --no-cache: it joins the finished set
    before = sent();
    const { setId: configured } = await runSet(join(work, 'uncached.yaml'), ['--skip-preflight']);
    expect(sentSince(before)).toEqual({ sharp: 0, blunt: 0 });
    expect(configured).toBe(uncached);
  });
});
