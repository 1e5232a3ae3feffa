// A local full node runs each simulation in a VM thread: while a slow simulation runs, the node answers
// other requests, and a simulation that passes the time limit of a VM execution (here 5 s, set by
// SMI_VM_TIMEOUT_SECONDS, given before the node's VM pool is made) is that request's RESOURCE_EXHAUSTED, after which
// the node simulates on in a fresh thread. Clients are Mysten's SuiGrpcClient over 127.0.0.1. Expected from
// the framework's source and Sui's limits at protocol 104:
//   bls12381::bls12381_min_pk_verify(&signature, &public_key, &msg): bool runs a pairing (BLS12-381's
//     generators are points on the curves, so it runs whole and says false); Sui charges 49,282 internal
//     units for one, so 300 commands of it cost about 15 M of the 5 G its largest budget holds, and take
//     seconds each tens of milliseconds here;
//   kiosk::new(ctx) makes a Kiosk and its KioskOwnerCap.
import { SuiGrpcClient } from '@mysten/sui/grpc';
import { Transaction } from '@mysten/sui/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fullnode } from '../../src/fullnode/server.js';
import { readProcessConfig } from '../../src/config/process-config.js';
import { configureVmPool, vmPoolOptions } from '../../src/vm-pool/pool.js';
import { mainnetFullnode } from '../support/local-fullnode.js';

configureVmPool(vmPoolOptions(readProcessConfig({ SMI_VM_TIMEOUT_SECONDS: '5' })));
const SENDER = '0x0000000000000000000000000000000000000000000000000000000000001234';
const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
/** BLS12-381's generators, compressed (G2 as the min-pk signature, G1 as the key). */
const G2_GENERATOR =
  '93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8';
const G1_GENERATOR =
  '97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb';
let node: Fullnode;
let client: SuiGrpcClient;
beforeAll(async () => {
  node = await mainnetFullnode();
  client = new SuiGrpcClient({ network: 'localnet', baseUrl: node.url });
});
afterAll(async () => {
  await node.close();
});

/** A transaction of the sender's with Sui's largest budget: no gas estimate, and gas is never what stops it. */
function transaction(build: (tx: Transaction) => void): Transaction {
  const tx = new Transaction();
  tx.setSender(SENDER);
  tx.setGasBudget(50_000_000_000);
  build(tx);
  return tx;
}

const newKiosk = transaction((tx) => {
  const [kiosk, cap] = tx.moveCall({ target: '0x2::kiosk::new' });
  tx.moveCall({
    target: '0x2::transfer::public_share_object',
    typeArguments: ['0x2::kiosk::Kiosk'],
    arguments: [kiosk!],
  });
  tx.transferObjects([cap!], SENDER);
});

async function createdTypes(tx: Transaction): Promise<string[]> {
  const result = await client.core.simulateTransaction({
    transaction: tx,
    include: { effects: true, objectTypes: true },
  });
  const effects = result.Transaction!.effects!;
  expect(effects.status).toMatchObject({ success: true });
  return effects.changedObjects
    .filter((c) => c.idOperation === 'Created')
    .map((c) => result.Transaction!.objectTypes![c.objectId]!)
    .sort();
}

describe('simulations on a local full node run in VM threads', () => {
  it('the node answers during a slow simulation, which ends at the time limit alone', async () => {
    const kioskTypes = [`${SUI}::kiosk::Kiosk`, `${SUI}::kiosk::KioskOwnerCap`];
    expect(await createdTypes(newKiosk)).toEqual(kioskTypes);

    const checks = transaction((tx) => {
      const signature = tx.pure.vector('u8', [...Buffer.from(G2_GENERATOR, 'hex')]);
      const publicKey = tx.pure.vector('u8', [...Buffer.from(G1_GENERATOR, 'hex')]);
      const message = tx.pure.vector('u8', [0x78]);
      for (let i = 0; i < 300; i++)
        tx.moveCall({
          target: '0x2::bls12381::bls12381_min_pk_verify',
          arguments: [signature, publicKey, message],
        });
    });
    let heavyDone = false;
    const heavy = client.core.simulateTransaction({ transaction: checks }).finally(() => (heavyDone = true));
    heavy.catch(() => {}); // awaited below
    // Answers from the node while the simulation still runs.
    await new Promise((done) => setTimeout(done, 500));
    for (let i = 0; i < 3; i++) {
      const info = await client.ledgerService.getServiceInfo({});
      expect(info.response.chain).toBe('localnet');
      const clock = await client.ledgerService.getObject({
        objectId: '0x6',
        readMask: { paths: ['object_type'] },
      });
      expect(clock.response.object?.objectType).toBe(`${SUI}::clock::Clock`);
    }
    expect(heavyDone).toBe(false);

    await expect(heavy).rejects.toMatchObject({
      code: 'RESOURCE_EXHAUSTED',
      message: expect.stringContaining(
        'VM_TIMED_OUT: the VM execution passed its time limit of 5 s',
      ) as string,
    });
    // The node serves on, and simulates in a fresh thread.
    expect((await client.ledgerService.getServiceInfo({})).response.chain).toBe('localnet');
    expect(await createdTypes(newKiosk)).toEqual(kioskTypes);
  });
});
