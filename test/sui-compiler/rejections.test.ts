// Rejection fidelity: each program under rejections/ holds one class of mistake, and expected.json says
// which code Sui's compiler reports first and where its primary label starts (derived from Sui's own
// compiler tests, see each entry's `source`). Each program is built as the one source of a helper package
// with Sui's compiler (mainnet-v1.71.1) against the framework stubs; its first error must be that code
// at that line and column. DEVIATIONS lists where the build gives something else, and why: each is
// pinned to what the build gives now, so a change of the compiler or of the stubs shows up here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWithSui } from '../../src/sui-compiler/build.js';
import type { MoveDiagnostic, SuiBuildResult } from '../../src/contracts/sui-build.js';
import { CORPUS_DIR, PROJECT_ROOT } from '../support/paths.js';

interface Expectation {
  file: string;
  code: string;
  line: number;
  column: number;
  source: string;
}

const REJECTIONS_DIR = join(PROJECT_ROOT, 'test', 'sui-compiler', 'rejections');
const expectations = JSON.parse(readFileSync(join(REJECTIONS_DIR, 'expected.json'), 'utf8')) as Expectation[];

const MOVE_TOML = '[package]\nname = "helper"\nedition = "2024"\n\n[addresses]\nhelper = "0x0"\n';

/** What the build gives instead of the expectation: the first error (`code@line:column`), or `built`. */
interface Deviation {
  gives: string;
  why: string;
}

const DEVIATIONS: Record<string, Deviation> = {
  '33-entry-returns-reference.move': {
    gives: 'built',
    why:
      "mainnet-v1.71.1's compiler has no entry signature rules left (Sui E02002 and its messages are absent " +
      'from its WASM; see ../fixtures/mistakes/README.md): an entry function returning a reference builds. ' +
      'The expectation comes from the snapshot of an earlier compiler.',
  },
};

const describeDiagnostics = (diagnostics: MoveDiagnostic[]) =>
  diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity}[${d.code}] ${d.message}`).join('\n');

/** The build's verdict in the form of a deviation's `gives`. */
function verdict(result: SuiBuildResult): string {
  if (result.ok) return 'built';
  const error = result.diagnostics.find((d) => d.severity === 'error');
  return error ? `${error.code}@${error.line}:${error.column}` : `${result.stage} without an error`;
}

const results = new Map<string, SuiBuildResult>();

beforeAll(async () => {
  const built = await Promise.all(
    expectations.map(({ file }) =>
      buildWithSui({
        moveToml: MOVE_TOML,
        files: [{ path: `sources/${file}`, text: readFileSync(join(REJECTIONS_DIR, file), 'utf8') }],
        dependencies: { corpusRoot: CORPUS_DIR },
      }),
    ),
  );
  expectations.forEach(({ file }, i) => results.set(file, built[i]!));
}, 300_000);

function resultOf(file: string): SuiBuildResult {
  const result = results.get(file);
  if (!result) throw new Error(`no build of ${file}`);
  return result;
}

describe('rejection manifest', () => {
  it('lists every program once, and every deviation is of a listed program', () => {
    const programs = readdirSync(REJECTIONS_DIR)
      .filter((name) => name.endsWith('.move'))
      .sort();
    expect(expectations.map((entry) => entry.file).sort()).toEqual(programs);
    for (const file of Object.keys(DEVIATIONS)) expect(programs).toContain(file);
  });
});

describe('rejections match Sui', () => {
  it.each(expectations.filter(({ file }) => !(file in DEVIATIONS)))(
    '$file: $code at $line:$column',
    ({ file, code, line, column }) => {
      const result = resultOf(file);
      expect(result.ok, 'the build is refused').toBe(false);
      if (result.ok) return;
      expect(result.stage, result.rendered).toBe('compile');
      const error = result.diagnostics.find((d) => d.severity === 'error');
      expect(error, result.rendered).toBeDefined();
      expect(
        { code: error!.code, file: error!.file, line: error!.line, column: error!.column },
        describeDiagnostics(result.diagnostics),
      ).toEqual({ code, file: `sources/${file}`, line, column });
      // The text a model reads shows the code at that place.
      expect(result.rendered).toContain(`[${code}]`);
      expect(result.rendered).toContain(`sources/${file}:${line}:${column}`);
    },
  );

  it.each(Object.entries(DEVIATIONS))('%s deviates as recorded', (file, { gives }) => {
    const result = resultOf(file);
    expect(verdict(result), result.rendered).toBe(gives);
  });
});
