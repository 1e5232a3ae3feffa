// `smi-bench report` and `smi-bench view` on a helper run, in a real headless Chromium. The scripted model
// answers three times: a payload whose file path is hostile markup (refused: it has a ".." segment), the
// broken shop with a hostile comment at its end, then the good shop (test/support/helper-answers.ts). The
// package page must show each attempt's source with the compiler's diagnostics under the lines they point
// at, the payload's problems, and the run's trace, with nothing from the model run as markup.
// Expected positions from the broken shop's text and where Sui's compiler puts its primary labels:
// `let flag: bool = 1;` is its line 7 and the caret stands under `bool` (column 15, the annotation);
// `ctx.senderx()` is line 9, the caret under `ctx` (column 36, the start of the invalid method call).
// The good shop also mints a zero `Coin<SUI>`: a created object that is a target (`0x2::coin::Coin` has
// `key`) only by its base type, which the page must mark as one. Both pages fit a 1,300 px window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import type { Page } from 'playwright-core';
import { pageWidth, screenshot, SKIP_WITHOUT_BROWSER, WINDOW, withQuietPage } from '../support/browser.js';
import { smiBench, spawnWorker, stopProcess } from '../support/cli.js';
import { attemptsListed, BROKEN_SHOP, GOOD_SHOP, helperAnswer } from '../support/helper-answers.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';
import { CORPUS_DIR } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';
import { startViewProcess, type RunningViewProcess } from '../view/view-process.js';

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const KEY = 'helper-report-key';
const HOSTILE_PATH = 'sources/<img src=x onerror=__xss(1)>/../x.move';
const HOSTILE_COMMENT = '// </pre><script>__xss("source")</script><img src=x onerror=__xss("img")>';
// Its line 12 binds a value it never uses: Sui builds it with two warnings there, W09002 (an unused
// variable, under the name) and W04039 (a literal whose type defaults to u64, under the literal), as it
// warns on the broken shop's line 7, `let flag: bool = 1;`, besides its error.
const COIN_SHOP = `${GOOD_SHOP}
entry fun zero_coin(ctx: &mut TxContext) {
    let spare = 7;
    transfer::public_transfer(sui::coin::zero<sui::sui::SUI>(ctx), ctx.sender());
}
`;
const CREATED_COIN = `${SUI}::coin::Coin<${SUI}::sui::SUI>`;
const work = mkdtempSync(join(tmpdir(), 'smi-helper-report-'));
const logDir = join(work, 'logs');
const reportFile = join(work, 'report.html');
let stub: RunningOpenAiStub;
let worker: ChildProcess;
let view: RunningViewProcess;

beforeAll(async () => {
  stub = await startOpenAiStub({
    apiKey: KEY,
    // By the attempts the prompt lists so far (none in the first prompt).
    handler: (req) =>
      helperAnswer(
        [
          { [HOSTILE_PATH]: GOOD_SHOP },
          { 'sources/shop.move': `${BROKEN_SHOP}${HOSTILE_COMMENT}\n` },
          { 'sources/shop.move': COIN_SHOP },
        ][attemptsListed(req.prompt)] ?? {},
      ),
  });
  const server = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.helperReport };
  worker = spawnWorker({ ...server, SMI_API_KEY: KEY });
  const env = { ...server, SMI_MODEL: 'stub-model', SMI_API_BASE_URL: stub.baseUrl };
  const run = await smiBench(
    [
      'helper',
      ...['--corpus-root', CORPUS_DIR, '--package-id', SUI, '--agent', 'real-openai-compatible'],
      ...['--run-id', 'helper-report', '--log-dir', logDir, '--dotenv', join(work, 'none.env')],
      ...['--no-progress', '--skip-preflight'],
    ],
    env,
  );
  expect(run.exitCode, String(run.stderr)).toBe(0);
  const report = await smiBench(['report', 'helper-report', '--log-dir', logDir, '--out', reportFile], env);
  expect(report.exitCode, String(report.stderr)).toBe(0);
  view = await startViewProcess(['--log-dir', logDir], {});
}, 240_000);
afterAll(async () => {
  await view?.stop();
  await stopProcess(worker);
  await stub?.close();
});

