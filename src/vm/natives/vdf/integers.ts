// Integer arithmetic on BigInt with the rounding of the Rust `num` crates that fastcrypto uses:
// JS `/` and `%` truncate like Rust's, and these add the flooring variants and the rest.

/** Quotient rounded towards minus infinity (`div_floor`). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** Remainder with the sign of the divisor (`mod_floor`). */
export function floorMod(a: bigint, b: bigint): bigint {
  const r = a % b;
  return r !== 0n && r < 0n !== b < 0n ? r + b : r;
}

export const abs = (a: bigint): bigint => (a < 0n ? -a : a);

/** base^exponent mod m for exponent ≥ 0 and m > 0, in [0, m). */
export function modPow(base: bigint, exponent: bigint, m: bigint): bigint {
  let result = 1n % m;
  let b = floorMod(base, m);
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % m;
    b = (b * b) % m;
  }
  return result;
}

/** floor(sqrt(n)) for n ≥ 0 (Newton's method from above). */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = 1n << BigInt((n.toString(2).length >> 1) + 1);
  for (;;) {
    const next = (x + n / x) >> 1n;
    if (next >= x) return x;
    x = next;
  }
}

/** The number of trailing zero bits of n > 0. */
export function trailingZeros(n: bigint): number {
  let count = 0;
  for (let m = n; (m & 1n) === 0n; m >>= 1n) count++;
  return count;
}

/** The Jacobi symbol (a/m) for odd m > 0. */
export function jacobi(a: bigint, m: bigint): -1 | 0 | 1 {
  let x = floorMod(a, m);
  let n = m;
  let sign: 1 | -1 = 1;
  while (x !== 0n) {
    while ((x & 1n) === 0n) {
      x >>= 1n;
      const r = n & 7n;
      if (r === 3n || r === 5n) sign = sign === 1 ? -1 : 1;
    }
    [x, n] = [n, x];
    if ((x & 3n) === 3n && (n & 3n) === 3n) sign = sign === 1 ? -1 : 1;
    x %= n;
  }
  return n === 1n ? sign : 0;
}

export interface Euclid {
  gcd: bigint;
  /** Bézout coefficient of `a`: a·x + b·y = gcd (only when asked for). */
  x?: bigint;
  /** Bézout coefficient of `b`. */
  y: bigint;
  aOverGcd: bigint;
  bOverGcd: bigint;
}

const withSignOf = (magnitude: bigint, of: bigint): bigint =>
  of === 0n ? 0n : of < 0n ? -abs(magnitude) : abs(magnitude);

/**
 * The extended Euclidean algorithm with truncating division, exactly as fastcrypto's
 * `extended_euclidean_algorithm`: its Bézout coefficients (not only the gcd) feed the encoding of
 * hashed forms and the composition, so they must be the same ones.
 */
export function extendedGcd(a: bigint, b: bigint, withX: boolean): Euclid {
  let [r0, r1] = [a, b];
  let [s0, s1] = [0n, 1n];
  let [t0, t1] = [1n, 0n];
  while (r0 !== 0n) {
    const q = r1 / r0;
    [r0, r1] = [r1 - q * r0, r0];
    [s0, s1] = [s1 - q * s0, s0];
    if (withX) [t0, t1] = [t1 - q * t0, t0];
  }
  const flip = r1 < 0n ? -1n : 1n;
  const gcd = flip * r1;
  const result: Euclid = { gcd, y: flip * s1, aOverGcd: withSignOf(s0, a), bOverGcd: b / gcd };
  if (withX) {
    result.x = flip * t1;
    result.bOverGcd = withSignOf(t0, b);
  }
  return result;
}
