// The word stream of rand_chacha 0.3's `ChaCha8Rng::from_seed` (ChaCha with 8 rounds, the 32-byte
// seed as key, block counter from 0, stream 0) and rand_core's `fill_bytes` on it, which takes whole
// 32-bit words (little-endian) and drops the unused bytes of the last one.

const CONSTANTS = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574];

const rotl = (x: number, n: number): number => (x << n) | (x >>> (32 - n));

function quarterRound(s: Uint32Array, a: number, b: number, c: number, d: number): void {
  s[a] = s[a]! + s[b]!;
  s[d] = rotl(s[d]! ^ s[a]!, 16);
  s[c] = s[c]! + s[d]!;
  s[b] = rotl(s[b]! ^ s[c]!, 12);
  s[a] = s[a]! + s[b]!;
  s[d] = rotl(s[d]! ^ s[a]!, 8);
  s[c] = s[c]! + s[d]!;
  s[b] = rotl(s[b]! ^ s[c]!, 7);
}

export class ChaCha8Rng {
  private readonly input = new Uint32Array(16);
  private block = new Uint32Array(16);
  private index = 16;

  constructor(seed: Uint8Array) {
    const view = new DataView(seed.buffer, seed.byteOffset, 32);
    this.input.set(CONSTANTS);
    for (let i = 0; i < 8; i++) this.input[4 + i] = view.getUint32(4 * i, true);
  }

  private nextWord(): number {
    if (this.index === 16) {
      const s = this.input.slice();
      for (let round = 0; round < 4; round++) {
        quarterRound(s, 0, 4, 8, 12);
        quarterRound(s, 1, 5, 9, 13);
        quarterRound(s, 2, 6, 10, 14);
        quarterRound(s, 3, 7, 11, 15);
        quarterRound(s, 0, 5, 10, 15);
        quarterRound(s, 1, 6, 11, 12);
        quarterRound(s, 2, 7, 8, 13);
        quarterRound(s, 3, 4, 9, 14);
      }
      for (let i = 0; i < 16; i++) s[i] = s[i]! + this.input[i]!;
      this.block = s;
      this.index = 0;
      // 64-bit block counter in words 12 and 13.
      this.input[12] = this.input[12]! + 1;
      if (this.input[12] === 0) this.input[13] = this.input[13]! + 1;
    }
    return this.block[this.index++]!;
  }

  fillBytes(out: Uint8Array): void {
    for (let i = 0; i < out.length; i += 4) {
      const word = this.nextWord();
      for (let j = 0; j < 4 && i + j < out.length; j++) out[i + j] = (word >>> (8 * j)) & 0xff;
    }
  }
}
