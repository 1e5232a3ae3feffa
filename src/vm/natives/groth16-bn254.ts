// Groth16 over BN254 with arkworks' compressed serialisation, as fastcrypto-zkp's bn254 API reads it:
// field elements little-endian; a G1 point is x (32 bytes) and a G2 point x.c0 ‖ x.c1 (64 bytes), the
// last byte carrying the flags 0x80 (y is the larger root) and 0x40 (identity); points must be on the
// curve and in the subgroup. Like arkworks, a reader ignores bytes after the value it reads.
import { bn254, bn254_Fr } from '@noble/curves/bn254.js';
import type { Fp2 } from '@noble/curves/abstract/tower.js';
import { bytesToNumberLE, concatBytes, numberToBytesLE } from '@noble/curves/utils.js';
import {
  fp12Coordinates,
  fp12FromCoordinates,
  prepareKey,
  proofHolds,
  type G1,
  type G2,
  type PreparedKey,
} from './groth16-core.js';

const { Fp, Fp2: F2 } = bn254.fields;
const G1Point = bn254.G1.Point;
const G2Point = bn254.G2.Point;
const FQ = 32;
const G1_SIZE = FQ;
const G2_SIZE = 2 * FQ;
const YS_LARGER = 0x80;
const IDENTITY = 0x40;

/** A canonical Fq from 32 little-endian bytes, with the top two bits of the last byte masked if `flags`. */
function readFq(bytes: Uint8Array, flags: boolean): bigint | undefined {
  if (bytes.length < FQ) return undefined;
  const raw = Uint8Array.from(bytes.subarray(0, FQ));
  if (flags) raw[FQ - 1]! &= 0x3f;
  const n = bytesToNumberLE(raw);
  return n < Fp.ORDER ? n : undefined;
}

const larger = (y: bigint) => y > Fp.neg(y);
/** arkworks orders Fq2 by c1, then c0. */
const larger2 = (y: Fp2) => (y.c1 !== 0n ? larger(y.c1) : larger(y.c0));

function point<T, P extends G1 | G2>(
  Point: { ZERO: P; fromAffine(p: { x: T; y: T }): P },
  x: T,
  flags: number,
  y2: T,
  sqrt: (v: T) => T,
  neg: (v: T) => T,
  isLarger: (v: T) => boolean,
): P | undefined {
  if (flags === (YS_LARGER | IDENTITY)) return undefined;
  if (flags & IDENTITY) return Point.ZERO;
  try {
    const root = sqrt(y2);
    const y = isLarger(root) === ((flags & YS_LARGER) !== 0) ? root : neg(root);
    const p = Point.fromAffine({ x, y });
    p.assertValidity();
    return p;
  } catch {
    return undefined;
  }
}

export function readG1(bytes: Uint8Array): G1 | undefined {
  const x = readFq(bytes, true);
  if (x === undefined) return undefined;
  const y2 = Fp.add(Fp.pow(x, 3n), G1Point.CURVE().b);
  return point(
    G1Point,
    x,
    bytes[FQ - 1]! & 0xc0,
    y2,
    (v) => Fp.sqrt(v),
    (v) => Fp.neg(v),
    larger,
  );
}

export function readG2(bytes: Uint8Array): G2 | undefined {
  const c0 = readFq(bytes, false);
  const c1 = readFq(bytes.subarray(FQ), true);
  if (c0 === undefined || c1 === undefined) return undefined;
  const x = { c0, c1 };
  const y2 = F2.add(F2.pow(x, 3n), G2Point.CURVE().b);
  return point(
    G2Point,
    x,
    bytes[G2_SIZE - 1]! & 0xc0,
    y2,
    (v) => F2.sqrt(v),
    (v) => F2.neg(v),
    larger2,
  );
}

function writeG1(p: G1): Uint8Array {
  if (p.is0()) return Uint8Array.from({ length: FQ }, (_, i) => (i === FQ - 1 ? IDENTITY : 0));
  const { x, y } = p.toAffine();
  const out = numberToBytesLE(x, FQ);
  if (larger(y)) out[FQ - 1]! |= YS_LARGER;
  return out;
}

