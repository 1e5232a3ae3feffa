// BLS12-381 values in the byte formats of fastcrypto (and so of Sui's `group_ops` and `groth16`):
// scalars 32 bytes big-endian, G1 / G2 points compressed (48 / 96 bytes, ZCash flags), uncompressed
// G1 96 bytes, GT elements 576 bytes (12 big-endian Fp in blst's order). Decoders return undefined
// for bytes that do not encode a value.
//
// Points are always checked to be in their prime-order subgroup. fastcrypto skips that check on
// "trusted" bytes (elements that Move code already validated); bytes Move code cannot produce (a
// point on the curve outside the subgroup) are therefore refused here where Sui would compute on them.
import { bls12_381 } from '@noble/curves/bls12-381.js';
import type { Fp12 } from '@noble/curves/abstract/tower.js';
import { bytesToNumberBE, concatBytes, numberToBytesBE } from '@noble/curves/utils.js';

export const { Fp, Fp12: GT, Fr } = bls12_381.fields;
export const G1 = bls12_381.G1.Point;
export const G2 = bls12_381.G2.Point;
export type G1Point = InstanceType<typeof G1>;
export type G2Point = InstanceType<typeof G2>;
export type GTElement = Fp12;

export const SCALAR_LENGTH = 32;
export const G1_LENGTH = 48;
export const G2_LENGTH = 96;
export const UNCOMPRESSED_G1_LENGTH = 96;
const FP_LENGTH = 48;
export const GT_LENGTH = 12 * FP_LENGTH;

/** A scalar; `reduce` takes any 32 bytes modulo r (fastcrypto's trusted parse), else it must be below r. */
export function decodeScalar(bytes: Uint8Array, reduce = false): bigint | undefined {
  if (bytes.length !== SCALAR_LENGTH) return undefined;
  const n = bytesToNumberBE(bytes);
  if (reduce) return Fr.create(n);
  return n < Fr.ORDER ? n : undefined;
}

export const encodeScalar = (n: bigint): Uint8Array => numberToBytesBE(n, SCALAR_LENGTH);

function decodePoint<P>(Point: { fromBytes(bytes: Uint8Array): P }, bytes: Uint8Array, length: number) {
  if (bytes.length !== length) return undefined;
  try {
    return Point.fromBytes(bytes);
  } catch {
    return undefined;
  }
}

/** A compressed G1 point (the identity is 0xc0 ‖ 0…). */
export const decodeG1 = (bytes: Uint8Array): G1Point | undefined => decodePoint(G1, bytes, G1_LENGTH);
export const decodeG2 = (bytes: Uint8Array): G2Point | undefined => decodePoint(G2, bytes, G2_LENGTH);

/** x ‖ y, with neither the compression nor the sign flag (as fastcrypto's `G1ElementUncompressed`). */
export function decodeUncompressedG1(bytes: Uint8Array): G1Point | undefined {
  if (bytes.length !== UNCOMPRESSED_G1_LENGTH || (bytes[0]! & 0xa0) !== 0) return undefined;
  return decodePoint(G1, bytes, UNCOMPRESSED_G1_LENGTH);
}

// noble encodes only the canonical identity (0 : 1 : 0), not every projective form a sum can give.
export const encodeG1 = (p: G1Point): Uint8Array => (p.is0() ? G1.ZERO : p).toBytes(true);
export const encodeG2 = (p: G2Point): Uint8Array => (p.is0() ? G2.ZERO : p).toBytes(true);
export const encodeUncompressedG1 = (p: G1Point): Uint8Array => (p.is0() ? G1.ZERO : p).toBytes(false);

/**
 * blst's order of the 12 coordinates: for each Fp2 index i of an Fp6, for each Fp6 index j of the
 * Fp12, the two Fp of `c{j}.c{i}`.
 */
function gtCoordinates(x: Fp12): bigint[] {
  const out: bigint[] = [];
  for (const i of ['c0', 'c1', 'c2'] as const) {
    for (const half of [x.c0, x.c1]) out.push(half[i].c0, half[i].c1);
  }
  return out;
}

/** A GT element with every coordinate below p; not checked to be in the r-torsion subgroup. */
export function decodeGT(bytes: Uint8Array): GTElement | undefined {
  if (bytes.length !== GT_LENGTH) return undefined;
  const fp: bigint[] = [];
  for (let offset = 0; offset < GT_LENGTH; offset += FP_LENGTH) {
    const n = bytesToNumberBE(bytes.subarray(offset, offset + FP_LENGTH));
    if (n >= Fp.ORDER) return undefined;
    fp.push(n);
  }
  const fp2 = (i: number, j: number) => ({ c0: fp[4 * i + 2 * j]!, c1: fp[4 * i + 2 * j + 1]! });
  const fp6 = (j: number) => ({ c0: fp2(0, j), c1: fp2(1, j), c2: fp2(2, j) });
  return { c0: fp6(0), c1: fp6(1) };
}

export const encodeGT = (x: GTElement): Uint8Array =>
  concatBytes(...gtCoordinates(x).map((n) => numberToBytesBE(n, FP_LENGTH)));

/** e(P, Q); the identity when either point is the identity (noble refuses those). */
export function pairing(p: G1Point, q: G2Point): GTElement {
  if (p.is0() || q.is0()) return GT.ONE;
  return bls12_381.pairing(p, q);
}

/** Hash-to-curve (RFC 9380) with the DSTs of Sui's BLS signatures. */
export const hashToG1 = (msg: Uint8Array): G1Point =>
  bls12_381.G1.hashToCurve(msg, { DST: 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_' });
export const hashToG2 = (msg: Uint8Array): G2Point =>
  bls12_381.G2.hashToCurve(msg, { DST: 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_' });
