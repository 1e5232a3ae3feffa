// What Sui's crypto natives (sui-move-natives `crypto/`) cost at protocol version 104, in internal units.
// Values from `sui-protocol-config` with every override up to 104 applied; most bases were re-measured at
// protocol 70. A message-like argument usually costs 2 per byte plus 2 per block of the hash the native runs
// (blocks rounded up). A tag that selects nothing valid costs what Sui charges then: the crypto natives'
// invalid-argument cost (100) for ecdsa and groth16, nothing for group_ops.
import { blocks, length, tag, type Cost } from './cost-inputs.js';
import { SUI } from '../natives/registry.js';
import type { Value } from '../values.js';

const INVALID_ARGUMENT = 100;

/** Base, then 2 per byte and 2 per block of `blockSize` of the argument at `index`. */
const hashed =
  (base: number, index: number, blockSize: number): Cost =>
  (args) => {
    const n = length(args[index]);
    return base + 2 * n + 2 * blocks(n, blockSize);
  };

// ecdsa: the last argument picks the hash, 0 keccak256 (136-byte blocks), 1 sha256 (64-byte blocks); both
// hashes share a base at 104.
const KECCAK = 0;
const SHA256 = 1;
const ecdsa =
  (base: number, hashIndex: number): Cost =>
  (args) => {
    const hash = tag(args[hashIndex]);
    if (hash !== KECCAK && hash !== SHA256) return INVALID_ARGUMENT;
    return hashed(base, hashIndex - 1, hash === KECCAK ? 136 : 64)(args, []);
  };

// groth16: the first argument picks the curve, 0 BLS12-381, 1 BN254.
const BLS12381 = 0;
const BN254 = 1;
const byCurve =
  (bls: Cost, bn: Cost): Cost =>
  (args, results) => {
    const curve = tag(args[0]);
    if (curve === BLS12381) return bls(args, results);
    if (curve === BN254) return bn(args, results);
    return INVALID_ARGUMENT;
  };
/** A proof's public inputs are 32-byte scalars (a partial one counts): a cost per input and 2 per byte. */
const groth16Verify =
  (base: number, perInput: number): Cost =>
  (args) => {
    const bytes = length(args[5]);
    return base + perInput * blocks(bytes, 32) + 2 * bytes;
  };

// group_ops: the first argument picks the group, 0 scalar, 1 G1, 2 G2, 3 GT, 4 uncompressed G1 (all BLS12-381;
// ristretto is not enabled at 104). A group the operation does not take costs nothing.
const byGroup =
  (costs: readonly (number | undefined)[]): Cost =>
  (args) =>
    costs[tag(args[0])] ?? 0;

const SCALAR_DECODE = 7;
/** Sui's count of additions in a multi-scalar multiplication of `n` terms (its windowed method). */
function msmAdditions(n: number): number {
  const bits = Math.floor(Math.log2(n));
  const window = bits === 0 ? 1 : bits <= 4 ? 2 : bits <= 12 ? bits - 2 : bits - 3;
  return Math.ceil(255 / window) * (n + 2 ** window + 1);
}
const MSM_MAX_TERMS = 32;
/**
 * Per term a scalar and a point decoded, then the base and a cost per addition (Sui skips those two when a
 * term does not parse: counted anyway). Malformed or too many terms are refused before any charge.
 */
const msm =
  (pointSize: number, pointDecode: number, base: number, perAddition: number) =>
  (args: Value[]): number => {
    const terms = length(args[2]) / pointSize;
    const wellFormed = Number.isInteger(terms) && terms > 0 && terms === length(args[1]) / 32;
    if (!wellFormed || terms > MSM_MAX_TERMS) return 0;
    return (SCALAR_DECODE + pointDecode) * terms + base + perAddition * msmAdditions(terms);
  };

