// Where Phase II packages stopped, end to end: a scripted model on 127.0.0.1 plans, for the Sui framework,
// calls that create a Coin, a Kiosk and its KioskOwnerCap (3 of its key types: a partial hit), and for
// 0x3, listed three times, a call that aborts (`string::utf8` of the invalid UTF-8 byte 0xff), a call whose
// argument is the result of a later command (causality broken), and text that is not JSON (malformed).
// 0x1 declares no key type. The rows' stages and the aggregate's counts follow from that script. A fourth
// 0x3 gets an answer cut at the token limit (finish_reason `length` after 256 tokens, the run's
// max_tokens): its row and its page say so, and the page shows the cut answer.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorkers } from '../../src/worker.js';
import { smiBench } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import {
  startOpenAiStub,
  type RunningOpenAiStub,
  type StubReply,
  type StubRequest,
} from '../support/openai-stub.js';
import { CORPUS_DIR } from '../support/paths.js';
import { startTestWorkers, temporalAddress } from '../support/temporal.js';
import { SKIP_WITHOUT_BROWSER, screenshot, withQuietPage } from '../support/browser.js';
import { pathToFileURL } from 'node:url';
import { SPLIT_SUI } from '../support/phase2-rows.js';

const STDLIB = '0x0000000000000000000000000000000000000000000000000000000000000001';
const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const SYSTEM = '0x0000000000000000000000000000000000000000000000000000000000000003';

const KIOSK = { target: '0x2::kiosk::default', type_args: [], args: [] };
const ABORTS = { target: '0x1::string::utf8', type_args: [], args: [{ vector_u8_hex: 'ff' }] };
const LATER_RESULT = {
  target: '0x2::transfer::public_share_object',
  type_args: ['0x2::kiosk::Kiosk'],
  args: [{ result: 3 }],
};
/** An answer that stopped at the token limit, in the middle of its JSON. */
const CUT_ANSWER = '{"calls": [{"target": "0x2::kiosk::def';
const MAX_TOKENS = 256;
const SYSTEM_ANSWERS: StubReply[] = [
  { content: JSON.stringify({ calls: [ABORTS] }) },
  { content: JSON.stringify({ calls: [LATER_RESULT] }) },
  { content: 'not json {' },
  {
    content: CUT_ANSWER,
    finishReason: 'length',
    usage: { prompt_tokens: 900, completion_tokens: MAX_TOKENS, total_tokens: 900 + MAX_TOKENS },
  },
];

const work = mkdtempSync(join(tmpdir(), 'smi-stages-'));
let stub: RunningOpenAiStub;
let workers: RunningWorkers;

beforeAll(async () => {
  let systemAsked = 0;
  stub = await startOpenAiStub({
    handler: (req: StubRequest) => {
      if (req.packageId === SUI) return { content: JSON.stringify({ calls: [SPLIT_SUI, KIOSK] }) };
      if (req.packageId === SYSTEM) return SYSTEM_ANSWERS[systemAsked++] ?? { content: 'not json {' };
      return { content: '{"calls": []}' };
    },
  });
  workers = await startTestWorkers(TEST_NAMESPACES.phase2Stages);
});
afterAll(async () => {
  await workers?.shutdown();
  await stub?.close();
});

