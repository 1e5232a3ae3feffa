// Rendering in the codespan layout of Sui's compiler. The expected layouts are those of Sui's own test
// snapshots (move_2024/parser/cast_invalid.snap, ability_modifier_postfix_no_semi.snap and
// dot_call_type_arguments_invalid.snap), with our own label texts; trailing blanks are not compared.
import { describe, expect, it } from 'vitest';
import type { Loc } from '../../src/move-compiler/ast.js';
import { CODES } from '../../src/move-compiler/codes.js';
import type { Diagnostic } from '../../src/move-compiler/diagnostics.js';
import { formatDiagnosticLine, lineColumn, renderDiagnostics } from '../../src/move-compiler/render.js';

const FILE = 'sources/m.move';

/** The byte span of the `occurrence`-th `snippet` on 1-based `line`. */
function span(text: string, line: number, snippet: string, occurrence = 1): Loc {
  const lines = text.split('\n');
  let offset = lines.slice(0, line - 1).reduce((sum, l) => sum + Buffer.byteLength(l) + 1, 0);
  const lineText = lines[line - 1] ?? '';
  let index = -1;
  for (let i = 0; i < occurrence; i++) index = lineText.indexOf(snippet, index + 1);
  offset += Buffer.byteLength(lineText.slice(0, index));
  return { file: FILE, start: offset, end: offset + Buffer.byteLength(snippet) };
}

function render(text: string, diagnostic: Diagnostic): string[] {
  return renderDiagnostics([diagnostic], new Map([[FILE, text]]))
    .split('\n')
    .map((line) => line.trimEnd());
}

describe('renderDiagnostics', () => {
  it('puts a lone single-line label after its carets', () => {
    const text =
      'module a::m {\n\n    fun simple(cond: bool, x: u32) {\n        if (cond) x else { x } as u32;\n    }\n}\n';
    const loc = span(text, 4, 'if (cond) x else { x }');
    expect(
      render(text, {
        code: CODES.ambiguousCast,
        primary: { loc, message: 'cast of what?' },
        secondary: [],
        notes: [],
      }),
    ).toEqual([
      "error[E01015]: ambiguous 'as'",
      '  ┌─ sources/m.move:4:9',
      '  │',
      '4 │         if (cond) x else { x } as u32;',
      '  │         ^^^^^^^^^^^^^^^^^^^^^^ cast of what?',
      '',
    ]);
  });

  it('hangs labels that share a start below a pointer', () => {
    const text = 'address 0x42 {\nmodule M {\n    public struct Foo {} has store\n}\n}\n';
    const loc = span(text, 4, '}');
    const diagnostic: Diagnostic = {
      code: CODES.unexpectedToken,
      primary: { loc, message: "Unexpected '}'" },
      secondary: [{ loc, message: "Expected one of: ',' or ';'" }],
      notes: [],
    };
    expect(render(text, diagnostic)).toEqual([
      'error[E01002]: unexpected token',
      '  ┌─ sources/m.move:4:1',
      '  │',
      '4 │ }',
      '  │ ^',
      '  │ │',
      "  │ Unexpected '}'",
      "  │ Expected one of: ',' or ';'",
      '',
    ]);
  });

  it('draws several labels on one line: the rightmost inline, the others hanging right to left', () => {
    const text = [
      'module a::m {',
      ...Array.from({ length: 9 }, () => ''),
      '    fun f() {',
      '        c.uncup <u64> ();',
      '    }',
      '}',
      '',
    ].join('\n');
    const lhs = span(text, 12, 'c.uncup <u64');
    const diagnostic: Diagnostic = {
      code: CODES.joinError,
      primary: { loc: span(text, 12, '>'), message: 'operands differ' },
      secondary: [
        { loc: lhs, message: 'left: bool' },
        { loc: span(text, 12, '()'), message: 'right: ()' },
      ],
      notes: ['compare values of one type'],
    };
    expect(render(text, diagnostic)).toEqual([
      'error[E04007]: incompatible types',
      '   ┌─ sources/m.move:12:21',
      '   │',
      '12 │         c.uncup <u64> ();',
      '   │         ------------^ -- right: ()',
      '   │         │           │',
      '   │         │           operands differ',
      '   │         left: bool',
      '   = compare values of one type',
      '',
    ]);
  });

  it('prints each labelled line, and multi-line messages one line each', () => {
    const text = [
      'module a::m {',
      ...Array.from({ length: 9 }, () => ''),
      '        let c = Cup { value: 0u64 };',
      '        c.uncup <u64> ();',
      '}',
      '',
    ].join('\n');
    const diagnostic: Diagnostic = {
      code: CODES.unboundVariable,
      primary: { loc: span(text, 12, 'u64'), message: "Unbound variable 'u64'\nDid you mean: 'c'" },
      secondary: [{ loc: span(text, 11, 'c'), message: 'a similar name' }],
      notes: [],
    };
    expect(render(text, diagnostic)).toEqual([
      'error[E03009]: unbound variable',
      '   ┌─ sources/m.move:12:18',
      '   │',
      '11 │         let c = Cup { value: 0u64 };',
      '   │             - a similar name',
      '12 │         c.uncup <u64> ();',
      '   │                  ^^^',
      '   │                  │',
      "   │                  Unbound variable 'u64'",
      "   │                  Did you mean: 'c'",
      '',
    ]);
  });
});

describe('positions', () => {
  it('gives 1-based lines and character columns of byte offsets', () => {
    const text = 'ab\n// é x\n';
    expect(lineColumn(text, 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn(text, 3)).toEqual({ line: 2, column: 1 });
    // `x` sits after the two-byte `é`: byte 9, character column 6.
    expect(lineColumn(text, Buffer.byteLength('ab\n// é '))).toEqual({ line: 2, column: 6 });
  });

  it('formats one diagnostic on one line', () => {
    const text = 'module a::m;\nfun f() { let x: u64 = true; }\n';
    const diagnostic: Diagnostic = {
      code: CODES.joinError,
      primary: { loc: span(text, 2, 'true'), message: 'Invalid type\nfirst' },
      secondary: [],
      notes: [],
    };
    expect(formatDiagnosticLine(diagnostic, new Map([[FILE, text]]))).toBe(
      'sources/m.move:2:24: error[E04007]: incompatible types: Invalid type; first',
    );
  });
});