export const CRYPTO_COSTS: [string, Cost][] = [
  // hash: blake2b256 128-byte blocks, keccak256 136 (base 10 since 70).
  [`${SUI}::hash::blake2b256`, hashed(10, 0, 128)],
  [`${SUI}::hash::keccak256`, hashed(10, 0, 136)],
  // Signatures: the message is the last byte-string argument; bls blocks of 64, ed25519 128.
  [`${SUI}::bls12381::bls12381_min_pk_verify`, hashed(49_282, 2, 64)],
  [`${SUI}::bls12381::bls12381_min_sig_verify`, hashed(44_064, 2, 64)],
  [`${SUI}::ed25519::ed25519_verify`, hashed(1_802, 2, 128)],
  [`${SUI}::ecdsa_k1::secp256k1_ecrecover`, ecdsa(500, 2)],
  [`${SUI}::ecdsa_k1::secp256k1_verify`, ecdsa(1_470, 3)],
  [`${SUI}::ecdsa_k1::decompress_pubkey`, () => 52],
  [`${SUI}::ecdsa_r1::secp256r1_ecrecover`, ecdsa(1_173, 2)],
  [`${SUI}::ecdsa_r1::secp256r1_verify`, ecdsa(4_225, 3)],
  // ecvrf: 2 per byte and per 128-byte (SHA-512) block of alpha.
  [`${SUI}::ecvrf::ecvrf_verify`, hashed(4_848, 1, 128)],
  // hmac: key and message together, blocks counted as ⌊(bytes + 270) / 136⌋ (two SHA3-256 passes).
  [
    `${SUI}::hmac::hmac_sha3_256`,
    (args) => {
      const n = length(args[0]) + length(args[1]);
      return 52 + 2 * n + 2 * Math.floor((n + 2 * 136 - 2) / 136);
    },
  ],
  [
    `${SUI}::groth16::prepare_verifying_key_internal`,
    byCurve(
      () => 53_838,
      () => 82_010,
    ),
  ],
  [
    `${SUI}::groth16::verify_groth16_proof_internal`,
    byCurve(groth16Verify(72_090, 8_213), groth16Verify(115_502, 9_484)),
  ],
  [`${SUI}::group_ops::internal_validate`, byGroup([7, 2_848, 3_770])],
  [`${SUI}::group_ops::internal_add`, byGroup([10, 1_556, 3_048, 188])],
  [`${SUI}::group_ops::internal_sub`, byGroup([10, 1_550, 3_019, 497])],
  [`${SUI}::group_ops::internal_mul`, byGroup([11, 4_842, 9_108, 27_490])],
  [`${SUI}::group_ops::internal_div`, byGroup([91, 5_091, 9_206, 27_804])],
  [
    `${SUI}::group_ops::internal_hash_to`,
    (args) => {
      const base = byGroup([undefined, 2_962, 8_688])(args, []);
      return base === 0 ? 0 : base + 2 * length(args[1]);
    },
  ],
  [
    `${SUI}::group_ops::internal_multi_scalar_mul`,
    (args) => {
      const group = tag(args[0]);
      if (group === 1) return msm(48, 2_848, 62_648, 1_333)(args);
      if (group === 2) return msm(96, 3_770, 131_192, 3_216)(args);
      return 0;
    },
  ],
  [`${SUI}::group_ops::internal_pairing`, byGroup([undefined, 26_897])],
  [
    `${SUI}::group_ops::internal_convert`,
    ([from, to]) => (tag(from) === 4 && tag(to) === 1 ? 677 : tag(from) === 1 && tag(to) === 4 ? 2_099 : 0),
  ],
  [
    `${SUI}::group_ops::internal_sum`,
    // At most 1 200 terms; more are refused before any charge.
    (args) => (tag(args[0]) === 4 && length(args[1]) <= 1_200 ? 77 + 26 * length(args[1]) : 0),
  ],
  // poseidon: 260 (set at 104) plus 388 per input.
  [`${SUI}::poseidon::poseidon_bn254_internal`, (args) => 260 + 388 * length(args[0])],
  [`${SUI}::zklogin_verified_id::check_zklogin_id_internal`, () => 200],
  [`${SUI}::zklogin_verified_issuer::check_zklogin_issuer_internal`, () => 200],
  // nitro: parsing, 2 650 plus 50 per byte of the document (verifying it, per certificate, is left out).
  [`${SUI}::nitro_attestation::load_nitro_attestation_internal`, (args) => 2_650 + 50 * length(args[0])],
];
