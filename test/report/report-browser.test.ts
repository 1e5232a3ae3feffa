// `smi-bench report` over a real evaluation set (two scripted OpenAI-compatible models on 127.0.0.1, Phase I
// and Phase II with `local` simulation over the shared corpus), opened in a real headless Chromium: the
// leaderboard's numbers are compare's, the table sorts, a package page shows the conversation, and model
// answers or names that try to run script stay text. The figures name runs by model (careful ranks first
// on Phase I: every key type against the hostile model's one) and packages by short id, and the report and
// the view's pages of the same set fit a 1,300 px window, each view page with its path back up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { smiBench } from '../support/cli.js';
import { goldenKeyTypes } from '../support/golden-keys.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import type { StubReply, StubRequest } from '../support/openai-stub.js';
import { CORPUS_DIR } from '../support/paths.js';
import { useStubSet } from '../support/stub-set.js';
import {
  SKIP_WITHOUT_BROWSER,
  WINDOW,
  launchBrowser,
  pageWidth,
  screenshot,
  watchPage,
  withQuietPage,
  type PageWatch,
} from '../support/browser.js';
import { startViewProcess, type RunningViewProcess } from '../view/view-process.js';
import { SPLIT_SUI } from '../support/phase2-rows.js';

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
/** Text that runs script if a page ever treats it as markup: each payload calls window.__xss. */
const HOSTILE =
  'Sure. </script><script>__xss("script")</script> <img src=x onerror=__xss("img")> ' +
  '<a href="javascript:__xss(\'link\')">click</a> [also](javascript:__xss("md"))';
const HOSTILE_TYPE = '0x2::<img src=x onerror=__xss("type")>::Evil';

const phaseOf = (req: StubRequest) => (req.prompt.includes('target_key_types') ? 'phase2' : 'phase1');

/** careful: every key type, and a Coin on 0x2; hostile: prose full of markup around its JSON. */
function reply(name: 'careful' | 'hostile', req: StubRequest): StubReply {
  if (req.packageId === null) return { content: '{"key_types": []}' };
  if (phaseOf(req) === 'phase2')
    return {
      content:
        name === 'careful'
          ? JSON.stringify({ calls: req.packageId === SUI ? [SPLIT_SUI] : [] })
          : `${HOSTILE}\n{"calls": []}`,
    };
  const truth = [...goldenKeyTypes(req.packageId)].sort();
  return {
    content:
      name === 'careful'
        ? JSON.stringify({ key_types: truth })
        : `${HOSTILE}\n${JSON.stringify({ key_types: [HOSTILE_TYPE, ...truth.slice(0, 1)] })}`,
  };
}

const work = mkdtempSync(join(tmpdir(), 'smi-report-'));
const logDir = join(work, 'logs');
const { env, writeConfig, runSet } = useStubSet(TEST_NAMESPACES.report, {
  careful: (req: StubRequest) => reply('careful', req),
  hostile: (req: StubRequest) => reply('hostile', req),
});
let setId: string;
const reportFile = join(work, 'report.html');
const figuresDir = join(work, 'figures');

interface Board {
  phase: 'phase1' | 'phase2';
  entries: {
    run: string;
    packages: number;
    errors: number;
    score: number;
    interval: { low: number; high: number } | null;
    columns: Record<string, number | null>;
    tokens: number;
    cost_usd: number | null;
  }[];
}

/** The shared corpus's packages by short id: leading zeros dropped, a long id as its first and last four. */
const SHORT_IDS = ['0x1', '0x2', '0x3', '0x358e…a467'];
const MODELS = ['careful', 'hostile'];

/** The texts of a figure's SVG that are model names, in the order the figure draws them. */
function modelLabels(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!).filter((t) => MODELS.includes(t));
}

let view: RunningViewProcess;

beforeAll(async () => {
  writeConfig(join(work, 'set.yaml'), {
    name: 'report',
    corpusRoot: CORPUS_DIR,
    model: () => 'temperature: 0.5, max_request_retries: 1, price: { input_per_mtok: 1, output_per_mtok: 2 }',
    phases: ['{ phase: phase1 }', '{ phase: phase2, simulation_mode: local, max_plan_attempts: 1 }'],
  });
  // Its own SMI_HOME: where eval-set notes the set's log dir, for compare to find it by name.
  env['SMI_HOME'] = join(work, 'home');
  const set = await runSet(join(work, 'set.yaml'));
  setId = set.setId;
  expect(set.stderr).toContain(`results in ${logDir} (${setId}.<model>.<phase>/result.json)`);
  // a sandbox run of the wrapper package, for the stage histogram
  const sandbox = await smiBench(
    [
      'sandbox',
      '--corpus-root',
      CORPUS_DIR,
      '--package-id',
      WRAPPER,
      '--output',
      join(work, 'sandbox.jsonl'),
    ].concat(['--run-id', 'sandbox-run', '--log-dir', logDir, '--no-progress']),
    env,
  );
  expect(sandbox.exitCode, String(sandbox.stderr)).toBe(0);
  const res = await smiBench(
    ['report', setId, 'sandbox-run', '--log-dir', logDir, '--out', reportFile, '--figures', figuresDir],
    env,
  );
  expect(res.exitCode, String(res.stderr)).toBe(0);
  expect(String(res.stderr)).toContain('report written to');
  view = await startViewProcess(['--log-dir', logDir], env);
}, 240_000);
afterAll(async () => view?.stop());

