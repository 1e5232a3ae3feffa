// Groth16 over BLS12-381 as fastcrypto-zkp's generic API reads it: points in the compressed ZCash
// format of `group_ops` (checked to be in their subgroup), public inputs 32-byte little-endian
// scalars, the pairing e(α, β) in arkworks' layout (tower order, each Fp 48 bytes little-endian) and
// checked to lie in GT, a proof exactly A ‖ B ‖ C. Every length must be exact.
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bytesToNumberLE, concatBytes, numberToBytesLE } from '@noble/curves/utils.js';
import { decodeG1, decodeG2, encodeG1, encodeG2, Fr, G1_LENGTH, G2_LENGTH } from './bls12381-elements.js';
import {
  fp12Coordinates,
  fp12FromCoordinates,
  prepareKey,
  proofHolds,
  type PreparedKey,
} from './groth16-core.js';

const { Fp, Fp12 } = bls12_381.fields;
const FP = 48;
const GT_SIZE = 12 * FP;
const SCALAR = 32;

/** Consecutive `size`-byte values; undefined if the length is no multiple of `size` or one is invalid. */
function readAll<T>(
  bytes: Uint8Array,
  size: number,
  read: (b: Uint8Array) => T | undefined,
): T[] | undefined {
  if (bytes.length % size !== 0) return undefined;
  const out: T[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) {
    const value = read(bytes.subarray(offset, offset + size));
    if (value === undefined) return undefined;
    out.push(value);
  }
  return out;
}

function readGT(bytes: Uint8Array) {
  const coordinates = readAll(bytes, FP, (b) => {
    const n = bytesToNumberLE(b);
    return n < Fp.ORDER ? n : undefined;
  });
  if (bytes.length !== GT_SIZE || !coordinates) return undefined;
  const x = fp12FromCoordinates(coordinates);
  return Fp12.eql(Fp12.pow(x, Fr.ORDER), Fp12.ONE) ? x : undefined;
}

const readScalar = (b: Uint8Array) => {
  const n = bytesToNumberLE(b);
  return n < Fr.ORDER ? n : undefined;
};

/** α (G1), β, γ, δ (G2), a u64 count (not 0) and exactly that many G1 points. */
export function prepareBls12381(vk: Uint8Array): Uint8Array[] | undefined {
  const countAt = G1_LENGTH + 3 * G2_LENGTH;
  if (vk.length < countAt + 8 || (vk.length - countAt - 8) % G1_LENGTH !== 0) return undefined;
  const alpha = decodeG1(vk.subarray(0, G1_LENGTH));
  const [beta, gamma, delta] = [0, 1, 2].map((i) =>
    decodeG2(vk.subarray(G1_LENGTH + i * G2_LENGTH, G1_LENGTH + (i + 1) * G2_LENGTH)),
  );
  const count = new DataView(vk.buffer, vk.byteOffset + countAt, 8).getBigUint64(0, true);
  const gammaAbc = readAll(vk.subarray(countAt + 8), G1_LENGTH, decodeG1);
  if (!alpha || !beta || !gamma || !delta || !gammaAbc || count === 0n || BigInt(gammaAbc.length) !== count) {
    return undefined;
  }
  const key = prepareKey(bls12_381, alpha, beta, gamma, delta, gammaAbc);
  return [
    concatBytes(...key.gammaAbc.map(encodeG1)),
    concatBytes(...fp12Coordinates(key.alphaBeta).map((n) => numberToBytesLE(n, FP))),
    encodeG2(key.gammaNeg),
    encodeG2(key.deltaNeg),
  ];
}

export function verifyBls12381(
  parts: Uint8Array[],
  inputsBytes: Uint8Array,
  proofBytes: Uint8Array,
): boolean {
  const [gammaAbcBytes, alphaBetaBytes, gammaNegBytes, deltaNegBytes] = parts as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
  ];
  const inputs = readAll(inputsBytes, SCALAR, readScalar);
  if (!inputs || proofBytes.length !== 2 * G1_LENGTH + G2_LENGTH) return false;
  const a = decodeG1(proofBytes.subarray(0, G1_LENGTH));
  const b = decodeG2(proofBytes.subarray(G1_LENGTH, G1_LENGTH + G2_LENGTH));
  const c = decodeG1(proofBytes.subarray(G1_LENGTH + G2_LENGTH));
  const gammaAbc = readAll(gammaAbcBytes, G1_LENGTH, decodeG1);
  const alphaBeta = readGT(alphaBetaBytes);
  const gammaNeg = decodeG2(gammaNegBytes);
  const deltaNeg = decodeG2(deltaNegBytes);
  if (!a || !b || !c || !gammaAbc || !alphaBeta || !gammaNeg || !deltaNeg) return false;
  const key: PreparedKey = { gammaAbc, alphaBeta, gammaNeg, deltaNeg };
  return proofHolds(bls12_381, key, inputs, { a, b, c });
}
