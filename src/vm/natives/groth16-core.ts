// The Groth16 check shared by both curves, as fastcrypto (and arkworks) make it:
// e(A, B) · e(Σ xᵢ·γ_abcᵢ₊₁ + γ_abc₀, −γ) · e(C, −δ) = e(α, β), where pairs with an identity count as 1.
import type { BlsCurvePair } from '@noble/curves/abstract/bls.js';
import type { Fp12, Fp2 } from '@noble/curves/abstract/tower.js';
import type { WeierstrassPoint } from '@noble/curves/abstract/weierstrass.js';

export type G1 = WeierstrassPoint<bigint>;
export type G2 = WeierstrassPoint<Fp2>;

/** Sui's `PreparedVerifyingKey`, decoded. */
export interface PreparedKey {
  gammaAbc: G1[];
  alphaBeta: Fp12;
  gammaNeg: G2;
  deltaNeg: G2;
}

export interface Proof {
  a: G1;
  b: G2;
  c: G1;
}

/** The product of the pairings of the pairs without an identity (noble refuses identities). */
export function pairingProduct(curve: BlsCurvePair, pairs: [G1, G2][]): Fp12 {
  const kept = pairs.filter(([p, q]) => !p.is0() && !q.is0()).map(([g1, g2]) => ({ g1, g2 }));
  return kept.length === 0 ? curve.fields.Fp12.ONE : curve.pairingBatch(kept);
}

export function prepareKey(curve: BlsCurvePair, alpha: G1, beta: G2, gamma: G2, delta: G2, gammaAbc: G1[]) {
  return {
    gammaAbc,
    alphaBeta: pairingProduct(curve, [[alpha, beta]]),
    gammaNeg: gamma.negate(),
    deltaNeg: delta.negate(),
  };
}

/** False when there is not one public input fewer than γ_abc points. */
export function proofHolds(curve: BlsCurvePair, key: PreparedKey, inputs: bigint[], proof: Proof): boolean {
  const [first, ...rest] = key.gammaAbc;
  if (!first || inputs.length !== rest.length) return false;
  const prepared = rest.reduce((acc, point, i) => acc.add(point.multiplyUnsafe(inputs[i]!)), first);
  const product = pairingProduct(curve, [
    [proof.a, proof.b],
    [prepared, key.gammaNeg],
    [proof.c, key.deltaNeg],
  ]);
  return curve.fields.Fp12.eql(product, key.alphaBeta);
}

/** An Fp12 as arkworks serialises it: the 12 coordinates in tower order, each little-endian. */
export function fp12Coordinates(x: Fp12): bigint[] {
  return [x.c0, x.c1].flatMap((fp6) => [fp6.c0, fp6.c1, fp6.c2].flatMap((fp2) => [fp2.c0, fp2.c1]));
}

export function fp12FromCoordinates(c: bigint[]): Fp12 {
  const fp2 = (i: number) => ({ c0: c[2 * i]!, c1: c[2 * i + 1]! });
  return { c0: { c0: fp2(0), c1: fp2(1), c2: fp2(2) }, c1: { c0: fp2(3), c1: fp2(4), c2: fp2(5) } };
}