describe('smi-bench report', () => {
  it('writes the figures as SVG and PNG files', () => {
    const ids = [
      'scores-phase1',
      'scores-phase2',
      'matrix-phase1',
      'matrix-phase2',
      'failure-stages',
      'cost',
    ];
    // no model asked for more of an interface: a need_more scatter would be a column of zeros
    expect(existsSync(join(figuresDir, 'need-more.svg'))).toBe(false);
    for (const id of [...ids, 'sandbox-stages']) {
      expect(readFileSync(join(figuresDir, `${id}.svg`), 'utf8')).toMatch(/^<svg[^>]*xmlns/);
      const png = readFileSync(join(figuresDir, `${id}.png`));
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.readUInt32BE(16)).toBeGreaterThan(100); // width from the IHDR chunk
    }
    // every priced run is a point of the cost figure, labelled with its model and (phases mix) its phase
    const cost = readFileSync(join(figuresDir, 'cost.svg'), 'utf8');
    for (const model of MODELS)
      for (const phase of ['Phase I', 'Phase II']) expect(cost).toContain(`>${model} · ${phase}<`);
    expect(cost).not.toContain(setId);
    // the sandbox's outcomes, as its result counts them, are the bars' labels
    const sandbox = JSON.parse(readFileSync(join(logDir, 'sandbox-run', 'result.json'), 'utf8')) as {
      aggregate: { outcomes: Record<string, number> };
    };
    const svg = readFileSync(join(figuresDir, 'sandbox-stages.svg'), 'utf8');
    for (const outcome of Object.keys(sandbox.aggregate.outcomes)) expect(svg).toContain(`>${outcome}<`);
  });

  it('names runs by model, in one order in every figure, and packages by short id', () => {
    for (const id of ['scores-phase1', 'scores-phase2', 'matrix-phase1', 'matrix-phase2', 'failure-stages']) {
      const svg = readFileSync(join(figuresDir, `${id}.svg`), 'utf8');
      expect(modelLabels(svg), id).toEqual(MODELS);
      expect(svg, id).not.toContain(setId);
    }
    for (const id of ['matrix-phase1', 'matrix-phase2']) {
      const svg = readFileSync(join(figuresDir, `${id}.svg`), 'utf8');
      for (const short of SHORT_IDS) expect(svg, id).toContain(`>${short}<`);
      expect(svg, id).not.toContain('0x000');
    }
  });

  it('finds the set by its name or id without --log-dir, from another folder', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'smi-elsewhere-'));
    for (const name of ['report', setId]) {
      const res = await smiBench(['compare', name, '--format', 'json'], env, elsewhere);
      expect(res.exitCode, String(res.stderr)).toBe(0);
      const boards = JSON.parse(String(res.stdout)) as Board[];
      expect(boards.flatMap((b) => b.entries.map((e) => e.run)).sort()).toEqual(
        MODELS.flatMap((m) => [`${setId}.${m}.phase1`, `${setId}.${m}.phase2`]).sort(),
      );
    }
    const status = await smiBench(['status', setId], env, elsewhere);
    expect(status.exitCode, String(status.stderr)).toBe(0);
    expect(String(status.stdout)).toContain(`evaluation set ${setId}`);
  });

  it('refuses an argument that names nothing, and an --out that is a folder, in one line', async () => {
    const none = await smiBench(
      ['report', 'no-such-run', '--log-dir', logDir, '--out', join(work, 'x.html')],
      env,
    );
    expect(none.exitCode).toBe(2);
    expect(String(none.stderr).trim().split('\n')).toEqual([
      expect.stringMatching(/^error: no-such-run: no result file, run directory/),
    ]);
    mkdirSync(join(work, 'folder'));
    const folder = await smiBench(['report', setId, '--log-dir', logDir, '--out', join(work, 'folder')], env);
    expect(folder.exitCode).toBe(2);
    expect(String(folder.stderr).trim()).toMatch(/^error: --out .*folder is a folder/);
    expect(existsSync(join(work, 'x.html'))).toBe(false);
  });
});

