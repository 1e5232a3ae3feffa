// Rejection fidelity: each program under rejections/ holds one class of mistake, and expected.json says
// which code Sui's compiler reports first and where its primary label starts (derived from Sui's own
// compiler tests, see each entry's `source`). Our compiler must agree on both.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../src/move-compiler/codes.js';
import { loadDependencies, type DependencyEnv } from '../../src/move-compiler/check/deps.js';
import type { Diagnostic } from '../../src/move-compiler/diagnostics.js';
import { CORPUS_DIR, PROJECT_ROOT } from '../support/paths.js';
import { compileHelper, lineAndColumn } from './support/compile-one.js';

interface Expectation {
  file: string;
  code: string;
  line: number;
  column: number;
  source: string;
}

const REJECTIONS_DIR = resolve(PROJECT_ROOT, 'test', 'move-compiler', 'rejections');
const expectations = JSON.parse(readFileSync(join(REJECTIONS_DIR, 'expected.json'), 'utf8')) as Expectation[];

function firstError(diagnostics: Diagnostic[]): Diagnostic | undefined {
  return diagnostics.find((diagnostic) => diagnostic.code.severity === 'error');
}

describe('rejection manifest', () => {
  it('lists every program once', () => {
    const programs = readdirSync(REJECTIONS_DIR)
      .filter((name) => name.endsWith('.move'))
      .sort();
    expect(expectations.map((entry) => entry.file).sort()).toEqual(programs);
  });

  it('uses only codes this compiler knows', () => {
    const known = new Set(Object.values(CODES).map((code) => code.code));
    for (const entry of expectations) expect(known, entry.file).toContain(entry.code);
  });
});

describe('rejections match Sui', () => {
  let dependencies: DependencyEnv;
  beforeAll(async () => {
    dependencies = await loadDependencies({ corpusRoot: CORPUS_DIR });
  }, 60_000);

  it.each(expectations)('$file: $code at $line:$column', ({ file, code, line, column }) => {
    const path = `sources/${file}`;
    const text = readFileSync(join(REJECTIONS_DIR, file), 'utf8');
    const result = compileHelper([{ path, text }], dependencies);
    const error = firstError(result.diagnostics);
    expect(error, 'an error is reported').toBeDefined();
    expect(error!.code.code).toBe(code);
    expect(error!.primary.loc.file).toBe(path);
    expect(lineAndColumn(text, error!.primary.loc.start)).toEqual({ line, column });
  });
});
