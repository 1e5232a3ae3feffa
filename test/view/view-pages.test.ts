// `smi-bench view` over a log dir of real runs: a finished Phase I run (mock-perfect) and Phase II run
// (baseline-search) over the shared corpus, and an evaluation set held mid-way: one scripted model whose id
// is hostile markup, Phase I, one package at a time over the shared corpus (in id order), the last package
// held at the stub until the last test lets it through, and 0x2's answer a 401 whose message is hostile
// markup too. A copy of the held run's directory is a run no workflow belongs to; its row files are then
// given hostile package ids, as a directory written by someone else could have (a corpus cannot: its ids
// are hex).
//
// Expected values come from that construction: the held run has recorded 3 of its 4 packages, 1 of them
// with an error, and has 1 in flight; mock-perfect scores F1 1 on each of the 4 shared packages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadReportInput } from '../../src/report/input.js';
import { rowPath } from '../../src/run-store/paths.js';
import { countStoredRows } from '../../src/run-store/rows.js';
import { SEARCH_ATTRIBUTES } from '../../src/temporal/names.js';
import { freePort } from '../../src/temporal/ports.js';
import { viewLinks } from '../../src/view/links.js';
import { TemporalReader } from '../../src/view/temporal.js';
import { pageWidth, screenshot, SKIP_WITHOUT_BROWSER, WINDOW, withQuietPage } from '../support/browser.js';
import { smiBench } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR } from '../support/paths.js';
import { useStubSet } from '../support/stub-set.js';
import { connectClient } from '../support/temporal.js';
import { rawGet, startViewProcess, type RunningViewProcess } from './view-process.js';

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const HOSTILE_IDS = ['<img src=x onerror=__xss(1)>', '</script><script>__xss(2)</script>'];
const MODEL = '<img src=x onerror=__xss(3)>';
const ERROR_MESSAGE = '<img src=x onerror=__xss(4)>';
const UI = 'http://temporal-ui.test';

const work = mkdtempSync(join(tmpdir(), 'smi-view-pages-'));
const logDir = join(work, 'logs');
let letThrough!: () => void;
const held = new Promise<void>((resolve) => (letThrough = resolve));
const { env, stubs } = useStubSet(TEST_NAMESPACES.view, {
  gate: async (req) => {
    if (req.packageId === WRAPPER) await held;
    if (req.packageId === SUI) return { status: 401, body: { error: { message: ERROR_MESSAGE } } };
    return { content: JSON.stringify({ key_types: [] }) };
  },
});

/** Gives the first recorded rows of a run directory hostile package ids. */
function writeHostileIds(runDir: string): void {
  HOSTILE_IDS.forEach((id, index) => {
    const file = rowPath(runDir, index);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { row: { package_id: string } };
    stored.row.package_id = id;
    writeFileSync(file, JSON.stringify(stored) + '\n');
  });
}

let setId: string;
let heldRun: string;
let reachable: RunningViewProcess;
let unreachable: RunningViewProcess;
/** The local Temporal port the unreachable view looks at: nothing listens there. */
let closedPort: number;

