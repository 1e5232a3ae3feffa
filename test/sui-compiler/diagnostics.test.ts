// Sui's diagnostic text (codespan layout) parsed into code, position and message. The inputs are the
// text Sui's compiler printed for small programs (its layout, reproduced here by hand).
import { describe, expect, it } from 'vitest';
import { diagnosticLine, parseDiagnostics } from '../../src/sui-compiler/diagnostics.js';

const TWO = `warning[W09002]: unused variable
  ┌─ sources/h.move:3:6
  │
3 │  let x = 3;
  │      ^ Unused local variable 'x'. Consider removing or prefixing with an underscore: '_x'
  │
  = This warning can be suppressed with '#[allow(unused_variable)]'

error[E04007]: incompatible types
  ┌─ sources/h.move:4:28
  │
4 │  sui::o::g() + std::u::f() + true }
  │                            ^ ---- Found: 'bool'. It is not compatible with the other type.
  │                            │  
  │                            Incompatible arguments to '+'
  │
  ┌─ dependencies/MoveStdlib/sources/u.move:1:33
  │
1 │ module std::u { public fun f(): u64 { abort 0 } }
  │                                 --- Found: 'u64'. It is not compatible with the other type.

error[Sui E02002]: invalid 'entry' function signature
  ┌─ sources/e.move:7:5
  │
7 │     entry fun f(): Thing { abort 0 }
  │     ^^^^^ Invalid return type for entry function 'f'
`;

describe('parseDiagnostics', () => {
  it('reads severity, code, title, the primary position and its label', () => {
    expect(parseDiagnostics(TWO)).toEqual([
      {
        severity: 'warning',
        code: 'W09002',
        title: 'unused variable',
        message: "Unused local variable 'x'. Consider removing or prefixing with an underscore: '_x'",
        file: 'sources/h.move',
        line: 3,
        column: 6,
      },
      {
        severity: 'error',
        code: 'E04007',
        title: 'incompatible types',
        // Another label shares the caret's line, so the primary one is printed under it.
        message: "Incompatible arguments to '+'",
        file: 'sources/h.move',
        line: 4,
        column: 28,
      },
      {
        severity: 'error',
        code: 'Sui E02002',
        title: "invalid 'entry' function signature",
        message: "Invalid return type for entry function 'f'",
        file: 'sources/e.move',
        line: 7,
        column: 5,
      },
    ]);
  });

  it('keeps a diagnostic without a position, and reads nothing from other text', () => {
    expect(parseDiagnostics('error: Unbound module\n')).toEqual([
      {
        severity: 'error',
        code: null,
        title: 'Unbound module',
        message: 'Unbound module',
        file: null,
        line: null,
        column: null,
      },
    ]);
    expect(parseDiagnostics('Failed to build: the fetcher said no\n')).toEqual([]);
  });

  it('prints one line per diagnostic in the form the report places under source lines', () => {
    const [, second] = parseDiagnostics(TWO);
    expect(diagnosticLine(second!)).toBe(
      "sources/h.move:4:28: error[E04007]: incompatible types: Incompatible arguments to '+'",
    );
  });
});
