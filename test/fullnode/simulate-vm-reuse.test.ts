// A local full node keeps the VM of the packages a transaction names: a run simulates the same package again
// and again, and each simulation must neither read its folder again nor leak objects into the next one.
// The package is artipedia version 6 of ../shared/mainnet, copied into a corpus of its own so that its folder
// can be taken away between two simulations; `register_points` creates a UserNumber and sends it to the
// caller, whose type its typeOriginTable gives to 0x13fe3a… itself.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SuiGrpcClient } from '@mysten/sui/grpc';
import { Transaction } from '@mysten/sui/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFullnode, type Fullnode } from '../../src/fullnode/server.js';
import { packageDirFor } from '../../src/package-store/layout.js';
import { ARTIPEDIA } from '../support/artipedia-helper.js';
import { FRAMEWORK_DIR } from '../support/local-fullnode.js';
import { MAINNET_DIR } from '../support/mainnet-roots.js';

const SENDER = `0x${'1234'.padStart(64, '0')}`;
const corpus = mkdtempSync(join(tmpdir(), 'smi-vm-reuse-'));
const packageDir = packageDirFor(corpus, ARTIPEDIA);
let node: Fullnode;
let client: SuiGrpcClient;
beforeAll(async () => {
  cpSync(packageDirFor(MAINNET_DIR, ARTIPEDIA), packageDir, { recursive: true });
  node = await startFullnode({
    corpusRoot: corpus,
    frameworkDir: FRAMEWORK_DIR,
    chain: 'localnet',
    host: '127.0.0.1',
    port: 0,
    maxRequestsPerSecond: null,
  });
  client = new SuiGrpcClient({ network: 'localnet', baseUrl: node.url });
});
afterAll(async () => {
  await node.close();
  rmSync(corpus, { recursive: true, force: true });
});

async function registerPoints(points: number) {
  const tx = new Transaction();
  tx.setSender(SENDER);
  tx.moveCall({ target: `${ARTIPEDIA}::artipedia::register_points`, arguments: [tx.pure.u64(points)] });
  const result = await client.core.simulateTransaction({
    transaction: tx,
    include: { effects: true, objectTypes: true },
  });
  const effects = result.Transaction!.effects!;
  expect(effects.status, JSON.stringify(effects.status)).toMatchObject({ success: true });
  return effects.changedObjects
    .filter((c) => c.idOperation === 'Created')
    .map((c) => result.Transaction!.objectTypes![c.objectId]);
}

describe('simulations of one package on a local full node', () => {
  it('run on the VM already loaded, each from the node’s own state', async () => {
    const userNumber = `${ARTIPEDIA}::artipedia::UserNumber`;
    expect(await registerPoints(7)).toEqual([userNumber]);
    // The package's folder is gone: only a VM kept from the first simulation can run the second.
    rmSync(join(packageDir, 'bytecode_modules'), { recursive: true });
    // Each simulation creates exactly its own object: nothing the first made is seen by the second.
    expect(await registerPoints(8)).toEqual([userNumber]);
  });
});
