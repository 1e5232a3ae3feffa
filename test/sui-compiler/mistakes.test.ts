// Sui's verdicts on one mistake of each kind a model makes in a helper package. Each package under
// fixtures/mistakes/<class>/ holds one mistake, written after one of Sui's own compiler tests (`sui`: the
// test, and the code, line and column its snapshot gives); expected.json gives where the primary label
// points in our program: the snapshot's line and column, or, where our program places the statement
// elsewhere, a `mapping` saying which token both labels start at. Packages Sui must accept build.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { moduleSelfName } from '../../src/move/interface.js';
import { buildWithSui } from '../../src/sui-compiler/build.js';
import { buildDependencies } from '../../src/sui-compiler/dependencies.js';
import { parseDiagnostics } from '../../src/sui-compiler/diagnostics.js';
import type { MoveDiagnostic, SourceFile, SuiBuildResult } from '../../src/contracts/sui-build.js';
import { compileAgainstStubs } from '../move-stubs/stub-build.js';
import { CORPUS_DIR, PROJECT_ROOT } from '../support/paths.js';

const FIXTURES = join(PROJECT_ROOT, 'test', 'sui-compiler', 'fixtures', 'mistakes');

/** Where Sui's snapshot of one of its compiler tests puts the error. */
interface SuiExpectation {
  /** The test in Sui's repository: `<test>.move` beside `<test>.snap`. */
  test: string;
  code: string;
  line: number;
  column: number;
}

interface Expected {
  code: string;
  file: string;
  line: number;
  column: number;
  sui: SuiExpectation;
  /** Present when our line or column differs from the snapshot's: how the two positions correspond. */
  mapping?: string;
}

const EXPECTED = JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as Record<
  string,
  Expected
>;

/** Packages Sui accepts, with the modules they must build into. */
const ACCEPTED: Record<string, string[]> = {
  'well-formed': ['minter'],
  // An entry function returning an object without drop: refused by Sui before 2026 (Sui E02002), accepted
  // by mainnet-v1.71.1, whose compiler no longer has entry rules and whose verifier skips them.
  'entry-returns-object': ['shop'],
  // Only a warning: a droppable value bound and never used.
  'unused-variable': ['counter'],
};

/**
 * Warnings of accepted packages, each as Sui's snapshot of `move_check/locals/unused_resource` gives it for
 * `let r = R{};` (5:13, the variable); `Count` has `drop`, so here that is all there is.
 */
const WARNINGS: Record<string, Omit<Expected, 'sui' | 'mapping'>> = {
  'unused-variable': { code: 'W09002', file: 'sources/counter.move', line: 5, column: 13 },
};

function readPackage(name: string): { moveToml: string; files: SourceFile[] } {
  const dir = join(FIXTURES, name);
  const files = readdirSync(join(dir, 'sources'))
    .filter((file) => file.endsWith('.move'))
    .sort()
    .map((file) => ({ path: `sources/${file}`, text: readFileSync(join(dir, 'sources', file), 'utf8') }));
  return { moveToml: readFileSync(join(dir, 'Move.toml'), 'utf8'), files };
}

function build(name: string): Promise<SuiBuildResult> {
  const { moveToml, files } = readPackage(name);
  return buildWithSui({ moveToml, files, dependencies: { corpusRoot: CORPUS_DIR } });
}

const BUILD_TIMEOUT_MS = 300_000;
const results = new Map<string, SuiBuildResult>();

beforeAll(async () => {
  const names = [...Object.keys(EXPECTED), ...Object.keys(ACCEPTED)];
  const built = await Promise.all(names.map((name) => build(name)));
  names.forEach((name, i) => results.set(name, built[i]!));
}, BUILD_TIMEOUT_MS);

function resultOf(name: string): SuiBuildResult {
  const result = results.get(name);
  if (!result) throw new Error(`no build of ${name}`);
  return result;
}

const describeDiagnostics = (diagnostics: MoveDiagnostic[]) =>
  diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity}[${d.code}] ${d.message}`).join('\n');

describe('Sui refuses each kind of mistake with the code its own tests expect', () => {
  it('every class has a package and every package a class', () => {
    const dirs = readdirSync(FIXTURES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(dirs).toEqual([...Object.keys(EXPECTED), ...Object.keys(ACCEPTED)].sort());
  });

  it.each(Object.entries(EXPECTED))(
    '%s: the code of its Sui test, at its line or a stated mapping',
    (_, expected) => {
      expect(expected.code).toBe(expected.sui.code);
      const samePlace = expected.line === expected.sui.line && expected.column === expected.sui.column;
      expect(samePlace || (expected.mapping ?? '').length > 0).toBe(true);
    },
  );

  it.each(Object.entries(EXPECTED))('%s', (name, expected) => {
    const result = resultOf(name);
    expect(result.ok, result.rendered).toBe(false);
    if (result.ok) return;
    expect(result.stage, result.rendered).toBe('compile');
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    const match = errors.find(
      (d) =>
        d.code === expected.code &&
        d.file === expected.file &&
        d.line === expected.line &&
        d.column === expected.column,
    );
    expect(
      match,
      `expected error[${expected.code}] at ${expected.file}:${expected.line}:${expected.column}; got\n` +
        describeDiagnostics(result.diagnostics) +
        `\n\n${result.rendered}`,
    ).toBeDefined();
    // The rendered text the model reads shows the same code.
    expect(result.rendered).toContain(`error[${expected.code}]`);
  });
});

describe('Sui accepts well-formed helpers', () => {
  it.each(Object.entries(ACCEPTED))('%s', (name, modules) => {
    const result = resultOf(name);
    expect(result.ok, result.rendered).toBe(true);
    if (!result.ok) return;
    expect(result.modules.map((m) => m.name).sort()).toEqual(modules);
    for (const module of result.modules) expect(module.bytes.length).toBeGreaterThan(0);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('a build with only warnings', () => {
  it.each(Object.entries(WARNINGS))('%s succeeds and lists them', (name, warning) => {
    const result = resultOf(name);
    expect(result.ok, result.rendered).toBe(true);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', ...warning })]);
    expect(result.rendered).toContain(`warning[${warning.code}]`);
  });
});

// A build is given only the framework modules its sources can reach (src/move-stubs/module-selection.ts);
// the same packages built against the whole framework must get the same verdicts.
describe('trimming the framework changes no verdict', () => {
  const errorsOf = (diagnostics: MoveDiagnostic[]) =>
    diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)
      .sort();

  it(
    'every package, built against the whole framework, gives the same errors or builds the same modules',
    async () => {
      const whole = await buildDependencies({ corpusRoot: CORPUS_DIR });
      for (const name of [...Object.keys(EXPECTED), ...Object.keys(ACCEPTED)]) {
        const { files } = readPackage(name);
        const sources = Object.fromEntries(files.map((file) => [file.path, file.text]));
        const untrimmed = await compileAgainstStubs('helper', sources, whole);
        const trimmed = resultOf(name);
        if ('error' in untrimmed) {
          expect(trimmed.ok, `${name} builds only when trimmed`).toBe(false);
          expect(errorsOf(parseDiagnostics(untrimmed.error)), name).toEqual(errorsOf(trimmed.diagnostics));
          expect(errorsOf(trimmed.diagnostics).length, name).toBeGreaterThan(0);
        } else {
          expect(trimmed.ok, `${name} builds only against the whole framework`).toBe(true);
          if (trimmed.ok)
            expect(untrimmed.modules.map(moduleSelfName).sort(), name).toEqual(
              trimmed.modules.map((m) => m.name).sort(),
            );
        }
      }
    },
    BUILD_TIMEOUT_MS,
  );
});
