// The native table of a VM: the Move stdlib and the Sui framework natives implemented here. Any
// other native declared in bytecode fails with `UNIMPLEMENTED_NATIVE` when called.
import { registerAccumulator } from './accumulator.js';
import { registerBls12381 } from './bls12381.js';
import { registerEcvrf } from './ecvrf.js';
import { registerGroupOps } from './group-ops.js';
import { registerGroth16 } from './groth16.js';
import { registerMoveStdlib } from './move-stdlib.js';
import { registerNitroAttestation } from './nitro-attestation.js';
import { registerPoseidon } from './poseidon.js';
import type { NativeTable } from './registry.js';
import { registerSuiConfig } from './sui-config.js';
import { registerSuiCrypto } from './sui-crypto.js';
import { registerSuiObjects } from './sui-objects.js';
import { registerSuiReceiving } from './sui-receiving.js';
import { registerSuiValues } from './sui-values.js';
import { registerValidatorMetadata } from './validator-metadata.js';
import { registerVdf } from './vdf/vdf.js';
import { registerZkLogin } from './zklogin.js';

export function defaultNatives(): NativeTable {
  const table: NativeTable = new Map();
  registerMoveStdlib(table);
  registerSuiValues(table);
  registerSuiObjects(table);
  registerSuiReceiving(table);
  registerSuiConfig(table);
  registerAccumulator(table);
  registerSuiCrypto(table);
  registerEcvrf(table);
  registerBls12381(table);
  registerGroupOps(table);
  registerPoseidon(table);
  registerGroth16(table);
  registerZkLogin(table);
  registerValidatorMetadata(table);
  registerVdf(table);
  registerNitroAttestation(table);
  return table;
}
