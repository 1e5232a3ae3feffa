// What the checker needs from the raw text beyond the AST: line numbers (for line-tagged abort codes)
// and the places of tokens Sui's diagnostics point at but the AST keeps no node for (the `;` ending a
// block's last statement, the `entry` modifier). Locations are UTF-8 byte offsets, so the text is
// searched as bytes.
import type { Loc } from '../ast.js';

const SEMICOLON = 0x3b;
const NEWLINE = 0x0a;
const SLASH = 0x2f;
const STAR = 0x2a;

export class SourceText {
  private readonly bytes = new Map<string, Buffer>();
  private readonly lineStarts = new Map<string, number[]>();

  constructor(files: readonly { path: string; text: string }[]) {
    for (const file of files) {
      const bytes = Buffer.from(file.text, 'utf8');
      const starts = [0];
      for (let i = 0; i < bytes.length; i++) if (bytes[i] === NEWLINE) starts.push(i + 1);
      this.bytes.set(file.path, bytes);
      this.lineStarts.set(file.path, starts);
    }
  }

  /** 1-based line of a location's start (0 for a file it does not know). */
  lineOf(loc: Loc): number {
    const starts = this.lineStarts.get(loc.file);
    if (!starts) return 0;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= loc.start) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** The `;` that follows `loc`, past whitespace and comments. */
  semicolonAfter(loc: Loc): Loc | undefined {
    const bytes = this.bytes.get(loc.file);
    if (!bytes) return undefined;
    let i = loc.end;
    while (i < bytes.length) {
      const byte = bytes[i]!;
      if (byte === SEMICOLON) return { file: loc.file, start: i, end: i + 1 };
      if (byte === SLASH && bytes[i + 1] === SLASH) {
        while (i < bytes.length && bytes[i] !== NEWLINE) i++;
      } else if (byte === SLASH && bytes[i + 1] === STAR) {
        const close = bytes.indexOf('*/', i + 2, 'latin1');
        i = close < 0 ? bytes.length : close + 2;
      } else if (byte <= 0x20) {
        i++;
      } else {
        return undefined;
      }
    }
    return undefined;
  }

  /** The last whole-word occurrence of `word` between two offsets of a file. */
  lastWordBetween(file: string, start: number, end: number, word: string): Loc | undefined {
    const bytes = this.bytes.get(file);
    if (!bytes) return undefined;
    // latin1 maps each byte to one character, so string indices stay byte offsets.
    const text = bytes.toString('latin1', start, end);
    let found: number | undefined;
    for (const match of text.matchAll(new RegExp(`\\b${word}\\b`, 'g'))) found = match.index;
    return found === undefined ? undefined : { file, start: start + found, end: start + found + word.length };
  }
}
