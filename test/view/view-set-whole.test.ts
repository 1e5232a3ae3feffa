// An evaluation set shown whole, in a real Chromium at 1,300 px: two scripted free models (price 0) through
// Phase I, Phase II (`local`) and the sandbox over the shared corpus. `keen` names every key type in Phase I
// and plans nothing in Phase II; `bold` names none in Phase I and, for 0x2, plans a split of the gas coin,
// which creates a Coin (a hit). So keen ranks first on Phase I and bold first on Phase II, nothing costs
// anything, and no package asks for more of its interface. Two runs of their own follow the set, `a-first`
// then `z-second` (names in the opposite order of their start), and a Phase II run started with --detach
// where no worker polls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { runWorkflowId } from '../../src/temporal/names.js';
import { pageWidth, screenshot, SKIP_WITHOUT_BROWSER, WINDOW, withQuietPage } from '../support/browser.js';
import { smiBench } from '../support/cli.js';
import { goldenKeyTypes } from '../support/golden-keys.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import type { StubRequest } from '../support/openai-stub.js';
import { CORPUS_DIR } from '../support/paths.js';
import { useStubSet } from '../support/stub-set.js';
import { connectClient, temporalAddress } from '../support/temporal.js';
import { startViewProcess, type RunningViewProcess } from './view-process.js';
import { SPLIT_SUI } from '../support/phase2-rows.js';

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';

const phaseOf = (req: StubRequest) => (req.prompt.includes('target_key_types') ? 'phase2' : 'phase1');

const work = mkdtempSync(join(tmpdir(), 'smi-view-set-'));
const logDir = join(work, 'logs');
const { env, writeConfig, runSet } = useStubSet(TEST_NAMESPACES.viewSet, {
  keen: (req: StubRequest) => {
    if (req.packageId === null) return { content: '{"key_types": []}' };
    if (phaseOf(req) === 'phase2') return { content: '{"calls": []}' };
    return { content: JSON.stringify({ key_types: goldenKeyTypes(req.packageId) }) };
  },
  bold: (req: StubRequest) => {
    if (req.packageId === null || phaseOf(req) === 'phase1') return { content: '{"key_types": []}' };
    return { content: JSON.stringify({ calls: req.packageId === SUI ? [SPLIT_SUI] : [] }) };
  },
});

let setId: string;
let view: RunningViewProcess;
let detachedView: RunningViewProcess;
const DETACHED = 'detached-run';
const detachedEnv = { TEMPORAL_ADDRESS: '', TEMPORAL_NAMESPACE: TEST_NAMESPACES.noWorker };

/** A Phase II run of its own over the wrapper package (mock-empty: no model). */
function ownRun(runId: string, extra: string[], runEnv: Record<string, string>) {
  const ids = join(work, 'wrapper.txt');
  writeFileSync(ids, `${WRAPPER}\n`);
  return smiBench(
    [
      'phase2',
      ...['--corpus-root', CORPUS_DIR, '--package-ids-file', ids, '--agent', 'mock-empty'],
      ...['--simulation-mode', 'build-only', '--run-id', runId, '--log-dir', logDir, '--no-progress'],
      ...extra,
    ],
    runEnv,
  );
}

beforeAll(async () => {
  writeConfig(join(work, 'set.yaml'), {
    name: 'whole',
    corpusRoot: CORPUS_DIR,
    model: () => 'price: { input_per_mtok: 0, output_per_mtok: 0 }',
    phases: [
      '{ phase: phase1 }',
      '{ phase: phase2, simulation_mode: local, max_plan_attempts: 1 }',
      '{ phase: sandbox }',
    ],
  });
  env['SMI_HOME'] = join(work, 'home');
  setId = (await runSet(join(work, 'set.yaml'))).setId;
  for (const runId of ['a-first', 'z-second']) {
    // A run's start is kept in whole seconds (`started_at_unix_seconds`, upstream's field), and runs that
    // start in the same second are listed by name: the second run starts in a later second.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 50));
    const res = await ownRun(runId, [], env);
    expect(res.exitCode, String(res.stderr)).toBe(0);
  }
  detachedEnv.TEMPORAL_ADDRESS = temporalAddress();
  const detached = await ownRun(DETACHED, ['--detach'], detachedEnv);
  expect(detached.exitCode, String(detached.stderr)).toBe(0);
  view = await startViewProcess(['--log-dir', logDir], env);
  detachedView = await startViewProcess(['--log-dir', logDir], detachedEnv);
}, 300_000);

