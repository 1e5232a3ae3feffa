// `build-only`: no network at all. Objects are mocked as smi_tx_sim mocks them (rust-contracts §3.2):
// version 1 and a zero digest, shared objects at initial version 1, the gas coin at 0x…1234, and the
// sender's n-th coin at the id whose last byte is n. Created types come from the static scan.
import { bcs } from '@mysten/sui/bcs';
import { toBase64 } from '@mysten/sui/utils';
import { buildProgrammableTransaction, type ObjectRef, type ObjectSource } from './ptb-build.js';
import { normalizeAddress } from './pure-args.js';
import { scanStaticTypes } from './static-scan.js';
import type { SimulationBackend, SimulationOutcome, SimulationRequest } from './types.js';

/** 32 zero bytes in base58. */
const ZERO_DIGEST = '1'.repeat(32);
const MOCK_GAS_COIN_ID = normalizeAddress('0x1234');

const mockRef = (objectId: string): ObjectRef => ({ objectId, version: 1, digest: ZERO_DIGEST });

const mockObjectSource: ObjectSource = {
  ownedRef: async (objectId) => mockRef(objectId),
  sharedInitialVersion: async () => 1,
  gasCoin: async () => mockRef(MOCK_GAS_COIN_ID),
  senderCoin: async (index) => mockRef(normalizeAddress((index & 0xff).toString(16))),
};

async function simulateBuildOnly(request: SimulationRequest): Promise<SimulationOutcome> {
  const pt = await buildProgrammableTransaction(request.spec, mockObjectSource);
  const staticTypes = await scanStaticTypes(request);
  return {
    modeUsed: 'build_only',
    createdTypes: staticTypes,
    staticCreatedTypes: staticTypes,
    txBuildOk: true,
    execOk: null,
    failure: null,
    fellBack: false,
    dryRunError: null,
    bcsBase64: toBase64(bcs.ProgrammableTransaction.serialize(pt).toBytes()),
    gasBudgetUsed: null,
    attempts: 1,
  };
}

export const buildOnlyBackend: SimulationBackend = {
  simulate: simulateBuildOnly,
  preflight: async () => ({
    mode: 'build-only',
    checked: ['nothing: build-only runs offline'],
    chainId: null,
  }),
};