/** The package page's attempts, sources and trace, as the browser shows them. */
async function checkPackagePage(page: Page, scope: string): Promise<void> {
  const attempts = page.locator(`${scope} article.attempt`);
  expect(await attempts.count()).toBe(3);
  expect(await attempts.locator('h4').allTextContents()).toEqual([
    'Attempt 1: not a valid helper_pkg_v1 answer',
    'Attempt 2: the build failed (2 warnings)',
    'Attempt 3: built (2 warnings)',
  ]);
  expect(await attempts.nth(0).textContent()).toContain(`"${HOSTILE_PATH}" has a "." or ".." segment`);
  // Under each source line, its diagnostics in the order Sui printed them, each caret under its column.
  const checkDiagnostics = async (
    attempt: number,
    expected: [line: number, code: string, under: string, message: string][],
  ): Promise<string[]> => {
    const lines = (await attempts.nth(attempt).locator('pre.source').textContent())!.split('\n');
    for (const [line, code, under, message] of expected) {
      const at = lines.findIndex((l) => l.includes(code));
      expect(lines[at]!.trimStart().startsWith(`${line} `)).toBe(true);
      const below = lines.slice(at + 1).findIndex((l) => !/^\s+\^ /.test(l));
      const diagnostic = lines.slice(at + 1, at + 1 + below).find((l) => l.includes(message));
      expect(diagnostic, message).toBeDefined();
      expect(diagnostic!.indexOf('^')).toBe(lines[at]!.indexOf(under));
    }
    return lines;
  };
  const broken = await checkDiagnostics(1, [
    [7, 'let flag: bool = 1;', 'flag', 'warning[W09002]'],
    [7, 'let flag: bool = 1;', 'bool', 'error[E04007]'],
    [7, 'let flag: bool = 1;', '1;', 'warning[W04039]'],
    [9, 'ctx.senderx()', 'ctx.senderx', 'error[E04023]'],
  ]);
  expect(broken).toContain(`11 ${HOSTILE_COMMENT}`);
  await checkDiagnostics(2, [
    [12, 'let spare = 7;', 'spare', 'warning[W09002]'],
    [12, 'let spare = 7;', '7;', 'warning[W04039]'],
  ]);
  // each diagnostic carries its severity and code, read from the row's parsed diagnostics
  const marks = (attempt: number) =>
    attempts
      .nth(attempt)
      .locator('pre.source span.diag')
      .evaluateAll((spans) => spans.map((s) => [s.className, s.getAttribute('data-code')]));
  expect(await marks(1)).toEqual([
    ['diag warning', 'W09002'],
    ['diag error', 'E04007'],
    ['diag warning', 'W04039'],
    ['diag error', 'E04023'],
  ]);
  expect(await marks(2)).toEqual([
    ['diag warning', 'W09002'],
    ['diag warning', 'W04039'],
  ]);
  const trace = await page.locator(`${scope} table.entrypoints`).textContent();
  expect(trace).toMatch(/::shop::open_kiosk/);
  expect(trace).toContain('ran to the end');
  expect(trace).toContain('0x2::kiosk');
  expect(trace).toContain(`${SUI}::kiosk::Kiosk target`);
  // the coin is marked by its base type: the targets list 0x2::coin::Coin, not Coin<SUI>
  const coin = page.locator(`${scope} table.entrypoints td div`, { hasText: CREATED_COIN });
  expect(await coin.textContent()).toBe(`${CREATED_COIN} target`);
  expect(await coin.locator('span.hit').count()).toBe(1);
  expect(await page.locator(`${scope} ul.targets`).textContent()).not.toContain(CREATED_COIN);
  // what passed means beside what the answer's validation says
  expect(await page.locator(`${scope} dl.facts`).textContent()).toContain(
    'answer well formed (validation.ok)',
  );
  expect(await pageWidth(page)).toBeLessThanOrEqual(WINDOW.width);
  expect(await page.locator(`${scope} article.turn h4`).allTextContents()).toEqual([
    'attempt 1',
    'attempt 2',
    'attempt 3',
  ]);
  expect(await page.locator('img').count()).toBe(0);
  expect(await page.locator('script').count()).toBeLessThanOrEqual(1);
}

describe.skipIf(SKIP_WITHOUT_BROWSER)('a helper run in the report and the view', () => {
  it('the report: its leaderboard and a package page with each attempt’s source and diagnostics', async () => {
    await withQuietPage(async (page) => {
      await page.goto(pathToFileURL(reportFile).href);
      const score = page.locator('table.leaderboard[data-phase="helper"] td[data-col="ok_rate"]');
      expect(await score.getAttribute('data-v')).toBe('1');
      await page.locator('table.packages a', { hasText: SUI }).click();
      await checkPackagePage(page, 'section.page:target');
      await screenshot(page, 'report-helper-package');
    });
  });

  it('the view: the same page, whole', async () => {
    await withQuietPage(async (page) => {
      const res = await page.goto(new URL('/runs/helper-report/packages/0', view.url).href);
      expect(res?.status()).toBe(200);
      await checkPackagePage(page, 'section.page-whole');
      expect(await page.locator('text=left out').count()).toBe(0);
      // the way up: all runs, and the package's run
      const trail = await page
        .locator('nav.trail a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(trail).toEqual(['/', '/runs/helper-report']);
      await screenshot(page, 'view-helper-package');
    });
  });
});
