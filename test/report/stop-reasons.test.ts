// Every Phase II stage's page says why the package stopped, and says what its row says: one row per stage
// of FAILURE_STAGES, built by hand as a run in that stage leaves it, written as a Phase II result file the
// way a run writes its rows, then `smi-bench report` over it opened in a real Chromium at 1,300 px. The
// expected reason of each stage is written out here from the row's own fields (its error, the reason its
// plan attempt gave no plan, its causality error, its abort), not taken from the code under test.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { type Phase2Row } from '../../src/core/phase2/row.js';
import { planned } from '../support/phase2-rows.js';
import { FAILURE_STAGES, type FailureStage } from '../../src/core/phase2/taxonomy.js';
import { SKIP_WITHOUT_BROWSER, WINDOW, pageWidth, screenshot, withQuietPage } from '../support/browser.js';
import { smiBench } from '../support/cli.js';
import { formatPhase2PackageLine } from '../../src/core/phase2/row-py.js';

const CUT =
  'answer cut at the token limit (max_tokens 256): no JSON object found (content starts: "{\\"calls\\": [{\\"target\\": \\"0x2::kio")';
const ABORT_EFFECTS = 'MoveAbort(MoveLocation { module: 0x2::kiosk, function: 3 }, 7) in command 0';

/** Each stage: its row, and the reason its page must give, in words taken from the row by hand. */
const STAGES: Record<FailureStage, { row: Phase2Row; reason: string }> = {
  package_error: {
    row: planned(2, 0, { error: 'invalid bytecode: bad magic' }),
    reason: 'invalid bytecode: bad magic',
  },
  timed_out: {
    row: planned(2, 0, { error: 'per-package timeout exceeded (120.0s)', timed_out: true }),
    reason: 'per-package timeout exceeded (120.0s)',
  },
  never_planned: {
    row: planned(2, 0, { error: 'no answer from the model: 6 model calls failed; last: 401' }),
    reason: 'no answer from the model: 6 model calls failed; last: 401',
  },
  no_targets: {
    row: planned(0, 0),
    reason: 'the package has no key type: there is nothing to create',
  },
  // The case of the issue: one answer, 256 completion tokens, cut at the limit, ptb_parse_ok still true.
  malformed: {
    row: planned(2, 0, {
      causality_valid: null,
      tx_build_ok: false,
      sim_attempts: 0,
      plan_failure: CUT,
      usage: { prompt_tokens: 900, completion_tokens: 256, total_tokens: 1156 },
    }),
    reason: CUT,
  },
  causality_broken: {
    row: planned(2, 0, {
      causality_valid: false,
      tx_build_ok: false,
      causality_errors: ['command 0 uses the result of command 3, which comes later'],
    }),
    reason: 'command 0 uses the result of command 3, which comes later',
  },
  empty_plan: {
    row: planned(2, 0, { plan_calls: 0, exec_ok: true, simulation_mode: 'local' }),
    reason: 'an empty plan: no calls, so none of its 2 target types can be created',
  },
  missing_dependency: {
    row: planned(2, 0, {
      tx_build_ok: false,
      dry_run_status: 'missing_dependency',
      dry_run_error: 'the corpus has no package 0xabc',
    }),
    reason: 'the corpus lacks packages it depends on: the corpus has no package 0xabc',
  },
  build_failed: {
    row: planned(2, 0, { tx_build_ok: false, dry_run_error: 'argument 0: no object 0x5' }),
    reason: 'argument 0: no object 0x5',
  },
  built_no_target: {
    row: planned(2, 0, { exec_ok: null, simulation_mode: 'build_only' }),
    reason: 'built, not executed: the functions it calls create none of its 2 target types',
  },
  aborted: {
    row: planned(2, 0, {
      exec_ok: false,
      simulation_mode: 'local',
      dry_run_abort_code: '7',
      dry_run_status: 'failure',
      dry_run_effects_error: ABORT_EFFECTS,
    }),
    reason: `${ABORT_EFFECTS} failure`,
  },
  no_target_created: {
    row: planned(2, 0, { exec_ok: true, simulation_mode: 'local' }),
    reason: 'executed, but created none of its 2 target types',
  },
  partial_hit: {
    row: planned(3, 1, { exec_ok: true, simulation_mode: 'local' }),
    reason: 'created 1 of its 3 target types',
  },
  full_hit: {
    row: planned(2, 2, { exec_ok: true, simulation_mode: 'local' }),
    reason: 'created all of its 2 target types',
  },
};

const work = mkdtempSync(join(tmpdir(), 'smi-stop-reasons-'));
const resultFile = join(work, 'result.json');
const reportFile = join(work, 'report.html');
/** The rows as the result file holds them (what the page must agree with). */
let written: Record<string, unknown>[];

beforeAll(async () => {
  const rows = FAILURE_STAGES.map((stage, i) => ({
    ...STAGES[stage].row,
    package_id: `0x${(i + 1).toString(16)}`,
  }));
  written = rows.map((row) => JSON.parse(formatPhase2PackageLine(row)) as Record<string, unknown>);
  writeFileSync(
    resultFile,
    JSON.stringify({ schema_version: 2, agent: 'real-openai-compatible', packages: written }),
  );
  const res = await smiBench(['report', resultFile, '--out', reportFile], {});
  expect(res.exitCode, String(res.stderr)).toBe(0);
}, 60_000);

describe('Phase II rows', () => {
  it('carry the reason they stopped, a stage each', () => {
    expect(written.map((r) => r['failure_stage'])).toEqual([...FAILURE_STAGES]);
    written.forEach((row, i) => {
      expect(row['stop_reason'], FAILURE_STAGES[i]).toBe(STAGES[FAILURE_STAGES[i]!].reason);
    });
  });
});

describe.skipIf(SKIP_WITHOUT_BROWSER)('the page of each stage', () => {
  /** The facts list of the package page on show: term → text. */
  const shownFacts = (page: Page) =>
    page.$$eval('section.page:target dl.facts dt', (dts) =>
      Object.fromEntries(dts.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? ''])),
    );

  it('states the stage and the reason its row states', async () => {
    await withQuietPage(async (page) => {
      for (const [i, stage] of FAILURE_STAGES.entries()) {
        await page.goto(`${pathToFileURL(reportFile).href}#pkg-0-${i}`);
        const facts = await shownFacts(page);
        expect(facts['stopped at'], stage).toBe(stage);
        expect(facts['why'], stage).toBe(written[i]!['stop_reason']);
        expect(facts['why'], stage).toBe(STAGES[stage].reason);
        expect(await pageWidth(page), stage).toBeLessThanOrEqual(WINDOW.width);
        if (stage === 'malformed') await screenshot(page, 'stop-reason-malformed');
      }
    });
  });

  it('gives the same reason in the run’s table of packages', async () => {
    await withQuietPage(async (page) => {
      await page.goto(pathToFileURL(reportFile).href);
      const cells = await page.$$eval('table.packages tbody tr', (trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
      );
      expect(cells.map((c) => c[3])).toEqual([...FAILURE_STAGES]);
      expect(cells.map((c) => c[4])).toEqual(written.map((r) => r['stop_reason']));
      // the table's header names it
      expect(await page.locator('table.packages th').allTextContents()).toContain('why');
    });
    expect(readFileSync(reportFile, 'utf8')).toContain('max_tokens 256');
  });
});
