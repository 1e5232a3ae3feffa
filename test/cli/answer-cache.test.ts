// The answer cache, end to end: a second run of the same requests sends nothing and gets the same rows;
// --no-cache and a changed request setting ask the model again; `cache stats` / `clear` see the entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { smiBench } from '../support/cli.js';
import { startModelBench, WRAPPER, type ModelBench } from '../support/model-bench.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';

let bench: ModelBench;

beforeAll(async () => {
  // Phase I: the wrapper's coin struct is a key type; Phase II: a plan that calls nothing.
  bench = await startModelBench(TEST_NAMESPACES.answerCache, (req) => ({
    content: req.prompt.includes('key_types')
      ? JSON.stringify({ key_types: [`${WRAPPER}::wrapper_coin::Wrapper`] })
      : '{"calls": []}',
    usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
  }));
});
afterAll(async () => {
  await bench.close();
});

async function run(
  phase: 'phase1' | 'phase2',
  runId: string,
  extra: string[] = [],
  more: Record<string, string> = {},
) {
  const asked = bench.stub.requests.length;
  const res = await smiBench([...bench.runArgs(phase, runId), ...extra], { ...bench.env, ...more });
  expect(res.exitCode, String(res.stderr)).toBe(0);
  const rows = (
    JSON.parse(readFileSync(join(bench.logDir, runId, 'result.json'), 'utf8')) as {
      packages: Record<string, unknown>[];
    }
  ).packages;
  return { sent: bench.stub.requests.length - asked, rows };
}

/** A row without what a cached answer changes by design: usage and timing. */
const scored = (rows: Record<string, unknown>[]) =>
  rows.map(({ usage: _usage, elapsed_seconds: _elapsed, ...rest }) => rest);

describe('answer cache', () => {
  it('Phase I: the same requests again send nothing and give the same rows; a changed setting misses', async () => {
    const first = await run('phase1', 'c1-first');
    expect(first.sent).toBe(2);
    const second = await run('phase1', 'c1-second');
    expect(second.sent).toBe(0);
    expect(scored(second.rows)).toEqual(scored(first.rows));
    for (const row of second.rows)
      expect(row['usage']).toEqual({
        prompt_tokens: 0,
        completion_tokens: 0,
        total_tokens: 0,
        cached_calls: 1,
      });
    expect((await run('phase1', 'c1-nocache', ['--no-cache'])).sent).toBe(2);
    expect((await run('phase1', 'c1-tokens', [], { SMI_MAX_TOKENS: '500' })).sent).toBe(2);
    // temperature above 0: off unless asked for
    expect((await run('phase1', 'c1-warm', [], { SMI_TEMPERATURE: '0.7' })).sent).toBe(2);
  });

  it('Phase II: a second run sends nothing, its rows equal the first run’s, and the trace says cached', async () => {
    const first = await run('phase2', 'c2-first', ['--max-plan-attempts', '2']);
    expect(first.sent).toBe(4);
    const second = await run('phase2', 'c2-second', ['--max-plan-attempts', '2']);
    expect(second.sent).toBe(0);
    expect(scored(second.rows)).toEqual(scored(first.rows));
    const rowFile = JSON.parse(
      readFileSync(join(bench.logDir, 'c2-second', 'rows', '000001.json'), 'utf8'),
    ) as {
      trace: { rounds: { cached?: boolean }[] };
    };
    expect(rowFile.trace.rounds.map((r) => r.cached)).toEqual([true, true]);
  });

  it('cache stats counts the stored answers and clear removes them', async () => {
    // Phase I: 2 (default settings) + 2 (max tokens 500); Phase II: 4; --no-cache and warm runs store none.
    const stats = await smiBench(['cache', 'stats', '--log-dir', bench.logDir], bench.env);
    expect(String(stats.stdout)).toContain(`answer cache ${join(bench.logDir, '.model-cache')}: 8 answers`);
    const cleared = await smiBench(['cache', 'clear', '--log-dir', bench.logDir], bench.env);
    expect(String(cleared.stdout)).toContain('removed 8 answers');
    expect((await run('phase1', 'c1-after-clear')).sent).toBe(2);
  });
});
