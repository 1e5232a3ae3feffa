// Three mistakes language models often make in Sui Move, built with Sui's compiler: the rendered
// diagnostic, which is what the model reads, must lead it to the place of the fix. The code and the primary
// position are Sui's (positions follow Sui's compiler tests move_2024/typing/let_mut_assign,
// move_check/locals/unused_resource, move_2024/naming/unbound_module), and where the fix is elsewhere (the
// `let` to change, the value left behind) the text shows that line with a label starting at the fix.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWithSui } from '../../src/sui-compiler/build.js';
import type { SuiBuildResult } from '../../src/contracts/sui-build.js';
import { CORPUS_DIR } from '../support/paths.js';

const MOVE_TOML = '[package]\nname = "helper"\nedition = "2024"\n\n[addresses]\nhelper = "0x0"\n';

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

/**
 * The part of `rendered` that shows `path` under the first diagnostic with `code`: from its `┌─ path`
 * line to the next file header or the blank line that ends the diagnostic.
 */
function sourceSection(rendered: string, code: string, path: string): string[] {
  const lines = rendered.split('\n');
  const head = lines.findIndex((line) => line.startsWith(`error[${code}]`));
  if (head < 0) return [];
  const start = lines.findIndex((line, i) => i > head && line.trim().startsWith(`┌─ ${path}:`));
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && (line.trim().startsWith('┌─') || line.trim() === ''));
  return lines.slice(start, end < 0 ? undefined : end);
}

/** Whether `section` shows source line `line` with a label (`-` or `^`) starting at `column` under it. */
function labelStartsAt(section: string[], text: string, line: number, column: number): boolean {
  const source = text.split('\n')[line - 1] ?? '';
  const index = section.findIndex((l) => new RegExp(`^\\s*${line} │ `).test(l));
  if (index < 0 || !section[index]!.endsWith(source)) return false;
  const at = section[index]!.indexOf('│ ') + 2 + column - 1;
  const under = section[index + 1] ?? '';
  return /[-^]/.test(under[at] ?? '') && under[at - 1] === ' ';
}

const results = new Map<string, SuiBuildResult>();

beforeAll(async () => {
  const built = await Promise.all(
    MISTAKES.map(({ text }) =>
      buildWithSui({
        moveToml: MOVE_TOML,
        files: [{ path: PATH, text }],
        dependencies: { corpusRoot: CORPUS_DIR },
      }),
    ),
  );
  MISTAKES.forEach(({ name }, i) => results.set(name, built[i]!));
}, 120_000);

describe('typical LLM mistakes point at the fix', () => {
  it.each(MISTAKES)('$name', ({ name, text, code, primary, fix }) => {
    const result = results.get(name)!;
    expect(result.ok, result.rendered).toBe(false);
    const error = result.diagnostics.find((d) => d.severity === 'error');
    expect(error, result.rendered).toBeDefined();
    expect({ code: error!.code, file: error!.file, line: error!.line, column: error!.column }).toEqual({
      code,
      file: PATH,
      ...primary,
    });

    expect(result.rendered).toContain(`error[${code}]`);
    expect(result.rendered).toContain(`${PATH}:${primary.line}:${primary.column}`);
    const section = sourceSection(result.rendered, code, PATH);
    expect(labelStartsAt(section, text, primary.line, primary.column), result.rendered).toBe(true);
    if (fix) expect(labelStartsAt(section, text, fix.line, fix.column), result.rendered).toBe(true);
  });
});
