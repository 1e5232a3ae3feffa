// A local full node runs each simulation in a VM thread: while a heavy simulation runs, the node answers
// other requests, and a simulation that fills its thread's heap (here 64 MB, set by SMI_VM_HEAP_MB before
// the node's VM pool is made) is that request's RESOURCE_EXHAUSTED, after which the node simulates on.
// Clients are Mysten's SuiGrpcClient over 127.0.0.1. Expected from the framework's source:
//   coin::divide_into_n<T>(self: &mut Coin<T>, n: u64, ctx): vector<Coin<T>> splits n - 1 coins off `self`,
//     one object each: asked for a million, the coins it splits off before the VM's instruction budget runs
//     out take over 100 MB, and seconds to make;
//   kiosk::new(ctx) makes a Kiosk and its KioskOwnerCap.
import { SuiGrpcClient } from '@mysten/sui/grpc';
import { Transaction } from '@mysten/sui/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fullnode } from '../../src/fullnode/server.js';
import { mainnetFullnode } from '../support/local-fullnode.js';

process.env.SMI_VM_HEAP_MB = '64';
const SENDER = '0x0000000000000000000000000000000000000000000000000000000000001234';
const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
let node: Fullnode;
let client: SuiGrpcClient;
beforeAll(async () => {
  node = await mainnetFullnode();
  client = new SuiGrpcClient({ network: 'localnet', baseUrl: node.url });
});
afterAll(async () => {
  await node.close();
  delete process.env.SMI_VM_HEAP_MB;
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
  it('the node answers during a heavy simulation; one that fills the heap fails alone', async () => {
    const kioskTypes = [`${SUI}::kiosk::Kiosk`, `${SUI}::kiosk::KioskOwnerCap`];
    expect(await createdTypes(newKiosk)).toEqual(kioskTypes);

    const divide = transaction((tx) => {
      const coins = tx.moveCall({
        target: '0x2::coin::divide_into_n',
        typeArguments: ['0x2::sui::SUI'],
        arguments: [tx.gas, tx.pure.u64(1_000_000)],
      });
      tx.transferObjects([coins], SENDER);
    });
    let heavyDone = false;
    const heavy = client.core.simulateTransaction({ transaction: divide }).finally(() => (heavyDone = true));
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
        'VM_OUT_OF_MEMORY: the VM thread ran out of memory (heap limit 64 MB)',
      ) as string,
    });
    // The node serves on, and simulates in a fresh thread.
    expect((await client.ledgerService.getServiceInfo({})).response.chain).toBe('localnet');
    expect(await createdTypes(newKiosk)).toEqual(kioskTypes);
  });
});
