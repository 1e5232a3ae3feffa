// `sui::poseidon::poseidon_bn254_internal`: Poseidon over the BN254 scalar field with circomlib's
// constants (as fastcrypto's neptune instance), through poseidon-lite. Inputs are 1 to 16 field
// elements, each 32 bytes little-endian and canonical; otherwise the native aborts with 0.
import * as poseidonLite from 'poseidon-lite';
import { bytesToNumberLE, numberToBytesLE } from '@noble/curves/utils.js';
import { bn254_Fr } from '@noble/curves/bn254.js';
import { abort } from '../errors.js';
import { bytesValue } from '../values.js';
import { byteVectorsBehind } from './byte-args.js';
import { register, SUI, type NativeTable } from './registry.js';

const NON_CANONICAL_INPUT = 0;

/** Poseidon for n inputs is `BY_ARITY[n - 1]`. */
const BY_ARITY = Array.from(
  { length: 16 },
  (_, i) => poseidonLite[`poseidon${i + 1}` as keyof typeof poseidonLite],
);

/** Poseidon of 1 to 16 canonical field elements, or undefined (fastcrypto's `poseidon`). */
export function poseidonBn254(inputs: bigint[]): bigint | undefined {
  const hash = BY_ARITY[inputs.length - 1];
  if (!hash || inputs.some((x) => x < 0n || x >= bn254_Fr.ORDER)) return undefined;
  return hash(inputs);
}

export function registerPoseidon(table: NativeTable): void {
  register(table, SUI, 'poseidon', {
    poseidon_bn254_internal: (_ctx, _t, [data]) => {
      const items = byteVectorsBehind(data!);
      const inputs = items.every((bytes) => bytes.length === 32) ? items.map(bytesToNumberLE) : [];
      const hash = poseidonBn254(inputs);
      if (hash === undefined)
        throw abort(NON_CANONICAL_INPUT, 'poseidon takes 1 to 16 canonical field elements');
      return [bytesValue(numberToBytesLE(hash, 32))];
    },
  });
}
