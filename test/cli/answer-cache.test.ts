// The answer cache, end to end: a second run of the same requests sends nothing and gets the same rows;
// --no-cache and a changed request setting ask the model again; `cache stats` / `clear` see the entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';
import { CORPUS_DIR } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';

const STDLIB = '0x0000000000000000000000000000000000000000000000000000000000000001';
const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const work = mkdtempSync(join(tmpdir(), 'smi-cache-'));
const logDir = join(work, 'logs');
const idsFile = join(work, 'ids.txt');
let stub: RunningOpenAiStub;
let worker: ChildProcess;
const env: Record<string, string> = {};

beforeAll(async () => {
  writeFileSync(idsFile, `${STDLIB}\n${WRAPPER}\n`);
  // Phase I: the wrapper's coin struct is a key type; Phase II: a plan that calls nothing.
  stub = await startOpenAiStub({
    handler: (req) => ({
      content: req.prompt.includes('key_types')
        ? JSON.stringify({ key_types: [`${WRAPPER}::wrapper_coin::Wrapper`] })
        : '{"calls": []}',
      usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
    }),
  });
  Object.assign(env, {
    TEMPORAL_ADDRESS: temporalAddress(),
    TEMPORAL_NAMESPACE: TEST_NAMESPACES.answerCache,
    SMI_MODEL: 'stub-model',
    SMI_API_BASE_URL: stub.baseUrl,
  });
  worker = spawnWorker({ ...env, SMI_API_KEY: 'test-key' });
});
afterAll(async () => {
  await stopProcess(worker);
  await stub.close();
});

async function run(
  phase: 'phase1' | 'phase2',
  runId: string,
  extra: string[] = [],
  more: Record<string, string> = {},
) {
  const asked = stub.requests.length;
  const res = await smiBench(
    [
      phase,
      ...['--corpus-root', CORPUS_DIR, '--package-ids-file', idsFile, '--samples', '0'],
      ...['--agent', 'real-openai-compatible', '--run-id', runId, '--log-dir', logDir],
      ...['--dotenv', join(work, 'none.env'), '--no-progress', '--skip-preflight', ...extra],
    ],
    { ...env, ...more },
  );
  expect(res.exitCode, String(res.stderr)).toBe(0);
  const rows = (
    JSON.parse(readFileSync(join(logDir, runId, 'result.json'), 'utf8')) as {
      packages: Record<string, unknown>[];
    }
  ).packages;
  return { sent: stub.requests.length - asked, rows };
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
    const rowFile = JSON.parse(readFileSync(join(logDir, 'c2-second', 'rows', '000001.json'), 'utf8')) as {
      trace: { rounds: { cached?: boolean }[] };
    };
    expect(rowFile.trace.rounds.map((r) => r.cached)).toEqual([true, true]);
  });

  it('cache stats counts the stored answers and clear removes them', async () => {
    // Phase I: 2 (default settings) + 2 (max tokens 500); Phase II: 4; --no-cache and warm runs store none.
    const stats = await smiBench(['cache', 'stats', '--log-dir', logDir], env);
    expect(String(stats.stdout)).toContain(`answer cache ${join(logDir, '.model-cache')}: 8 answers`);
    const cleared = await smiBench(['cache', 'clear', '--log-dir', logDir], env);
    expect(String(cleared.stdout)).toContain('removed 8 answers');
    expect((await run('phase1', 'c1-after-clear')).sent).toBe(2);
  });
});