describe.skipIf(SKIP_WITHOUT_BROWSER)('the report in a real browser', () => {
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: WINDOW });
    watch = await watchPage(page);
    await page.goto(pathToFileURL(reportFile).href);
  });
  afterAll(async () => browser?.close());

  it('shows compare --format json’s numbers in its leaderboards', async () => {
    const res = await smiBench(['compare', setId, '--log-dir', logDir, '--format', 'json'], env);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const boards = JSON.parse(String(res.stdout)) as Board[];
    expect(boards.map((b) => b.phase)).toEqual(['phase1', 'phase2']);
    for (const board of boards) {
      const shown = await page.$$eval(`table.leaderboard[data-phase="${board.phase}"] tbody tr`, (trs) =>
        trs.map((tr) =>
          Object.fromEntries(
            [...tr.querySelectorAll('td')].map((td) => [
              td.dataset.col,
              td.dataset.v === undefined
                ? (td.querySelector('a.run') ?? td).textContent
                : Number(td.dataset.v),
            ]),
          ),
        ),
      );
      expect(shown.map((r) => r['run'])).toEqual(board.entries.map((e) => e.run));
      const scoreColumn = board.phase === 'phase1' ? 'f1' : 'macro_avg_hit_rate';
      board.entries.forEach((entry, i) => {
        const row = shown[i]!;
        expect(row['packages']).toBe(entry.packages);
        expect(row['errors']).toBe(entry.errors);
        expect(row['tokens']).toBe(entry.tokens);
        expect(row['cost_usd']).toBe(entry.cost_usd);
        expect(entry.cost_usd).toBeGreaterThan(0);
        expect(row[scoreColumn]).toBe(entry.score);
        expect(row['ci95_low']).toBe(entry.interval!.low);
        expect(row['ci95_high']).toBe(entry.interval!.high);
        for (const [column, value] of Object.entries(entry.columns))
          if (value !== null) expect(row[column], column).toBe(value);
      });
    }
    // the careful model ranks first in both phases (its scripts: every key type; a Coin on 0x2)
    expect(boards.map((b) => b.entries[0]!.run)).toEqual([
      `${setId}.careful.phase1`,
      `${setId}.careful.phase2`,
    ]);
  });

  it('sorts a leaderboard by the column clicked', async () => {
    const runsInOrder = () =>
      page.$$eval('table.leaderboard[data-phase="phase1"] tbody td[data-col="run"]', (tds) =>
        tds.map((td) => td.querySelector('a.run')?.textContent ?? ''),
      );
    const header = page.locator('table.leaderboard[data-phase="phase1"] th', { hasText: /^f1$/ });
    await header.click(); // descending first: best first
    expect(await runsInOrder()).toEqual([`${setId}.careful.phase1`, `${setId}.hostile.phase1`]);
    await header.click();
    expect(await runsInOrder()).toEqual([`${setId}.hostile.phase1`, `${setId}.careful.phase1`]);
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    await screenshot(page, 'report-leaderboard-sorted');
  });

  it('opens a package page with the conversation, the hostile answer shown as text', async () => {
    const hostileRun = `${setId}.hostile.phase1`;
    await page
      .locator(`h3:text-is("${hostileRun}") ~ div.table-box table.packages a`, { hasText: SUI })
      .first()
      .click();
    const section = page.locator('section.page:target');
    await expect.poll(() => section.isVisible()).toBe(true);
    expect(await page.locator('#overview').isVisible()).toBe(false);
    const answer = await section.locator('pre.answer').first().textContent();
    expect(answer).toContain(HOSTILE);
    expect(await section.locator('table.types').textContent()).toContain(HOSTILE_TYPE);
    expect(await section.textContent()).toContain('Conversation with the model');
    await screenshot(page, 'report-package-page');
  });

  it('is titled by its set, and no page of it is wider than the window', async () => {
    await page.goto(pathToFileURL(reportFile).href);
    expect(await page.title()).toBe(`smi-bench report: evaluation set ${setId}, sandbox-run`);
    expect(await pageWidth(page)).toBeLessThanOrEqual(WINDOW.width);
    const sections = await page.$$eval('section.page', (all) => all.map((s) => s.id));
    expect(sections).toHaveLength(16); // 4 runs × the corpus's 4 packages
    for (const id of sections) {
      await page.goto(`${pathToFileURL(reportFile).href}#${id}`);
      expect(await pageWidth(page), id).toBeLessThanOrEqual(WINDOW.width);
      // and the way back to its run's table
      expect(await page.locator(`section#${id} nav.trail a[href^="#run-"]`).count(), id).toBe(1);
      // no empty list of targets under its heading
      expect(await page.locator(`section#${id} ul.targets:not(:has(li))`).count(), id).toBe(0);
    }
    // 0x1 and the wrapper package have no key type (its coin's witness has only drop): their Phase II
    // pages, one per model, say so instead
    expect(await page.getByText('None: the package has no key type').count()).toBe(4);
    await page.goto(pathToFileURL(reportFile).href);
  });

  it('runs nothing that came from a run', async () => {
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.locator('[href^="javascript:" i]').count()).toBe(0);
    expect(await page.locator('img').count()).toBe(0);
    expect(watch.xssCalls).toEqual([]);
    expect(watch.dialogs).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.pageErrors).toEqual([]);
  });

  it('keeps package ids, module names and agent names that try to run script as text', async () => {
    const dir = join(work, 'hostile-result');
    mkdirSync(dir);
    const evilPackage = '0x1</script><script>__xss("package")</script>';
    const evilModuleType = '0x1::<img src=x onerror=__xss("module")>::S';
    writeFileSync(
      join(dir, 'result.json'),
      JSON.stringify({
        schema_version: 1,
        agent: '<svg onload=__xss("agent")>',
        packages: [
          {
            package_id: evilPackage,
            truth_key_types: [evilModuleType],
            predicted_key_types: ['javascript:__xss("predicted")'],
            score: { tp: 0, fp: 1, fn: 1, precision: 0, recall: 0, f1: 0 },
            error: '<b onmouseover=__xss("error")>boom</b>',
          },
        ],
      }),
    );
    const out = join(work, 'hostile.html');
    const res = await smiBench(['report', join(dir, 'result.json'), '--out', out], env);
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const hostilePage = await browser.newPage();
    const hostileWatch = await watchPage(hostilePage);
    await hostilePage.goto(pathToFileURL(out).href);
    expect(await hostilePage.locator('table.packages').textContent()).toContain(evilPackage);
    await hostilePage.locator('table.packages a').first().click();
    const text = await hostilePage.locator('section.page:target').textContent();
    expect(text).toContain(evilModuleType);
    expect(text).toContain('javascript:__xss("predicted")');
    expect(await hostilePage.locator('b, svg[onload], img').count()).toBe(0);
    await hostilePage.mouse.move(200, 200);
    await screenshot(hostilePage, 'report-hostile-names');
    expect(hostileWatch.xssCalls).toEqual([]);
    expect(hostileWatch.dialogs).toEqual([]);
    expect(hostileWatch.pageErrors).toEqual([]);
    await hostilePage.close();
  });
});

