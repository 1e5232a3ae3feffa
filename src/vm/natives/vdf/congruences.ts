// Square roots modulo a prime and the Chinese remainder theorem, choosing the same root and the same
// representative as fastcrypto (`modular_square_root`, `solve_congruence_equation_system`): the
// hashed form's b is their raw output, so another valid root would give other bytes.
import { extendedGcd, floorMod, jacobi, modPow, trailingZeros } from './integers.js';

/** A square root of the quadratic residue a modulo the odd prime p (not always reduced mod p). */
export function modularSquareRoot(a: bigint, p: bigint): bigint {
  if (a === 0n) return 0n;
  const x = floorMod(a, p);
  switch (p & 7n) {
    case 3n:
    case 7n:
      return modPow(x, (p + 1n) >> 2n, p);
    case 5n: {
      // Atkin's variant; fastcrypto leaves the corrected root as an unreduced product.
      const root = modPow(x, (p + 3n) >> 3n, p);
      return modPow(root, 2n, p) === x ? root : root * modPow(2n, (p - 1n) >> 2n, p);
    }
    default: {
      // Tonelli–Shanks with the least non-residue d ≥ 2: find m with x^t · (d^t)^m ≡ 1 bit by bit.
      let d = 2n;
      while (jacobi(d, p) !== -1) d++;
      const s = trailingZeros(p - 1n);
      const t = (p - 1n) >> BigInt(s);
      const xt = modPow(x, t, p);
      const dt = modPow(d, t, p);
      let m = 0n;
      for (let i = 0; i < s; i++) {
        const probe = modPow(xt * modPow(dt, m, p), 1n << BigInt(s - 1 - i), p);
        if (probe === p - 1n) m += 1n << BigInt(i);
      }
      return (modPow(x, (t + 1n) >> 1n, p) * modPow(dt, m >> 1n, p)) % p;
    }
  }
}

/** z ≡ a (mod p), z ≡ b (mod q) for coprime p, q > 0, as a·y·q + b·x·p with px + qy = 1. */
function crtPair(a: bigint, p: bigint, b: bigint, q: bigint): bigint {
  const { x, y } = extendedGcd(p, q, true);
  const z = floorMod(a, p) * y * q + floorMod(b, q) * x! * p;
  return z < 0n ? z + p * q : z;
}

/** The solution of x ≡ residues[i] (mod moduli[i]) for distinct primes, combined as fastcrypto does. */
export function chineseRemainder(residues: bigint[], moduli: bigint[]): bigint {
  if (residues.length === 1) return residues[0]!;
  const first = crtPair(residues[0]!, moduli[0]!, residues[1]!, moduli[1]!);
  if (residues.length === 2) return first;
  const rest = chineseRemainder(residues.slice(2), moduli.slice(2));
  const restModulus = moduli.slice(2).reduce((product, p) => product * p, 1n);
  return crtPair(first, moduli[0]! * moduli[1]!, rest, restModulus);
}
