// Three mistakes language models often make in Sui Move. The rendered diagnostic must lead the reader
// to the place of the fix: the header names the primary position, and the `let` to change, or the
// value left behind, is shown with its line number. Positions follow Sui's compiler tests
// (move_2024/typing/let_mut_assign, move_check/locals/unused_resource, move_2024/naming/unbound_module).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDependencies, type DependencyEnv } from '../../src/move-compiler/check/deps.js';
import type { Diagnostic } from '../../src/move-compiler/diagnostics.js';
import { renderDiagnostics } from '../../src/move-compiler/render.js';
import { CORPUS_DIR } from '../support/paths.js';
import { compileHelper, lineAndColumn } from './support/compile-one.js';

const PATH = 'sources/h.move';

interface Mistake {
  name: string;
  text: string;
  code: string;
  /** Where the primary label starts. */
  primary: { line: number; column: number };
  /** Where the fix goes when it is not the primary position (a secondary label starts there). */
  fix?: { line: number; column: number };
}

const MISSING_MUT = `module helper::h;

public fun count_positive(values: vector<u64>): u64 {
    let count = 0;
    let mut i = 0;
    while (i < values.length()) {
        if (values[i] > 0) count = count + 1;
        i = i + 1;
    };
    count
}
`;

const FORGOTTEN_COIN = `module helper::h;

use sui::coin::{Self, Coin};
use sui::sui::SUI;

public fun pay_fee(payment: Coin<SUI>, ctx: &mut TxContext): u64 {
    let fee = coin::zero<SUI>(ctx);
    let total = payment.value() + fee.value();
    transfer::public_transfer(payment, ctx.sender());
    total
}
`;

const MISSPELLED_MODULE = `module helper::h;

use sui::balences::Balance;
use sui::sui::SUI;

public fun amount(b: &Balance<SUI>): u64 {
    b.value()
}
`;

const MISTAKES: Mistake[] = [
  // Assigning to `count` needs `let mut count`: the primary is the assignment, the fix the binding.
  {
    name: 'missing mut',
    text: MISSING_MUT,
    code: 'E04024',
    primary: { line: 7, column: 28 },
    fix: { line: 4, column: 9 },
  },
  // `fee` (a Coin, no drop) is still held at the end of the function: the primary is the returned
  // expression, a secondary label shows the `let fee` that must be consumed.
  {
    name: 'forgotten non-drop value',
    text: FORGOTTEN_COIN,
    code: 'E06001',
    primary: { line: 10, column: 5 },
    fix: { line: 7, column: 9 },
  },
  // The module path of the `use` is the thing to correct.
  { name: 'misspelled module', text: MISSPELLED_MODULE, code: 'E03002', primary: { line: 3, column: 5 } },
];

function firstError(diagnostics: Diagnostic[]): Diagnostic {
  const error = diagnostics.find((diagnostic) => diagnostic.code.severity === 'error');
  if (!error) throw new Error('no error reported');
  return error;
}

/** The source line as a renderer shows it: its number in the gutter, then the text. */
function gutterLine(text: string, line: number): RegExp {
  const source = (text.split('\n')[line - 1] ?? '').trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\s*${line}\\s*[│|].*${source}`, 'm');
}

describe('typical LLM mistakes point at the fix', () => {
  let dependencies: DependencyEnv;
  beforeAll(async () => {
    dependencies = await loadDependencies({ corpusRoot: CORPUS_DIR });
  }, 60_000);

  it.each(MISTAKES)('$name', ({ text, code, primary, fix }) => {
    const files = [{ path: PATH, text }];
    const { diagnostics } = compileHelper(files, dependencies);
    const error = firstError(diagnostics);
    expect(error.code.code).toBe(code);
    expect(lineAndColumn(text, error.primary.loc.start)).toEqual(primary);

    const rendered = renderDiagnostics([error], new Map(files.map((file) => [file.path, file.text])));
    expect(rendered).toContain(code);
    expect(rendered).toContain(`${PATH}:${primary.line}:${primary.column}`);
    if (fix) {
      const starts = error.secondary.map((label) => lineAndColumn(text, label.loc.start));
      expect(starts).toContainEqual(fix);
      expect(rendered).toMatch(gutterLine(text, fix.line));
    }
  });
});
