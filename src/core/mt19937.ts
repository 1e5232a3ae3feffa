// CPython-compatible `random.Random` (MT19937), enough of it for the mock agent to match upstream numbers.

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;

/** 32-bit little-endian words of |seed|, `[0]` for 0: the key CPython feeds to init_by_array. */
function seedKey(seed: number | bigint): number[] {
  if (typeof seed === 'number' && !Number.isSafeInteger(seed)) {
    throw new RangeError(`seed must be a safe integer, got ${seed}`);
  }
  let n = BigInt(seed);
  if (n < 0n) n = -n;
  const key: number[] = [];
  while (n > 0n) {
    key.push(Number(n & 0xffffffffn));
    n >>= 32n;
  }
  return key.length === 0 ? [0] : key;
}

export class PyRandom {
  private readonly mt = new Uint32Array(N);
  private mti = N + 1;

  constructor(seed: number | bigint) {
    this.initByArray(seedKey(seed));
  }

  private initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1] as number;
      const x = (prev ^ (prev >>> 30)) >>> 0;
      // Math.imul gives the product mod 2^32, as the C code does with uint32_t.
      mt[i] = (Math.imul(1812433253, x) + i) >>> 0;
    }
    this.mti = N;
  }

  private initByArray(key: number[]): void {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1] as number;
      const x = (prev ^ (prev >>> 30)) >>> 0;
      mt[i] = (((mt[i] as number) ^ Math.imul(x, 1664525)) + (key[j] as number) + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1] as number;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1] as number;
      const x = (prev ^ (prev >>> 30)) >>> 0;
      mt[i] = (((mt[i] as number) ^ Math.imul(x, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1] as number;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  private twist(): void {
    const mt = this.mt;
    // Three loops instead of `% N` on every index: the same words, and bootstraps draw millions of them.
    let kk = 0;
    for (; kk < N - M; kk++) {
      const y = ((mt[kk] as number) & UPPER_MASK) | ((mt[kk + 1] as number) & LOWER_MASK);
      mt[kk] = (mt[kk + M] as number) ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    }
    for (; kk < N - 1; kk++) {
      const y = ((mt[kk] as number) & UPPER_MASK) | ((mt[kk + 1] as number) & LOWER_MASK);
      mt[kk] = (mt[kk + M - N] as number) ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    }
    const y = ((mt[N - 1] as number) & UPPER_MASK) | ((mt[0] as number) & LOWER_MASK);
    mt[N - 1] = (mt[M - 1] as number) ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    this.mti = 0;
  }

  /** One raw 32-bit output (CPython's genrand_uint32). */
  nextUint32(): number {
    if (this.mti >= N) this.twist();
    let y = this.mt[this.mti++] as number;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** `random.random()`: 53 random bits in [0, 1). */
  random(): number {
    const a = this.nextUint32() >>> 5;
    const b = this.nextUint32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  /** `random.getrandbits(k)`; words are filled least significant first, the last one from its top bits. */
  getrandbits(k: number): bigint {
    if (!Number.isInteger(k) || k < 0) throw new RangeError('number of bits must be a non-negative integer');
    if (k <= 32) return BigInt(this.getrandbits32(k));
    let result = 0n;
    let shift = 0n;
    for (let left = k; left > 0; left -= 32) {
      let r = this.nextUint32();
      if (left < 32) r >>>= 32 - left;
      result |= BigInt(r) << shift;
      shift += 32n;
    }
    return result;
  }

  private getrandbits32(k: number): number {
    if (k === 0) return 0;
    return this.nextUint32() >>> (32 - k);
  }

  /** `random.randint(a, b)`: a + _randbelow(b - a + 1), by rejection on bit_length bits. */
  randint(a: number, b: number): number {
    if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b))
      throw new RangeError('randint needs safe integers');
    if (b < a) throw new RangeError(`empty range for randint(${a}, ${b})`);
    return a + this.randbelow(b - a + 1);
  }

  private randbelow(n: number): number {
    const k = n.toString(2).length;
    if (k <= 32) {
      let r = this.getrandbits32(k);
      while (r >= n) r = this.getrandbits32(k);
      return r;
    }
    const big = BigInt(n);
    let r = this.getrandbits(k);
    while (r >= big) r = this.getrandbits(k);
    return Number(r);
  }
}
