// Line numbers of source locations, for line-tagged (clever) abort codes. Locations are UTF-8 byte
// offsets, so lines are found in the bytes.
import type { Loc } from '../ast.js';

const NEWLINE = 0x0a;

export class SourceText {
  private readonly lineStarts = new Map<string, number[]>();

  constructor(files: readonly { path: string; text: string }[]) {
    for (const file of files) {
      const bytes = Buffer.from(file.text, 'utf8');
      const starts = [0];
      for (let i = 0; i < bytes.length; i++) if (bytes[i] === NEWLINE) starts.push(i + 1);
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
}
