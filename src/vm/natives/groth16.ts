// `sui::groth16` natives: prepare a verifying key and verify a proof, on BLS12-381 (curve 0) or
// BN254 (curve 1), with Sui's encodings (see groth16-bls12381.ts and groth16-bn254.ts). Aborts: 0 a
// key that does not decode, 1 an unknown curve, 2 more than 8 public inputs; a proof or prepared key
// that does not decode verifies as false.
import { abort } from '../errors.js';
import { bytesValue, Struct } from '../values.js';
import { bytesBehind } from './byte-args.js';
import { prepareBls12381, verifyBls12381 } from './groth16-bls12381.js';
import { prepareBn254, verifyBn254 } from './groth16-bn254.js';
import { register, SUI, type NativeTable } from './registry.js';

const INVALID_VERIFYING_KEY = 0;
const INVALID_CURVE = 1;
const TOO_MANY_PUBLIC_INPUTS = 2;
const MAX_PUBLIC_INPUTS = 8;
const SCALAR_SIZE = 32;

interface Curve {
  prepare(vk: Uint8Array): Uint8Array[] | undefined;
  verify(keyParts: Uint8Array[], inputs: Uint8Array, proof: Uint8Array): boolean;
}

const CURVES: Record<number, Curve> = {
  0: { prepare: prepareBls12381, verify: verifyBls12381 },
  1: { prepare: prepareBn254, verify: verifyBn254 },
};

function curveOf(id: unknown): Curve {
  const curve = CURVES[id as number];
  if (!curve) throw abort(INVALID_CURVE, `unknown curve ${String(id)}`);
  return curve;
}

export function registerGroth16(table: NativeTable): void {
  register(table, SUI, 'groth16', {
    // Returns `PreparedVerifyingKey { vk_gamma_abc_g1_bytes, alpha_g1_beta_g2_bytes, gamma_g2_neg_pc_bytes, delta_g2_neg_pc_bytes }`.
    prepare_verifying_key_internal: (_ctx, _t, [curve, vk]) => {
      const parts = curveOf(curve).prepare(bytesBehind(vk!));
      if (!parts) throw abort(INVALID_VERIFYING_KEY, 'invalid verifying key');
      return [new Struct(parts.map(bytesValue))];
    },
    verify_groth16_proof_internal: (
      _ctx,
      _t,
      [curve, gammaAbc, alphaBeta, gammaNeg, deltaNeg, inputs, proof],
    ) => {
      const chosen = curveOf(curve);
      const inputBytes = bytesBehind(inputs!);
      if (inputBytes.length > SCALAR_SIZE * MAX_PUBLIC_INPUTS) {
        throw abort(TOO_MANY_PUBLIC_INPUTS, `more than ${MAX_PUBLIC_INPUTS} public inputs`);
      }
      const keyParts = [gammaAbc, alphaBeta, gammaNeg, deltaNeg].map((ref) => bytesBehind(ref!));
      return [chosen.verify(keyParts, inputBytes, bytesBehind(proof!))];
    },
  });
}
