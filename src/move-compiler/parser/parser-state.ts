// The token cursor shared by all parsing functions, with Sui's way of reporting an unexpected token:
// "Unexpected X" at the token and "Expected Y" at what was expected (the same place, or the span
// from where the expected construct began).
import type { Loc, Name } from '../ast.js';
import { CODES } from '../codes.js';
import type { Diagnostic, DiagnosticBag, Label } from '../diagnostics.js';
import { describeToken, type Token, type TokenKind } from './tokens.js';

/** Thrown to abandon the current construct; caught where the parser can resynchronise. */
export class ParseFailure extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.primary.message);
  }
}

export class ParserState {
  private index = 0;

  constructor(
    readonly file: string,
    private readonly tokens: Token[],
    readonly bag: DiagnosticBag,
  ) {}

  get current(): Token {
    return this.peekAt(0);
  }

  peekAt(ahead: number): Token {
    const last = this.tokens[this.tokens.length - 1];
    const token = this.tokens[this.index + ahead] ?? last;
    if (token === undefined) throw new Error('token list must end with eof');
    return token;
  }

  get kind(): TokenKind {
    return this.current.kind;
  }

  lookahead(ahead = 1): TokenKind {
    return this.peekAt(ahead).kind;
  }

  at(kind: TokenKind): boolean {
    return this.current.kind === kind;
  }

  /** An identifier with this exact text (contextual words like `has`, `entry`). */
  atWord(word: string): boolean {
    return this.current.kind === 'identifier' && this.current.text === word;
  }

  /** Byte offset where the current token starts. */
  get start(): number {
    return this.current.start;
  }

  /** Byte offset where the last consumed token ends. */
  get previousEnd(): number {
    return this.index === 0 ? 0 : (this.tokens[this.index - 1]?.end ?? 0);
  }

  advance(): Token {
    const token = this.current;
    if (token.kind !== 'eof') this.index++;
    return token;
  }

  match(kind: TokenKind): boolean {
    if (!this.at(kind)) return false;
    this.advance();
    return true;
  }

  /** Consumes `kind` or fails with Sui's unexpected-token error. */
  expect(kind: TokenKind, expectedStart = this.start, expectedSuffix = ''): Token {
    if (this.at(kind)) return this.advance();
    throw this.unexpected(`'${kind}'${expectedSuffix}`, expectedStart);
  }

  expectWord(word: string): Token {
    if (this.atWord(word)) return this.advance();
    throw this.unexpected(`'${word}'`);
  }

  /** When a list closes with `>` but the lexer saw `>>` (as in `A<B<C>>`), split it in two. */
  splitShiftRight(): void {
    const token = this.current;
    if (token.kind !== '>>') return;
    const first: Token = { ...token, kind: '>', text: '>', end: token.start + 1 };
    const second: Token = { ...token, kind: '>', text: '>', start: token.start + 1, afterNewline: false };
    this.tokens.splice(this.index, 1, first, second);
  }

  loc(start: number, end = this.previousEnd): Loc {
    return { file: this.file, start, end: Math.max(start, end) };
  }

  tokenLoc(token: Token = this.current): Loc {
    return { file: this.file, start: token.start, end: token.end };
  }

  /** The current token is directly after the previous one, with no space between. */
  get adjacentToPrevious(): boolean {
    return this.index > 0 && this.current.start === this.previousEnd;
  }

  unexpected(expected: string, expectedStart = this.start): ParseFailure {
    const unexpectedLoc = this.tokenLoc();
    const expectedLoc = expectedStart < this.start ? this.loc(expectedStart) : unexpectedLoc;
    return new ParseFailure(
      diagnostic(
        CODES.unexpectedToken,
        { loc: unexpectedLoc, message: `Unexpected ${describeToken(this.current)}` },
        [{ loc: expectedLoc, message: `Expected ${expected}` }],
      ),
    );
  }

  failAt(loc: Loc, message: string, code = CODES.unexpectedToken): ParseFailure {
    return new ParseFailure(diagnostic(code, { loc, message }));
  }

  report(failure: ParseFailure): void {
    const { code, primary, secondary, notes } = failure.diagnostic;
    this.bag.add(code, primary, secondary, notes);
  }

  /** Identifiers and escaped identifiers; Sui's `parse_identifier`. */
  parseIdentifier(): Name {
    const token = this.current;
    if (token.kind === 'identifier' || token.kind === 'syntax_identifier') {
      this.advance();
      return { value: token.text, loc: this.tokenLoc(token) };
    }
    if (token.kind === 'restricted_identifier') {
      this.advance();
      return { value: token.text.slice(1, -1), loc: this.tokenLoc(token) };
    }
    throw this.unexpected('an identifier');
  }

  atIdentifier(): boolean {
    return (
      this.kind === 'identifier' || this.kind === 'restricted_identifier' || this.kind === 'syntax_identifier'
    );
  }

  /**
   * Parses `open item, item, ... close` (trailing comma allowed), failing as Sui does when a
   * separator is missing.
   */
  commaList<T>(open: TokenKind, close: TokenKind, item: () => T, itemDescription: string): T[] {
    const openStart = this.start;
    this.expect(open);
    return this.commaListAfterOpen(openStart, open, close, item, itemDescription);
  }

  commaListAfterOpen<T>(
    openStart: number,
    open: TokenKind,
    close: TokenKind,
    item: () => T,
    itemDescription: string,
  ): T[] {
    const items: T[] = [];
    for (;;) {
      if (close === '>') this.splitShiftRight();
      if (this.match(close)) return items;
      if (this.at(',')) throw this.failAt(this.loc(this.start, this.start), `Expected ${itemDescription}`);
      items.push(item());
      if (close === '>') this.splitShiftRight();
      if (this.match(close)) return items;
      if (!this.match(',')) {
        throw new ParseFailure(
          diagnostic(
            CODES.unexpectedToken,
            { loc: this.loc(this.start, this.start), message: `Expected '${close}'` },
            [{ loc: this.loc(openStart, openStart), message: `The '${open}' left open here` }],
          ),
        );
      }
    }
  }
}

export function diagnostic(
  code: Diagnostic['code'],
  primary: Label,
  secondary: Label[] = [],
  notes: string[] = [],
): Diagnostic {
  return { code, primary, secondary, notes };
}
