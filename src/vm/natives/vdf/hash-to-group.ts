// fastcrypto's `hash_to_group_with_default_parameters`: a form (a, b, c) of the class group whose a
// is a product of distinct primes drawn from ChaCha8 seeded with SHA-256(message), each prime p with
// (Δ/p) = 1 so that Δ has a square root modulo p; b is the CRT of those roots, made odd. The form is
// returned as computed, not reduced.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToNumberLE } from '@noble/curves/utils.js';
import { ChaCha8Rng } from './chacha8.js';
import { chineseRemainder, modularSquareRoot } from './congruences.js';
import { jacobi } from './integers.js';
import { isProbablePrime } from './primality.js';
import { formFromAB, type QuadraticForm } from './quadratic-form.js';

/** fastcrypto's defaults: two prime factors below 2^136 each. */
const DEFAULT_PRIME_FACTOR_BYTES = 17;
const DEFAULT_PRIME_FACTORS = 2;

/** Candidates divisible by these are skipped before the primality test, as fastcrypto does. */
const ODD_PRIMES_BELOW_100 = [
  3n,
  5n,
  7n,
  11n,
  13n,
  17n,
  19n,
  23n,
  29n,
  31n,
  37n,
  41n,
  43n,
  47n,
  53n,
  59n,
  61n,
  67n,
  71n,
  73n,
  79n,
  83n,
  89n,
  97n,
];

function nextOddCandidate(rng: ChaCha8Rng, sizeInBytes: number): bigint {
  const bytes = new Uint8Array(sizeInBytes);
  rng.fillBytes(bytes);
  bytes[0]! |= 1;
  return bytesToNumberLE(bytes);
}

/** The form for `message`; the parameters other than the defaults only serve fastcrypto's tests. */
export function hashToGroup(
  message: Uint8Array,
  discriminant: bigint,
  primeFactorBytes = DEFAULT_PRIME_FACTOR_BYTES,
  primeFactors = DEFAULT_PRIME_FACTORS,
): QuadraticForm {
  const rng = new ChaCha8Rng(sha256(message));
  const factors: bigint[] = [];
  const roots: bigint[] = [];
  while (factors.length < primeFactors) {
    const p = nextOddCandidate(rng, primeFactorBytes);
    if (factors.includes(p) || ODD_PRIMES_BELOW_100.some((small) => p % small === 0n)) continue;
    if (jacobi(discriminant, p) !== 1 || !isProbablePrime(p)) continue;
    factors.push(p);
    roots.push(modularSquareRoot(discriminant, p));
  }
  const a = factors.reduce((product, p) => product * p, 1n);
  let b = chineseRemainder(roots, factors);
  if ((b & 1n) === 0n) b -= a;
  const form = formFromAB(a, b, discriminant);
  if (!form) throw new Error('hash to group: b² ≢ Δ (mod 4a), the discriminant is not prime');
  return form;
}