describe('Phase II failure stages', () => {
  it('names where each package stopped, and counts them', async () => {
    const ids = join(work, 'ids.txt');
    writeFileSync(ids, [SUI, SYSTEM, SYSTEM, SYSTEM, STDLIB, SYSTEM, ''].join('\n'));
    const run = await smiBench(
      [
        'phase2',
        ...['--corpus-root', CORPUS_DIR, '--package-ids-file', ids, '--samples', '0'],
        ...['--agent', 'real-openai-compatible', '--simulation-mode', 'local', '--max-plan-attempts', '1'],
        ...['--concurrency', '1', '--no-cache', '--skip-preflight', '--no-progress'],
        ...['--run-id', 'stages', '--log-dir', join(work, 'logs'), '--dotenv', join(work, 'none.env')],
      ],
      {
        TEMPORAL_ADDRESS: temporalAddress(),
        TEMPORAL_NAMESPACE: TEST_NAMESPACES.phase2Stages,
        SMI_MODEL: 'stub',
        SMI_API_BASE_URL: stub.baseUrl,
        SMI_MAX_TOKENS: String(MAX_TOKENS),
      },
    );
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const result = JSON.parse(readFileSync(join(work, 'logs', 'stages', 'result.json'), 'utf8')) as {
      aggregate: {
        failure_stages: Record<string, number>;
        abort_categories: Record<string, number>;
        failure_codes: Record<string, number>;
        avg_partial_credit: number;
      };
      packages: {
        package_id: string;
        failure_stage: string;
        abort_category: string | null;
        failure: { phase: string; code: string } | null;
        scoring_criteria: { score: number };
        stop_reason: string;
        usage: { completion_tokens: number };
      }[];
    };
    expect(result.packages.map((p) => [p.package_id, p.failure_stage])).toEqual([
      [SUI, 'partial_hit'],
      [SYSTEM, 'aborted'],
      [SYSTEM, 'causality_broken'],
      [SYSTEM, 'malformed'],
      [STDLIB, 'no_targets'],
      [SYSTEM, 'malformed'],
    ]);
    expect(result.packages[1]!.abort_category).not.toBeNull();
    // The stages' codes: an abort (not of an unsupported native), a reference to a later result, text
    // that is no plan; the partial hit and the package without targets have no failure.
    expect(result.packages.map((p) => p.failure && [p.failure.phase, p.failure.code])).toEqual([
      null,
      ['execution', 'E403'],
      ['typecheck', 'E201'],
      ['build', 'E004'],
      null,
      ['build', 'E004'],
    ]);
    expect(result.aggregate.failure_codes).toEqual({ E004: 2, E201: 1, E403: 1 });
    const scores = result.packages.map((p) => p.scoring_criteria.score);
    expect(result.aggregate.avg_partial_credit).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / 6, 12);
    // The cut answer: the row says why, with the limit, beside the tokens it used.
    const cut = result.packages[5]!;
    expect(cut.usage.completion_tokens).toBe(MAX_TOKENS);
    expect(cut.stop_reason).toMatch(/^answer cut at the token limit \(max_tokens 256\): /);
    // The text that was no plan is not; the reference to a later result is the causality error.
    expect(result.packages[3]!.stop_reason).not.toContain('token limit');
    expect(result.packages[2]!.stop_reason).toMatch(/result/);
    expect(result.aggregate.failure_stages).toMatchObject({
      partial_hit: 1,
      aborted: 1,
      causality_broken: 1,
      malformed: 2,
      no_targets: 1,
      full_hit: 0,
    });
    expect(String(run.stdout)).toContain(
      'where packages stopped: no targets 1 · malformed 2 · causality broken 1 · aborted 1 · partial hit 1',
    );
  }, 180_000);

  it.skipIf(SKIP_WITHOUT_BROWSER)(
    'shows the cut answer on its page, with the reason its row gives',
    async () => {
      const runDir = join(work, 'logs', 'stages');
      const result = JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8')) as {
        packages: { stop_reason: string }[];
      };
      const out = join(work, 'report.html');
      const res = await smiBench(['report', runDir, '--out', out], {});
      expect(res.exitCode, String(res.stderr)).toBe(0);
      await withQuietPage(async (page) => {
        await page.goto(`${pathToFileURL(out).href}#pkg-0-5`);
        const section = page.locator('section.page:target');
        const why = await section.locator('dl.facts dt:text-is("why") + dd').textContent();
        expect(why).toBe(result.packages[5]!.stop_reason);
        // the model did answer: its text is on the page, and why it was not used
        expect(await section.locator('pre.answer').first().textContent()).toBe(CUT_ANSWER);
        expect(await section.textContent()).not.toContain('no answer: the call failed');
        expect(await section.locator('.call-error').first().textContent()).toContain(
          'answer cut at the token limit (max_tokens 256)',
        );
        await screenshot(page, 'stop-reason-cut-answer');
      });
    },
    60_000,
  );
});