describe.skipIf(SKIP_WITHOUT_BROWSER)('the same set in the view', () => {
  const runIds = () => MODELS.flatMap((m) => ['phase1', 'phase2'].map((p) => `${setId}.${m}.${p}`));
  const trail = (page: Page) =>
    page.locator('nav.trail a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));

  it('shows the set’s report with figures naming the models, fitting the window, with a way up', async () => {
    await withQuietPage(async (page) => {
      await page.goto(new URL(`/sets/${setId}`, view.url).href);
      expect(await page.locator('h1').textContent()).toBe(`evaluation set ${setId}`);
      expect(await pageWidth(page)).toBeLessThanOrEqual(WINDOW.width);
      expect(await trail(page)).toEqual(['/']);
      const scores = await page.locator('figure#fig-scores-phase1 svg').innerHTML();
      expect(modelLabels(scores)).toEqual(MODELS);
      // each run's heading leads to the run's own page
      for (const runId of runIds()) expect(await page.locator(`h3 a[href="/runs/${runId}"]`).count()).toBe(1);
      await screenshot(page, 'view-set-report');
    });
  });

  it('gives every run and package page a path back up, and none is wider than the window', async () => {
    await withQuietPage(async (page) => {
      for (const [runIndex, runId] of runIds().entries()) {
        await page.goto(new URL(`/runs/${runId}`, view.url).href);
        expect(await pageWidth(page), runId).toBeLessThanOrEqual(WINDOW.width);
        expect(await trail(page), runId).toEqual(['/', `/sets/${setId}`]);
        for (const row of [0, 1, 2, 3]) {
          const paths = [`/runs/${runId}/packages/${row}`, `/sets/${setId}/runs/${runIndex}/packages/${row}`];
          for (const path of paths) {
            const res = await page.goto(new URL(path, view.url).href);
            expect(res?.status(), path).toBe(200);
            expect(await pageWidth(page), path).toBeLessThanOrEqual(WINDOW.width);
            // up to all runs, the set, and the package's run
            expect(await trail(page), path).toEqual(['/', `/sets/${setId}`, `/runs/${runId}`]);
          }
        }
      }
      await screenshot(page, 'view-set-package');
    });
  });
});