function writeG2(p: G2): Uint8Array {
  const out = new Uint8Array(G2_SIZE);
  if (p.is0()) {
    out[G2_SIZE - 1] = IDENTITY;
    return out;
  }
  const { x, y } = p.toAffine();
  out.set(numberToBytesLE(x.c0, FQ), 0);
  out.set(numberToBytesLE(x.c1, FQ), FQ);
  if (larger2(y)) out[G2_SIZE - 1]! |= YS_LARGER;
  return out;
}

function readFp12(bytes: Uint8Array) {
  const coordinates: bigint[] = [];
  for (let i = 0; i < 12; i++) {
    const n = readFq(bytes.subarray(i * FQ), false);
    if (n === undefined) return undefined;
    coordinates.push(n);
  }
  return fp12FromCoordinates(coordinates);
}

/** `count` points of `size` bytes from `bytes`, or undefined if one is missing or invalid. */
function readPoints<P>(
  bytes: Uint8Array,
  count: number,
  size: number,
  read: (b: Uint8Array) => P | undefined,
) {
  if (bytes.length < count * size) return undefined;
  const points: P[] = [];
  for (let i = 0; i < count; i++) {
    const p = read(bytes.subarray(i * size, (i + 1) * size));
    if (!p) return undefined;
    points.push(p);
  }
  return points;
}

/** arkworks `VerifyingKey`: α (G1), β, γ, δ (G2), then a u64 count and that many G1 points. */
export function prepareBn254(vk: Uint8Array): Uint8Array[] | undefined {
  const head = readPoints(vk, 1, G1_SIZE, readG1);
  const g2s = readPoints(vk.subarray(G1_SIZE), 3, G2_SIZE, readG2);
  const countAt = G1_SIZE + 3 * G2_SIZE;
  if (!head || !g2s || vk.length < countAt + 8) return undefined;
  const count = new DataView(vk.buffer, vk.byteOffset + countAt, 8).getBigUint64(0, true);
  if (count > BigInt(vk.length)) return undefined;
  const gammaAbc = readPoints(vk.subarray(countAt + 8), Number(count), G1_SIZE, readG1);
  if (!gammaAbc) return undefined;
  const key = prepareKey(bn254, head[0]!, g2s[0]!, g2s[1]!, g2s[2]!, gammaAbc);
  return [
    concatBytes(...key.gammaAbc.map(writeG1)),
    concatBytes(...fp12Coordinates(key.alphaBeta).map((n) => numberToBytesLE(n, FQ))),
    writeG2(key.gammaNeg),
    writeG2(key.deltaNeg),
  ];
}

/** The four parts of a prepared key, public inputs (32 bytes each) and a proof A ‖ B ‖ C. */
export function verifyBn254(parts: Uint8Array[], inputsBytes: Uint8Array, proofBytes: Uint8Array): boolean {
  const [gammaAbcBytes, alphaBetaBytes, gammaNegBytes, deltaNegBytes] = parts as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
  ];
  if (inputsBytes.length % 32 !== 0 || gammaAbcBytes.length % G1_SIZE !== 0) return false;
  const gammaAbc = readPoints(gammaAbcBytes, gammaAbcBytes.length / G1_SIZE, G1_SIZE, readG1);
  const alphaBeta = readFp12(alphaBetaBytes);
  const gammaNeg = readG2(gammaNegBytes);
  const deltaNeg = readG2(deltaNegBytes);
  const inputs: bigint[] = [];
  for (let i = 0; i < inputsBytes.length; i += 32)
    inputs.push(bytesToNumberLE(inputsBytes.subarray(i, i + 32)));
  const [a, c] = [readG1(proofBytes), readG1(proofBytes.subarray(G1_SIZE + G2_SIZE))];
  const b = readG2(proofBytes.subarray(G1_SIZE));
  if (!gammaAbc || !alphaBeta || !gammaNeg || !deltaNeg || !a || !b || !c) return false;
  if (inputs.some((x) => x >= bn254_Fr.ORDER)) return false;
  const key: PreparedKey = { gammaAbc, alphaBeta, gammaNeg, deltaNeg };
  return proofHolds(bn254, key, inputs, { a, b, c });
}
