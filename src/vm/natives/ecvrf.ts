// `sui::ecvrf::ecvrf_verify`: fastcrypto's ECVRF over ristretto255 with SHA-512 (draft-irtf-cfrg-vrf-15
// under Sui's own suite string "sui_vrf"), through @noble/curves. Malformed inputs abort as Sui's
// native does; a well-formed proof that does not verify, or does not give `hash`, returns false.
import { ristretto255, ristretto255_hasher } from '@noble/curves/ed25519.js';
import { bytesToNumberLE, concatBytes, equalBytes } from '@noble/curves/utils.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { abort } from '../errors.js';
import { bytesBehind } from './byte-args.js';
import { register, SUI, type NativeTable } from './registry.js';

const INVALID_HASH_LENGTH = 1;
const INVALID_PUBLIC_KEY = 2;
const INVALID_PROOF = 3;

const SUITE = new TextEncoder().encode('sui_vrf');
const ENCODE_TO_CURVE_DST = new TextEncoder().encode('ECVRF_ristretto255_XMD:SHA-512_R255MAP_RO_sui_vrf');
const CHALLENGE_LENGTH = 16;

const { Point } = ristretto255;
type Point = InstanceType<typeof Point>;

function decodePoint(bytes: Uint8Array): Point | undefined {
  if (bytes.length !== 32) return undefined;
  try {
    return Point.fromBytes(bytes);
  } catch {
    return undefined;
  }
}

interface Proof {
  gamma: Point;
  c: Uint8Array;
  s: bigint;
}

/** gamma (a point) ‖ c (16 bytes) ‖ s (a canonical scalar): fastcrypto's BCS of `ECVRFProof`. */
function decodeProof(bytes: Uint8Array): Proof | undefined {
  if (bytes.length !== 32 + CHALLENGE_LENGTH + 32) return undefined;
  const gamma = decodePoint(bytes.subarray(0, 32));
  const s = bytesToNumberLE(bytes.subarray(32 + CHALLENGE_LENGTH));
  if (!gamma || s >= Point.Fn.ORDER) return undefined;
  return { gamma, c: bytes.slice(32, 32 + CHALLENGE_LENGTH), s };
}

/** Section 5.4.3: the first 16 bytes of SHA-512(suite ‖ 0x02 ‖ points ‖ 0x00). */
function challenge(points: Point[]): Uint8Array {
  const encoded = points.map((p) => p.toBytes());
  return sha512(concatBytes(SUITE, Uint8Array.of(2), ...encoded, Uint8Array.of(0))).subarray(
    0,
    CHALLENGE_LENGTH,
  );
}

/** Section 5.3 (verify), then section 5.2 (proof to hash) compared with `output`. */
function verify(output: Uint8Array, alpha: Uint8Array, publicKey: Point, proof: Proof): boolean {
  if (publicKey.is0()) return false;
  const h = ristretto255_hasher.hashToCurve(concatBytes(publicKey.toBytes(), alpha), {
    DST: ENCODE_TO_CURVE_DST,
  });
  const minusC = Point.Fn.neg(bytesToNumberLE(proof.c));
  const u = Point.BASE.multiplyUnsafe(proof.s).add(publicKey.multiplyUnsafe(minusC));
  const v = h.multiplyUnsafe(proof.s).add(proof.gamma.multiplyUnsafe(minusC));
  if (!equalBytes(challenge([publicKey, h, proof.gamma, u, v]), proof.c)) return false;
  const beta = sha512(concatBytes(SUITE, Uint8Array.of(3), proof.gamma.toBytes(), Uint8Array.of(0)));
  return equalBytes(beta, output);
}

export function registerEcvrf(table: NativeTable): void {
  register(table, SUI, 'ecvrf', {
    ecvrf_verify: (_ctx, _t, [hash, alphaString, publicKey, proof]) => {
      const output = bytesBehind(hash!);
      if (output.length !== 64) throw abort(INVALID_HASH_LENGTH, 'the VRF output must be 64 bytes');
      const key = decodePoint(bytesBehind(publicKey!));
      if (!key) throw abort(INVALID_PUBLIC_KEY, 'invalid ristretto255 public key');
      const decoded = decodeProof(bytesBehind(proof!));
      if (!decoded) throw abort(INVALID_PROOF, 'invalid ECVRF proof');
      return [verify(output, bytesBehind(alphaString!), key, decoded)];
    },
  });
}
