// The helper page places each attempt's diagnostics under the source lines they point at, from the row's
// parsed `build_diagnostics`; a row written before that field existed has only `build_errors`, one line
// per error, and its page must still place them. The diagnostics are those Sui's compiler gives the
// broken shop (test/support/helper-answers.ts): an unused variable (W09002) and a bad annotation (E04007)
// on line 7, a method TxContext lacks (E04023) on line 9; and one that names no source file.
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { helperBody } from '../../src/benchmarks/helper/page.js';
import { EMPTY_TRACE } from '../../src/report-parts/traces.js';
import { putArtifact } from '../../src/run-store/artifacts.js';
import { BROKEN_SHOP, MOVE_TOML } from '../support/helper-answers.js';

const SHOP = 'sources/shop.move';
const diagnostic = (
  severity: string,
  code: string | null,
  title: string,
  message: string,
  at: number[] | null,
) => ({
  severity,
  code,
  title,
  message,
  file: at === null ? null : SHOP,
  line: at?.[0] ?? null,
  column: at?.[1] ?? null,
});
const PARSED = [
  diagnostic('warning', 'W09002', 'unused variable', "Unused local variable 'flag'", [7, 9]),
  diagnostic('error', 'E04007', 'incompatible types', 'Invalid type annotation', [7, 15]),
  diagnostic('error', 'E04023', 'invalid method call', "No known method 'senderx'", [9, 36]),
  diagnostic(
    'error',
    null,
    'the package has no module named shop2',
    'the package has no module named shop2',
    null,
  ),
];
// What rows kept before: the errors only, as `file:line:column: severity[code]: title: message`.
const ERROR_LINES = [
  `${SHOP}:7:15: error[E04007]: incompatible types: Invalid type annotation`,
  `${SHOP}:9:36: error[E04023]: invalid method call: No known method 'senderx'`,
  'error: the package has no module named shop2',
];

async function page(row: Record<string, unknown>): Promise<string> {
  const runDir = mkdtempSync(join(tmpdir(), 'smi-helper-diagnostics-'));
  const sourcesSha = await putArtifact(
    join(runDir, 'artifacts'),
    JSON.stringify({ move_toml: MOVE_TOML, files: { [SHOP]: BROKEN_SHOP } }),
  );
  const attempt = {
    attempt: 1,
    promptSha: null,
    answerSha: null,
    sourcesSha,
    problemsSha: null,
    modulesSha: null,
  };
  const base = { attempts: 1, attempt_history: [{ attempt: 1, outcome: 'build_failed', errors: [] }] };
  return String(
    helperBody({
      row: { ...base, ...row },
      runDir,
      trace: { ...EMPTY_TRACE, attempts: [attempt] },
      targets: null,
      textLimit: null,
    }),
  );
}

/** Each placed diagnostic: the source line above it, its class, its code and its text. */
function placed(markup: string): [string, string, string, string][] {
  const lines = markup.split('\n');
  const found: [string, string, string, string][] = [];
  lines.forEach((line, i) => {
    const span = /<span class="(diag [a-z]+)" data-code="([^"]*)">\s*\^ (.*)<\/span>/.exec(line);
    if (!span) return;
    let above = i - 1;
    while (lines[above]!.includes('class="diag ')) above--;
    found.push([/<span class="ln">\s*(\d+)<\/span>/.exec(lines[above]!)![1]!, span[1]!, span[2]!, span[3]!]);
  });
  return found;
}

describe('the helper page places diagnostics under their lines', () => {
  it('from the row’s parsed diagnostics, warnings included, with severity and code', async () => {
    const markup = await page({ build_diagnostics: [PARSED], build_errors: [ERROR_LINES] });
    expect(markup).toContain('<h4>Attempt 1: the build failed (1 warning)</h4>');
    expect(placed(markup)).toEqual([
      [
        '7',
        'diag warning',
        'W09002',
        'warning[W09002]: unused variable: Unused local variable &#39;flag&#39;',
      ],
      ['7', 'diag error', 'E04007', 'error[E04007]: incompatible types: Invalid type annotation'],
      ['9', 'diag error', 'E04023', 'error[E04023]: invalid method call: No known method &#39;senderx&#39;'],
    ]);
    expect(markup).toMatch(/diagnostics without a source line.*the package has no module named shop2/s);
  });

  it('from the row’s error line when the build failed with no diagnostic of Sui’s (a crash)', async () => {
    const crash = "error: Sui's compiler crashed: Maximum call stack size exceeded";
    const markup = await page({ build_diagnostics: [[PARSED[0]]], build_errors: [[crash]] });
    expect(placed(markup)).toEqual([
      [
        '7',
        'diag warning',
        'W09002',
        'warning[W09002]: unused variable: Unused local variable &#39;flag&#39;',
      ],
    ]);
    expect(markup).toMatch(/diagnostics without a source line.*Maximum call stack size exceeded/s);
  });

  it('from an older row’s error lines, when it has no parsed diagnostics', async () => {
    const markup = await page({ build_errors: [ERROR_LINES] });
    expect(markup).toContain('<h4>Attempt 1: the build failed</h4>');
    expect(placed(markup)).toEqual([
      ['7', 'diag error', 'E04007', 'error[E04007]: incompatible types: Invalid type annotation'],
      ['9', 'diag error', 'E04023', 'error[E04023]: invalid method call: No known method &#39;senderx&#39;'],
    ]);
    expect(markup).toMatch(
      /diagnostics without a source line.*error: the package has no module named shop2/s,
    );
  });
});
