// Splits Move source into tokens. Lexical mistakes are reported to the bag and skipped, so the
// parser always sees a well-formed token list ending in `eof`.
import type { Loc } from '../ast.js';
import { CODES } from '../codes.js';
import type { DiagnosticBag } from '../diagnostics.js';
import { PUNCTUATION, keywordOf, type Token, type TokenKind } from './tokens.js';
import { Utf8Offsets } from './utf8-offsets.js';

const INTEGER_SUFFIXES = ['u8', 'u16', 'u32', 'u64', 'u128', 'u256'];

function isNameStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}

function isNameChar(c: string): boolean {
  return isNameStart(c) || (c >= '0' && c <= '9');
}

export function tokenize(file: string, text: string, bag: DiagnosticBag): Token[] {
  return new Lexer(file, text, bag).run();
}

class Lexer {
  private pos = 0;
  private sawNewline = false;
  private readonly tokens: Token[] = [];
  private readonly offsets: Utf8Offsets;

  constructor(
    private readonly file: string,
    private readonly text: string,
    private readonly bag: DiagnosticBag,
  ) {
    this.offsets = new Utf8Offsets(text);
  }

  run(): Token[] {
    for (;;) {
      this.skipTrivia();
      if (this.pos >= this.text.length) break;
      this.lexOne();
    }
    this.push('eof', this.text.length, this.text.length);
    return this.tokens;
  }

  private loc(start: number, end: number): Loc {
    return { file: this.file, start: this.offsets.toByte(start), end: this.offsets.toByte(end) };
  }

  private push(kind: TokenKind, start: number, end: number): void {
    this.tokens.push({
      kind,
      text: this.text.slice(start, end),
      start: this.offsets.toByte(start),
      end: this.offsets.toByte(end),
      afterNewline: this.sawNewline,
    });
    this.sawNewline = false;
  }

  private skipTrivia(): void {
    const text = this.text;
    while (this.pos < text.length) {
      const c = text[this.pos];
      if (c === ' ' || c === '\t') this.pos++;
      else if (c === '\n') {
        this.pos++;
        this.sawNewline = true;
      } else if (c === '\r' && text[this.pos + 1] === '\n') {
        this.pos += 2;
        this.sawNewline = true;
      } else if (text.startsWith('//', this.pos)) {
        const end = text.indexOf('\n', this.pos);
        this.pos = end < 0 ? text.length : end;
      } else if (text.startsWith('/*', this.pos)) this.skipBlockComment();
      else return;
    }
  }

  /** Block comments nest, as in Sui's lexer. */
  private skipBlockComment(): void {
    const start = this.pos;
    let depth = 0;
    while (this.pos < this.text.length) {
      if (this.text.startsWith('/*', this.pos)) {
        depth++;
        this.pos += 2;
      } else if (this.text.startsWith('*/', this.pos)) {
        depth--;
        this.pos += 2;
        if (depth === 0) return;
      } else {
        if (this.text[this.pos] === '\n') this.sawNewline = true;
        this.pos++;
      }
    }
    this.bag.add(CODES.invalidDocComment, {
      loc: this.loc(start, start + 2),
      message: 'This block comment has no closing */',
    });
  }

  private lexOne(): void {
    const text = this.text;
    const start = this.pos;
    const c = text[start] ?? '';
    if (c >= '0' && c <= '9') return this.lexNumber(start);
    if ((c === 'b' || c === 'x') && text[start + 1] === '"') return this.lexByteString(start);
    if (isNameStart(c)) {
      const end = this.nameEnd(start);
      this.pos = end;
      return this.push(keywordOf(text.slice(start, end)) ?? 'identifier', start, end);
    }
    if (c === '$' && isNameStart(text[start + 1] ?? '')) {
      this.pos = this.nameEnd(start + 1);
      return this.push('syntax_identifier', start, this.pos);
    }
    if (c === '`') return this.lexRestrictedIdentifier(start);
    if (c === "'" && isNameStart(text[start + 1] ?? '')) {
      this.pos = this.nameEnd(start + 1);
      return this.push('block_label', start, this.pos);
    }
    // `&mut` is one token only when a space follows, as in Sui's lexer; otherwise `&` then `mut`.
    if (text.startsWith('&mut ', start)) {
      this.pos = start + 4;
      return this.push('&mut', start, this.pos);
    }
    for (const punct of PUNCTUATION) {
      if (punct !== '&mut' && text.startsWith(punct, start)) {
        this.pos = start + punct.length;
        return this.push(punct, start, this.pos);
      }
    }
    const codePoint = text.codePointAt(start) ?? 0;
    const width = codePoint > 0xffff ? 2 : 1;
    this.pos = start + width;
    this.bag.add(CODES.invalidCharacter, {
      loc: this.loc(start, start + width),
      message: `The character '${String.fromCodePoint(codePoint)}' cannot appear in Move source here`,
    });
  }

  private nameEnd(from: number): number {
    let end = from;
    while (end < this.text.length && isNameChar(this.text[end] ?? '')) end++;
    return end;
  }

  private lexNumber(start: number): void {
    const text = this.text;
    let end = start;
    const isHex = text.startsWith('0x', start) && /[0-9a-fA-F_]/.test(text[start + 2] ?? '');
    const digit = isHex ? /[0-9a-fA-F_]/ : /[0-9_]/;
    end = isHex ? start + 2 : start;
    while (end < text.length && digit.test(text[end] ?? '')) end++;
    const suffix = INTEGER_SUFFIXES.find(
      (s) => text.startsWith(s, end) && !isNameChar(text[end + s.length] ?? ''),
    );
    this.pos = suffix === undefined ? end : end + suffix.length;
    this.push(suffix === undefined ? 'number' : 'typed_number', start, this.pos);
  }

  private lexByteString(start: number): void {
    const text = this.text;
    let end = start + 2;
    while (end < text.length && text[end] !== '"' && text[end] !== '\n') {
      end += text[end] === '\\' && text[end + 1] !== '\n' ? 2 : 1;
    }
    if (text[end] !== '"') {
      const isHex = text[start] === 'x';
      this.bag.add(isHex ? CODES.invalidHexString : CODES.invalidByteString, {
        loc: this.loc(start, end),
        message: `This ${isHex ? 'hex' : 'byte'} string has no closing '"' on its line`,
      });
      this.pos = end;
      return;
    }
    this.pos = end + 1;
    this.push('byte_string', start, this.pos);
  }

  private lexRestrictedIdentifier(start: number): void {
    const nameEnd = isNameStart(this.text[start + 1] ?? '') ? this.nameEnd(start + 1) : start + 1;
    if (this.text[nameEnd] === '`' && nameEnd > start + 1) {
      this.pos = nameEnd + 1;
      return this.push('restricted_identifier', start, this.pos);
    }
    this.pos = nameEnd;
    this.bag.add(CODES.invalidRestrictedIdentifier, {
      loc: this.loc(start, nameEnd),
      message: 'This escaped name has no closing backtick',
    });
  }
}