afterAll(async () => {
  await view?.stop();
  await detachedView?.stop();
  const { client, close } = await connectClient(TEST_NAMESPACES.noWorker);
  try {
    await client.workflow.getHandle(runWorkflowId('phase2', DETACHED)).terminate('test done');
  } finally {
    await close();
  }
});

const runsOfSet = () => [
  ...['keen', 'bold'].flatMap((m) => ['phase1', 'phase2'].map((p) => `${setId}.${m}.${p}`)),
  `${setId}.sandbox`,
];
const trail = (page: Page) =>
  page.locator('nav.trail a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
/** The model names an SVG figure draws, in its order. */
const modelLabels = (svg: string) =>
  [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)]
    .map((m) => m[1]!)
    .filter((t) => ['keen', 'bold'].includes(t));

describe.skipIf(SKIP_WITHOUT_BROWSER)('a set in the view, whole', () => {
  it('shows every run of the set on its page, the sandbox included, and each run leads back to it', async () => {
    await withQuietPage(async (page) => {
      await page.goto(new URL(`/sets/${setId}`, view.url).href);
      for (const runId of runsOfSet())
        expect(await page.locator(`a[href="/runs/${runId}"]`).count(), runId).toBeGreaterThan(0);
      // the sandbox's Tier B rate, to three decimals
      expect(await page.locator('a[href$=".sandbox"]').first().locator('xpath=../..').textContent()).toMatch(
        /Tier B rate \d\.\d{3} \(mean/,
      );
      await screenshot(page, 'view-set-whole');
      for (const runId of runsOfSet()) {
        const res = await page.goto(new URL(`/runs/${runId}`, view.url).href);
        expect(res?.status(), runId).toBe(200);
        expect(await trail(page), runId).toEqual(['/', `/sets/${setId}`]);
      }
      await screenshot(page, 'view-sandbox-run');
    });
  });

  it('lists runs newest first, with rates to three decimals', async () => {
    await withQuietPage(async (page) => {
      await page.goto(view.url.href);
      const runs = await page.locator('h2:text-is("Runs") ~ div.table-box td.id a').allTextContents();
      expect(runs).toEqual(['z-second', 'a-first']);
      const text = (await page.locator('body').textContent()) ?? '';
      expect(text).toContain('avg_hit_rate 0.000');
      expect(text).not.toMatch(/\d\.\d{4}/);
      // the set's runs, its sandbox among them
      expect(await page.locator(`a[href="/runs/${setId}.sandbox"]`).count()).toBe(1);
      await screenshot(page, 'view-index');
    });
  });

  it('fits the Phase II board in the window, its other columns a checkbox away, headings in words', async () => {
    await withQuietPage(async (page) => {
      await page.goto(new URL(`/sets/${setId}`, view.url).href);
      const board = page.locator('table.leaderboard[data-phase="phase2"]');
      await board.scrollIntoViewIfNeeded();
      await screenshot(page, 'view-phase2-board');
      const box = board.locator('xpath=..');
      const [scroll, client] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(scroll).toBeLessThanOrEqual(client);
      const shown = await board.locator('th').evaluateAll((ths) =>
        ths
          .filter((th) => th.getClientRects().length > 0)
          .map((th) => ({
            col: th.dataset.col,
            text: th.textContent,
            right: th.getBoundingClientRect().right,
          })),
      );
      const columns = shown.map((s) => s.col);
      for (const essential of ['run', 'model', 'packages', 'hits', 'targets', 'errors', 'tokens', 'cost_usd'])
        expect(columns).toContain(essential);
      for (const s of shown) {
        expect(s.right, s.col).toBeLessThanOrEqual(WINDOW.width);
        expect(s.text, s.col).not.toContain('_');
      }
      // a heading breaks between words only: each word of it lies on one line
      const brokenWords = await board.locator('th').evaluateAll((ths) =>
        ths.flatMap((th) => {
          const text = th.firstChild;
          if (!text || th.getClientRects().length === 0) return [];
          const content = text.textContent ?? '';
          const broken: string[] = [];
          for (const match of content.matchAll(/\S+/g)) {
            const range = th.ownerDocument.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            if (range.getClientRects().length > 1) broken.push(match[0]);
          }
          return broken;
        }),
      );
      expect(brokenWords).toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(WINDOW.width);
      const hidden = await board.locator('th.opt').count();
      expect(hidden).toBeGreaterThan(0);
      expect(await board.locator('th.opt').first().isVisible()).toBe(false);
      await page.locator('label.columns input').nth(1).check();
      expect(await board.locator('th.opt').first().isVisible()).toBe(true);
      expect(await board.locator('th[data-col="dry_run_ok_rate"]').textContent()).toBe('dry run ok rate');
      expect(await pageWidth(page)).toBeLessThanOrEqual(WINDOW.width);
      await screenshot(page, 'view-phase2-board-all-columns');
    });
  });

  it('leaves out the figures that would say nothing, and orders each by the board beside it', async () => {
    await withQuietPage(async (page) => {
      await page.goto(new URL(`/sets/${setId}`, view.url).href);
      // every run cost $0 and no package asked for more: no cost figure, no need_more scatter
      expect(await page.locator('figure#fig-cost').count()).toBe(0);
      expect(await page.locator('figure#fig-need-more').count()).toBe(0);
      for (const [id, order] of [
        ['scores-phase1', ['keen', 'bold']],
        ['matrix-phase1', ['keen', 'bold']],
        ['scores-phase2', ['bold', 'keen']],
        ['matrix-phase2', ['bold', 'keen']],
        ['failure-stages', ['bold', 'keen']],
      ] as const)
        expect(modelLabels(await page.locator(`figure#fig-${id} svg`).innerHTML()), id).toEqual(order);
      const boardRuns = await page
        .locator('table.leaderboard[data-phase="phase2"] td[data-col="run"] a.run')
        .allTextContents();
      expect(boardRuns).toEqual([`${setId}.bold.phase2`, `${setId}.keen.phase2`]);
      await page.locator('figure#fig-matrix-phase2').scrollIntoViewIfNeeded();
      await screenshot(page, 'view-set-matrix');
    });
  });

  it('gives "no targets" and "not run" cells a colour and a legend of their own', async () => {
    const out = join(work, 'report.html');
    const figures = join(work, 'figures');
    const res = await smiBench(
      ['report', setId, 'a-first', '--log-dir', logDir, '--out', out, '--figures', figures],
      env,
    );
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const svg = readFileSync(join(figures, 'matrix-phase2.svg'), 'utf8');
    expect(svg).toContain('>no targets<');
    expect(svg).toContain('>not run<');
    // 0x1 and the wrapper have no key type: grey, not the score scale's 0 (#440154, viridis)
    expect(svg).toContain('fill="#b0b0b0"');
    writeFileSync(join(work, 'matrix.svg.html'), `<!doctype html><body>${svg}</body>`);
    await withQuietPage(async (page) => {
      await page.goto(`file://${join(work, 'matrix.svg.html')}`);
      await screenshot(page, 'report-matrix-legend');
    });
  });
});

describe.skipIf(SKIP_WITHOUT_BROWSER)('a run started with --detach', () => {
  it('is shown from its start, waiting for a worker, as status sees it running', async () => {
    const status = await smiBench(['status', DETACHED, '--log-dir', logDir], detachedEnv);
    expect(status.exitCode, String(status.stderr)).toBe(0);
    expect(String(status.stdout)).toContain(`run ${DETACHED}: RUNNING`);
    await withQuietPage(async (page) => {
      await page.goto(detachedView.url.href);
      const row = page.locator('tr', { has: page.locator(`a[href="/runs/${DETACHED}"]`) });
      expect(await row.locator('.state').textContent()).toBe('waiting for a worker');
      expect(await row.textContent()).toContain('mock-empty'); // its agent, as it was started
      const res = await page.goto(new URL(`/runs/${DETACHED}`, detachedView.url).href);
      expect(res?.status()).toBe(200);
      expect(await page.locator('h1').textContent()).toContain(DETACHED);
      expect(await page.locator('.state').first().textContent()).toBe('waiting for a worker');
      expect(await trail(page)).toEqual(['/']);
      await screenshot(page, 'view-detached-run');
    });
  });
});
