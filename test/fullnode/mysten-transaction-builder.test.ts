// A user's own tool against `smi-bench fullnode`: Mysten's Transaction builder, which asks the node to
// resolve a transaction (objects by id only, gas chosen by the node), then simulates it. Expected outcomes
// come from the Sui framework's own code: `kiosk::new` makes a Kiosk and its KioskOwnerCap, and
// `balance::split` aborts with ENotEnough (2) when asked for more than the balance holds.
import { SuiGrpcClient } from '@mysten/sui/grpc';
import { Transaction } from '@mysten/sui/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fullnode } from '../../src/fullnode/server.js';
import { mainnetFullnode } from '../support/local-fullnode.js';

const SENDER = '0x0000000000000000000000000000000000000000000000000000000000001234';
const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
let node: Fullnode;
let client: SuiGrpcClient;
beforeAll(async () => {
  node = await mainnetFullnode();
  client = new SuiGrpcClient({ network: 'localnet', baseUrl: node.url });
});
afterAll(() => node.close());

describe("Mysten's Transaction builder against smi-bench fullnode", () => {
  it('builds (the node resolves objects and gas) and simulates what kiosk::new creates', async () => {
    const tx = new Transaction();
    tx.setSender(SENDER);
    const [kiosk, cap] = tx.moveCall({ target: '0x2::kiosk::new' });
    tx.moveCall({
      target: '0x2::transfer::public_share_object',
      typeArguments: ['0x2::kiosk::Kiosk'],
      arguments: [kiosk!],
    });
    tx.transferObjects([cap!], SENDER);
    const bytes = await tx.build({ client });
    const built = Transaction.from(bytes).getData();
    expect(built.gasData.payment).toHaveLength(1);
    expect(built.sender).toBe(SENDER);

    const result = await client.core.simulateTransaction({
      transaction: tx,
      include: { effects: true, objectTypes: true },
    });
    expect(result.$kind).toBe('Transaction');
    const effects = result.Transaction!.effects!;
    const created = effects.changedObjects.filter((c) => c.idOperation === 'Created');
    const types = created.map((c) => result.Transaction!.objectTypes![c.objectId]).sort();
    expect(types).toEqual([`${SUI}::kiosk::Kiosk`, `${SUI}::kiosk::KioskOwnerCap`]);
    const owners = Object.fromEntries(
      created.map((c) => [result.Transaction!.objectTypes![c.objectId], c.outputOwner]),
    );
    expect(owners[`${SUI}::kiosk::Kiosk`]?.$kind).toBe('Shared');
    expect(owners[`${SUI}::kiosk::KioskOwnerCap`]).toMatchObject({ AddressOwner: SENDER });
  });

  it('reports a Move abort as Sui does: code, module, function', async () => {
    const tx = new Transaction();
    tx.setSender(SENDER);
    tx.moveCall({
      target: '0x2::coin::split',
      typeArguments: ['0x2::sui::SUI'],
      arguments: [tx.gas, tx.pure.u64(10n ** 15n)],
    });
    const result = await client.core.simulateTransaction({ transaction: tx, include: { effects: true } });
    expect(result.$kind).toBe('FailedTransaction');
    expect(result.FailedTransaction!.status.error).toMatchObject({
      $kind: 'MoveAbort',
      MoveAbort: { abortCode: '2', location: { package: SUI, module: 'balance', functionName: 'split' } },
    });
  });

  it('refuses an object it does not have, before running anything', async () => {
    const tx = new Transaction();
    tx.setSender(SENDER);
    tx.transferObjects([tx.object('0xabc')], SENDER);
    await expect(tx.build({ client })).rejects.toThrow(/not found/);
  });
});
