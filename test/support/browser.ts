// A real headless Chromium for the report and view tests: Debian's `chromium` package driven by
// playwright-core (no browser download works offline). CI installs it (.ci/run); there a missing browser
// fails the tests instead of skipping them.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { IN_CI } from './required-in-ci.js';
import { PROJECT_ROOT } from './paths.js';

const CANDIDATES = ['chromium', 'chromium-browser', 'google-chrome'];

/** The browser executable: CHROMIUM_PATH, else the first of the usual names on PATH; null if none. */
export function chromiumExecutable(): string | null {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of CANDIDATES) {
    try {
      const path = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
      if (path) return path;
    } catch {
      // not this one
    }
  }
  return null;
}

export const BROWSER_AVAILABLE = chromiumExecutable() !== null;

/** Skip only outside CI, and only when no browser is installed. */
export const SKIP_WITHOUT_BROWSER = !BROWSER_AVAILABLE && !IN_CI;

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumExecutable();
  if (!executablePath)
    throw new Error('no Chromium: `apt-get install chromium` (CI installs it), or set CHROMIUM_PATH');
  return chromium.launch({ executablePath, args: ['--no-sandbox'] });
}

/** The window width every page of the report and the view must fit (no sideways scrolling of the page). */
export const WINDOW = { width: 1300, height: 900 };

/** How wide the page is laid out, in CSS pixels: at most WINDOW.width when nothing runs off it. */
export function pageWidth(page: Page): Promise<number> {
  return page.locator('html').evaluate((root) => root.scrollWidth);
}

/** Where tests keep their screenshots (kept after the run, ignored by git). */
export const SCREENSHOT_DIR = join(PROJECT_ROOT, 'test-artifacts', 'screenshots');

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  if (!existsSync(path)) throw new Error(`no screenshot written to ${path}`);
  return path;
}

/**
 * Collects what a page must not do: console errors, page errors, dialogs (alert/confirm/prompt) and calls
 * of `window.__xss` (the hostile test strings call it). Attach before navigating.
 */
export interface PageWatch {
  consoleErrors: string[];
  pageErrors: string[];
  dialogs: string[];
  xssCalls: string[];
}

export async function watchPage(page: Page): Promise<PageWatch> {
  const watch: PageWatch = { consoleErrors: [], pageErrors: [], dialogs: [], xssCalls: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') watch.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => watch.pageErrors.push(err.message));
  page.on('dialog', (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.exposeFunction('__xss', (what: unknown) => {
    watch.xssCalls.push(String(what));
  });
  return watch;
}

/** Nothing a run holds ran, and the page itself raised no error. */
export function expectQuietPage(watch: PageWatch): void {
  expect(watch.xssCalls).toEqual([]);
  expect(watch.dialogs).toEqual([]);
  expect(watch.pageErrors).toEqual([]);
  expect(watch.consoleErrors).toEqual([]);
}

/**
 * Runs `visit` on a fresh page of a fresh browser, in a window of WINDOW's size, then checks the page
 * stayed quiet; closes the browser.
 */
export async function withQuietPage(visit: (page: Page) => Promise<void>): Promise<void> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: WINDOW });
    const watch = await watchPage(page);
    await visit(page);
    expectQuietPage(watch);
  } finally {
    await browser.close();
  }
}
