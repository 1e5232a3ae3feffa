// `smi-bench report` at scale: 3 models × 1,000 Phase II packages (a need_more round and a plan round
// each, prompts and answers in the artifact store). Targets: the report renders in under 5 s, the file
// stays under 10 MB, and a headless Chromium paints it within 1 s. The baseline, in the same run over the
// same runs, is `smi-bench compare` (the same files read, no page made).
//
//   node dist/perf/report-scale.js [--models 3] [--packages 1000] [--rounds 3]
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { runScript } from './support/cleanup.js';
import { parseOptions } from './support/options.js';
import { assertBuilt } from './support/project.js';
import { describeFailure, runCli } from './support/processes.js';
import { fmt, fmtRatio, log, median, printTable, startRecord, writeRecord } from './support/report.js';
import { writeSyntheticPhase2Runs } from './support/synthetic-runs.js';
import { makeWorkDir } from './support/workdir.js';

const USAGE = `usage: node dist/perf/report-scale.js [--models N] [--packages N] [--rounds N]
  --models    runs in the set (default 3)
  --packages  packages per run (default 1000)
  --rounds    interleaved rounds of compare and report (default 3)`;

const MAX_RENDER_S = 5;
const MAX_MB = 10;
const MAX_PAINT_MS = 1000;

interface Paint {
  first_contentful_paint_ms: number;
  dom_content_loaded_ms: number;
  sort_ms: number;
}

async function measurePaint(file: string): Promise<Paint> {
  const executablePath = execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
    encoding: 'utf8',
  }).trim();
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    // Page code as text: this project compiles without the DOM's types.
    const timing = (await page.evaluate(`({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
      dcl: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? -1,
    })`)) as { fcp: number; dcl: number };
    const sort = (await page.evaluate(`(() => {
      const started = performance.now();
      document.querySelector('table.packages th:nth-child(3)').click();
      return performance.now() - started;
    })()`)) as number;
    return { first_contentful_paint_ms: timing.fcp, dom_content_loaded_ms: timing.dcl, sort_ms: sort };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<number> {
  const opts = parseOptions(process.argv.slice(2), USAGE, { models: 3, packages: 1000, rounds: 3 });
  assertBuilt();
  const record = startRecord('report-scale', { ...opts });
  const work = makeWorkDir('report-scale', opts.keepTemp);
  const logDir = join(work, 'logs');
  const setId = 'scale';
  const started = performance.now();
  writeSyntheticPhase2Runs({ logDir, setId, models: opts.models, packages: opts.packages });
  log(
    `${opts.models} runs × ${opts.packages} packages written in ${fmt((performance.now() - started) / 1000)} s`,
  );

  const out = join(work, 'report.html');
  const times: Record<'compare' | 'report', number[]> = { compare: [], report: [] };
  for (let round = 0; round < opts.rounds; round++) {
    for (const [name, args] of [
      ['compare', ['compare', setId, '--log-dir', logDir, '--format', 'json']],
      ['report', ['report', setId, '--log-dir', logDir, '--out', out]],
    ] as const) {
      const run = await runCli([...args], { cwd: work, timeoutMs: 10 * 60_000 });
      if (run.code !== 0) throw new Error(describeFailure(name, run));
      times[name].push(run.wallMs);
    }
    log(
      `round ${round + 1}/${opts.rounds}: compare ${fmt(times.compare.at(-1)! / 1000)} s, report ${fmt(times.report.at(-1)! / 1000)} s`,
    );
  }
  const mb = statSync(out).size / 1e6;
  const paints: Paint[] = [];
  for (let i = 0; i < opts.rounds; i++) paints.push(await measurePaint(out));
  const reportS = median(times.report) / 1000;
  const compareS = median(times.compare) / 1000;
  const paintMs = median(paints.map((p) => p.first_contentful_paint_ms));
  printTable(
    `report of ${opts.models} runs × ${opts.packages} packages (medians of ${opts.rounds})`,
    ['figure', 'value'],
    [
      ['compare (baseline), s', compareS],
      ['report, s', reportS],
      ['report over compare', reportS / compareS],
      ['report size, MB', mb],
      ['first contentful paint, ms', paintMs],
      ['DOMContentLoaded, ms', median(paints.map((p) => p.dom_content_loaded_ms))],
      ['sort 1,000 rows, ms', median(paints.map((p) => p.sort_ms))],
    ],
  );
  const pass = reportS < MAX_RENDER_S && mb < MAX_MB && paintMs >= 0 && paintMs < MAX_PAINT_MS;
  process.stdout.write(
    `\nreport ${fmt(reportS)} s (target < ${MAX_RENDER_S}), ${fmtRatio(reportS / compareS)} of compare's time; ` +
      `${fmt(mb)} MB (target < ${MAX_MB}); first paint ${fmt(paintMs)} ms (target < ${MAX_PAINT_MS}): ${pass ? 'PASS' : 'FAIL'}\n`,
  );
  writeRecord(
    record,
    { times, paints, report_mb: mb },
    {
      lines: [
        `report ${fmt(reportS)} s = ${fmtRatio(reportS / compareS)} compare`,
        `${fmt(mb)} MB`,
        `first paint ${fmt(paintMs)} ms`,
      ],
      pass,
    },
  );
  return pass ? 0 : 1;
}

await runScript(main);
