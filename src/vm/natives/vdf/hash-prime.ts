// fastcrypto's `hash_prime` (chiavdf's HashPrime): SHA-256 of a seed read as a big-endian counter
// that is incremented before every hash, the digests concatenated to the wanted length, the given
// bits forced to 1, repeated until the number is a probable prime.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToNumberBE } from '@noble/curves/utils.js';
import { isProbablePrime } from './primality.js';

function increment(counter: Uint8Array): void {
  for (let i = counter.length - 1; i >= 0; i--) {
    counter[i] = (counter[i]! + 1) & 0xff;
    if (counter[i] !== 0) return;
  }
}

export function hashPrime(seed: Uint8Array, lengthInBytes: number, bitsToSet: number[]): bigint {
  const counter = seed.slice();
  const mask = bitsToSet.reduce((m, bit) => m | (1n << BigInt(bit)), 0n);
  for (;;) {
    const blob = new Uint8Array(lengthInBytes);
    for (let filled = 0; filled < lengthInBytes;) {
      increment(counter);
      const digest = sha256(counter).subarray(0, lengthInBytes - filled);
      blob.set(digest, filled);
      filled += digest.length;
    }
    const candidate = bytesToNumberBE(blob) | mask;
    if (isProbablePrime(candidate)) return candidate;
  }
}
