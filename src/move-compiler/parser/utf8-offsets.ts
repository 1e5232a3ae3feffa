// Locations are UTF-8 byte offsets (as Sui's compiler counts them) while JavaScript strings index
// UTF-16 code units. This converts between the two; all-ASCII text (nearly every Move file) maps 1:1.

export class Utf8Offsets {
  /** byteAt[i] is the UTF-8 offset of UTF-16 index i; absent when the text is all ASCII. */
  private readonly byteAt: Uint32Array | undefined;

  constructor(private readonly text: string) {
    // eslint-disable-next-line no-control-regex
    if (/^[\x00-\x7f]*$/.test(text)) {
      this.byteAt = undefined;
      return;
    }
    const byteAt = new Uint32Array(text.length + 1);
    let bytes = 0;
    for (let i = 0; i < text.length; i++) {
      byteAt[i] = bytes;
      const unit = text.charCodeAt(i);
      if (unit < 0x80) bytes += 1;
      else if (unit < 0x800) bytes += 2;
      else if (unit >= 0xd800 && unit <= 0xdbff) {
        // A surrogate pair is one 4-byte character; its second half shares the offset.
        bytes += 4;
        if (i + 1 < text.length) byteAt[++i] = bytes - 4;
      } else bytes += 3;
    }
    byteAt[text.length] = bytes;
    this.byteAt = byteAt;
  }

  toByte(index: number): number {
    return this.byteAt === undefined ? index : (this.byteAt[index] ?? this.byteAt[this.text.length] ?? index);
  }

  /** The UTF-16 index of a byte offset (the first index at or after it). */
  toIndex(byte: number): number {
    const byteAt = this.byteAt;
    if (byteAt === undefined) return Math.min(byte, this.text.length);
    let lo = 0;
    let hi = this.text.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((byteAt[mid] ?? 0) < byte) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
