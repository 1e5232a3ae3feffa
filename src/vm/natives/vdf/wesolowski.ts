// Wesolowski's VDF verification as fastcrypto's `DefaultVDF::verify`: with the Fiat–Shamir prime
// l = hash_prime(BCS(input, output, iterations, Δ), 33 bytes, bits {0, 263}) and r = 2^T mod l,
// the proof π is valid when input·r + π·l equals the output exactly (same a, b, c).
import { concatBytes, numberToBytesLE } from '@noble/curves/utils.js';
import { partialGcdLimit } from './discriminant.js';
import { encodeForm, encodeInteger } from './form-encoding.js';
import { hashPrime } from './hash-prime.js';
import { modPow } from './integers.js';
import {
  discriminantOf,
  FormArithmetic,
  identityForm,
  sameForm,
  type QuadraticForm,
} from './quadratic-form.js';
import { twoScalarMul } from './scalar-multiplication.js';

const CHALLENGE_BYTES = 33;

function fiatShamirChallenge(
  discriminant: bigint,
  iterations: bigint,
  input: QuadraticForm,
  output: QuadraticForm,
): bigint {
  const seed = concatBytes(
    encodeForm(input),
    encodeForm(output),
    numberToBytesLE(iterations, 8),
    encodeInteger(discriminant),
  );
  return hashPrime(seed, CHALLENGE_BYTES, [0, 8 * CHALLENGE_BYTES - 1]);
}

/** Whether input·(2^T mod l) + proof·l equals the output, for a given challenge prime l. */
export function checkProof(
  discriminant: bigint,
  iterations: bigint,
  input: QuadraticForm,
  output: QuadraticForm,
  proof: QuadraticForm,
  l: bigint,
): boolean {
  const group = new FormArithmetic(partialGcdLimit(discriminant));
  const sum = twoScalarMul(group, identityForm(discriminant), input, modPow(2n, iterations, l), proof, l);
  return sameForm(sum, output);
}

export function verifyWesolowski(
  discriminant: bigint,
  iterations: bigint,
  input: QuadraticForm,
  output: QuadraticForm,
  proof: QuadraticForm,
): boolean {
  if ([input, output, proof].some((f) => discriminantOf(f) !== discriminant)) return false;
  const l = fiatShamirChallenge(discriminant, iterations, input, output);
  return checkProof(discriminant, iterations, input, output, proof, l);
}
