// Diagnostics in the shape of Sui's compiler: a code (`E04007`, or `Sui E02007` for Sui's own rules), the
// category's title, a primary label at the mistake and secondary labels at what explains it.
import type { Loc } from './ast.js';
import type { DiagnosticCode } from './codes.js';

export interface Label {
  loc: Loc;
  message: string;
}

export interface Diagnostic {
  code: DiagnosticCode;
  /** The primary label: where the mistake is. */
  primary: Label;
  /** In the order they should be printed (Sui prints them after the primary, in source order). */
  secondary: Label[];
  notes: string[];
}

/** Collects the diagnostics of one build; several per build, sorted into source order on the way out. */
export class DiagnosticBag {
  private readonly items: Diagnostic[] = [];

  add(code: DiagnosticCode, primary: Label, secondary: Label[] = [], notes: string[] = []): void {
    this.items.push({ code, primary, secondary, notes });
  }

  get hasErrors(): boolean {
    return this.items.some((item) => item.code.severity !== 'warning');
  }

  /** Errors first by file, then by position; warnings likewise after nothing else decides. */
  sorted(): Diagnostic[] {
    return [...this.items].sort(
      (a, b) =>
        a.primary.loc.file.localeCompare(b.primary.loc.file) ||
        a.primary.loc.start - b.primary.loc.start ||
        a.primary.loc.end - b.primary.loc.end,
    );
  }
}