beforeAll(async () => {
  const cli = (phase: string, agent: string, runId: string) =>
    smiBench(
      [
        phase,
        ...['--corpus-root', CORPUS_DIR, '--samples', '0', '--agent', agent],
        ...['--run-id', runId, '--log-dir', logDir, '--no-progress'],
      ],
      env,
    );
  const finished = await Promise.all([
    cli('phase1', 'mock-perfect', 'p1-mock'),
    cli('phase2', 'baseline-search', 'p2-baseline'),
  ]);
  for (const res of finished) expect(res.exitCode, String(res.stderr)).toBe(0);

  writeFileSync(
    join(work, 'set.yaml'),
    [
      'name: hostile',
      `corpus_root: ${CORPUS_DIR}`,
      'samples: 0',
      'log_dir: logs',
      'models:',
      `  - { name: gate, model: "${MODEL}", base_url: "${stubs.gate.baseUrl}", api_key_env: STUB_KEY, temperature: 0.5, concurrency: 1 }`,
      'phases:',
      '  - { phase: phase1 }',
    ].join('\n') + '\n',
  );
  const start = await smiBench(
    ['eval-set', join(work, 'set.yaml'), '--dotenv', join(work, 'none.env'), '--detach', '--skip-preflight'],
    env,
  );
  expect(start.exitCode, String(start.stderr)).toBe(0);
  setId = /smi-bench status (\S+)/.exec(String(start.stderr))![1]!;
  heldRun = `${setId}.gate.phase1`;
  for (const deadline = Date.now() + 60_000; countStoredRows(join(logDir, heldRun)) < 3;) {
    if (Date.now() > deadline) throw new Error(`${heldRun} did not record 3 packages in a minute`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  cpSync(join(logDir, heldRun), join(logDir, 'copied-run'), { recursive: true });
  writeHostileIds(join(logDir, 'copied-run'));

  reachable = await startViewProcess(['--log-dir', logDir], { ...env, SMI_TEMPORAL_UI_URL: UI });
  closedPort = await freePort();
  unreachable = await startViewProcess(['--log-dir', logDir], {
    SMI_TEMPORAL_PORT: String(closedPort),
    SMI_HOME: join(work, 'home'),
  });
}, 240_000);
afterAll(async () => {
  letThrough();
  await reachable?.stop();
  await unreachable?.stop();
});

/** The page's HTML with each run of white space made one space. */
async function pageText(view: RunningViewProcess, path: string): Promise<string> {
  const res = await rawGet('127.0.0.1', view.port, path);
  expect(res.status, path).toBe(200);
  return res.body.replace(/\s+/g, ' ');
}

/** The table row (or the set table's line) that links to the run. */
function entryOf(html: string, runId: string): string {
  const entries = html.split(/<tr>|<div>/).filter((e) => e.includes(`href="/runs/${runId}"`));
  expect(entries, runId).toHaveLength(1);
  return entries[0]!.split(/<\/tr>|<\/div>/)[0]!;
}

const REFRESH = /<meta http-equiv="refresh" content="5" ?\/?>/;

const workflowLink = (workflowId: string) =>
  `href="${UI}/namespaces/${TEST_NAMESPACES.view}/workflows/${encodeURIComponent(workflowId)}"`;

describe('live progress of a run held mid-way', () => {
  it('from the run directories when no Temporal server answers', async () => {
    const index = await pageText(unreachable, '/');
    expect(index).toContain(`No Temporal server answers at 127.0.0.1:${closedPort}`);
    expect(entryOf(index, heldRun)).toMatch(/state-unfinished">unfinished<\/span> 3\/4/);
    const copied = entryOf(index, 'copied-run');
    expect(copied).toContain('unfinished');
    expect(copied).toContain('3/4 (recorded)');
    const p1 = entryOf(index, 'p1-mock');
    expect(p1).toContain('finished');
    expect(p1).toContain('4/4');
    expect(p1).toContain('avg_f1 1.000 ·'); // rates to three decimals
    expect(p1).not.toContain('Temporal</a>'); // no UI address is known
    expect(index).toMatch(REFRESH);
    const set = await pageText(unreachable, `/sets/${setId}`);
    expect(entryOf(set, heldRun)).toContain('3/4 (recorded)');
  });

  it('from Temporal when it answers, with links into its UI', async () => {
    const index = await pageText(reachable, '/');
    expect(index).toContain(`Temporal at ${String(env['TEMPORAL_ADDRESS'])} answers`);
    expect(entryOf(index, heldRun)).toMatch(/state-running">running<\/span> 3\/4/);
    expect(index).toContain(workflowLink(`smi/set/${setId}`));
    const copied = entryOf(index, 'copied-run');
    expect(copied).toContain('stopped');
    expect(copied).toContain('no workflow on the Temporal server');
    const p1 = entryOf(index, 'p1-mock');
    expect(p1).toContain('finished');
    expect(p1).toContain(workflowLink('smi/phase1/p1-mock'));
    expect(entryOf(index, 'p2-baseline')).toContain(workflowLink('smi/phase2/p2-baseline'));

    const set = entryOf(await pageText(reachable, `/sets/${setId}`), heldRun);
    expect(set).toContain('running');
    expect(set).toContain('3/4 (Temporal)');
    expect(set).toContain('3/4 packages (75%) · 1 running · 1 error');
    expect(set).toContain(workflowLink(`smi/phase1/${heldRun}`));
  });

  it("the held run's page: the package in flight, the recorded ones, the hostile error as text", async () => {
    const page = await pageText(reachable, `/runs/${heldRun}`);
    expect(page).toMatch(REFRESH);
    expect(page).toMatch(new RegExp(`<h2>In flight</h2> <ul> ?<li class="mono">${WRAPPER}</li> ?</ul>`));
    expect(page).toContain(`<td class="id">${SUI}</td>`);
    expect(page).toContain('&lt;img src=x onerror=__xss(3)&gt;');
    expect(page).toContain(
      '{&quot;error&quot;:{&quot;message&quot;:&quot;&lt;img src=x onerror=__xss(4)&gt;&quot;}}',
    );
    expect(page).not.toContain('<img');
  });

  it('a run directory with hostile package ids: shown as text', async () => {
    const page = await pageText(reachable, '/runs/copied-run');
    expect(page).toContain('<td class="id">&lt;img src=x onerror=__xss(1)&gt;</td>');
    expect(page).toContain('<td class="id">&lt;/script&gt;&lt;script&gt;__xss(2)&lt;/script&gt;</td>');
    expect(page).not.toContain('<img');
    expect(page).not.toMatch(/<script/i);
  });

  it('a finished run has package pages, as many as it has packages', async () => {
    expect((await rawGet('127.0.0.1', reachable.port, '/runs/p1-mock/packages/3')).status).toBe(200);
    expect((await rawGet('127.0.0.1', reachable.port, '/runs/p1-mock/packages/4')).status).toBe(404);
    expect((await rawGet('127.0.0.1', reachable.port, `/runs/${heldRun}/packages/0`)).status).toBe(404);
  });
});

describe("the report's links into the Temporal UI", () => {
  it('name the workflows Temporal has: the run and each package', async () => {
    const temporal = new TemporalReader(String(env['TEMPORAL_ADDRESS']), TEST_NAMESPACES.view, UI, null);
    const links = viewLinks({ runId: 'p1-mock' }, temporal);
    const [run] = loadReportInput([join(logDir, 'p1-mock')], logDir).runs;
    const prefix = `${UI}/namespaces/${TEST_NAMESPACES.view}/workflows/`;
    const workflowIdOf = (href: string | null) => {
      expect(href?.startsWith(prefix), String(href)).toBe(true);
      return decodeURIComponent(href!.slice(prefix.length));
    };
    const { client, close } = await connectClient(TEST_NAMESPACES.view);
    try {
      expect(workflowIdOf(links.temporalRunHref(run!))).toBe('smi/phase1/p1-mock');
      expect(run!.rows).toHaveLength(4);
      for (const row of run!.rows) {
        const packageId = String(row['package_id']);
        const workflow = await client.workflow
          .getHandle(workflowIdOf(links.temporalPackageHref(run!, packageId)))
          .describe();
        expect(workflow.status.name).toBe('COMPLETED');
        expect(workflow.typedSearchAttributes.get(SEARCH_ATTRIBUTES.packageId)).toBe(packageId);
      }
    } finally {
      await close();
    }
  });
});

describe.skipIf(SKIP_WITHOUT_BROWSER)('smi-bench view in a browser', () => {
  it(
    'lists the runs with their states, follows a run, shows hostile text as text',
    { timeout: 90_000 },
    async () => {
      await withQuietPage(async (page) => {
        await page.goto(reachable.url.href);
        const row = (runId: string) => page.locator('tr', { has: page.locator(`a[href="/runs/${runId}"]`) });
        await expect(row('p1-mock').locator('.state').textContent()).resolves.toBe('finished');
        await expect(row('p2-baseline').locator('.state').textContent()).resolves.toBe('finished');
        await expect(row('copied-run').locator('.state').textContent()).resolves.toBe('stopped');
        const setLine = page.locator('td > div', { has: page.locator(`a[href="/runs/${heldRun}"]`) });
        await expect(setLine.locator('.state').textContent()).resolves.toBe('running');
        await screenshot(page, 'view-index');

        await page.click('a[href="/runs/p1-mock"]');
        await page.waitForURL(new URL('/runs/p1-mock', reachable.url).href);
        await screenshot(page, 'view-run-report');

        await page.goto(new URL(`/runs/${heldRun}`, reachable.url).href);
        await expect(page.getByText(MODEL, { exact: true }).count()).resolves.toBe(1);
        await expect(page.getByText(ERROR_MESSAGE).count()).resolves.toBe(1);
        await screenshot(page, 'view-run-in-progress');
        await page.goto(new URL('/runs/copied-run', reachable.url).href);
        for (const id of HOSTILE_IDS)
          await expect(page.getByText(id, { exact: true }).count(), id).resolves.toBe(1);
        await expect(page.locator('img').count()).resolves.toBe(0);
        await expect(page.locator('script').count()).resolves.toBe(0);
        await screenshot(page, 'view-hostile-run');
      });
    },
  );
});

describe.skipIf(SKIP_WITHOUT_BROWSER)('every page of the view', () => {
  it('fits a 1,300 px window and has a path back up', { timeout: 90_000 }, async () => {
    const packages = (runId: string) => [0, 1, 2, 3].map((row) => `/runs/${runId}/packages/${row}`);
    // Each page and the links up from it: a run of a set leads to its set too, a package to its run.
    const pages: [string, string[]][] = [
      ['/', []],
      ['/runs/p1-mock', ['/']],
      ...packages('p1-mock').map((path): [string, string[]] => [path, ['/', '/runs/p1-mock']]),
      ['/runs/p2-baseline', ['/']],
      ...packages('p2-baseline').map((path): [string, string[]] => [path, ['/', '/runs/p2-baseline']]),
      [`/runs/${heldRun}`, ['/', `/sets/${setId}`]],
      [`/sets/${setId}`, ['/']],
      ['/runs/copied-run', ['/']],
    ];
    await withQuietPage(async (page) => {
      for (const [path, up] of pages) {
        await page.goto(new URL(path, reachable.url).href);
        expect(await pageWidth(page), path).toBeLessThanOrEqual(WINDOW.width);
        const trail = await page
          .locator('nav.trail a')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
        expect(trail, path).toEqual(up);
      }
    });
    // (A 404 page would be a console error in the browser.)
    const missing = await rawGet('127.0.0.1', reachable.port, '/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain(
      '<nav class="trail" aria-label="back up">↑ <a href="/">all runs</a></nav>',
    );
  });
});

describe('when the held package is let through', () => {
  it(
    'the run is finished, the set has its report, and the pages stop reloading',
    { timeout: 90_000 },
    async () => {
      letThrough();
      let index = '';
      for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
        index = await pageText(reachable, '/');
        if (/state-finished">finished<\/span> 4\/4/.test(entryOf(index, heldRun))) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(entryOf(index, heldRun)).toMatch(/state-finished">finished<\/span> 4\/4/);
      // The copy stays stopped: nothing on the index can move any more.
      expect(index).not.toMatch(REFRESH);
      const report = await rawGet('127.0.0.1', reachable.port, `/sets/${setId}`);
      expect(report.status).toBe(200);
      expect(report.headers['content-security-policy']).not.toContain("script-src 'none'");
      expect((await rawGet('127.0.0.1', reachable.port, `/sets/${setId}/runs/0/packages/3`)).status).toBe(
        200,
      );
      expect((await rawGet('127.0.0.1', reachable.port, `/sets/${setId}/runs/0/packages/4`)).status).toBe(
        404,
      );
      expect((await rawGet('127.0.0.1', reachable.port, `/sets/${setId}/runs/1/packages/0`)).status).toBe(
        404,
      );
    },
  );

  it.skipIf(SKIP_WITHOUT_BROWSER)(
    "the set's report through the view: its leaderboard sorts, a package page shows the conversation",
    { timeout: 90_000 },
    async () => {
      await withQuietPage(async (page) => {
        await page.goto(new URL(`/sets/${setId}`, reachable.url).href);
        // the hostile model name is text in the leaderboard
        const board = page.locator('table.leaderboard[data-phase="phase1"]');
        await expect(board.locator('td[data-col="model"]').textContent()).resolves.toBe(MODEL);
        await board.locator('th', { hasText: /^f1$/ }).click();
        await expect(board.locator('th', { hasText: /^f1$/ }).getAttribute('aria-sort')).resolves.toBe(
          'descending',
        );
        const packages = page.locator('table.packages').first();
        await packages.locator('th', { hasText: /^#$/ }).click(); // descending: the last package first
        await expect(packages.locator('tbody tr td').first().textContent()).resolves.toBe('4');
        await screenshot(page, 'view-set-report');
        // the package the gate held, answered at last: its page (from the view, whole) has the exchange
        await packages.locator('a', { hasText: WRAPPER }).click();
        await page.waitForURL(/\/packages\/\d+$/);
        await expect(page.locator('pre.answer').first().textContent()).resolves.toBe('{"key_types":[]}');
        await expect(page.locator('pre.prompt').first().textContent()).resolves.toContain(WRAPPER);
        await screenshot(page, 'view-package-page');
      });
    },
  );
});
