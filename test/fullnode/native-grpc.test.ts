// The local node also speaks gRPC proper (HTTP/2), as Sui tools outside the browser do: Mysten's SuiGrpcClient
// over @grpc/grpc-js (a native gRPC client, not ours) reads packages byte for byte, gets NOT_FOUND for what
// the node lacks, and simulates a transaction, on the same port that serves gRPC-web.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChannelCredentials } from '@grpc/grpc-js';
import { GrpcTransport } from '@protobuf-ts/grpc-transport';
import { SuiGrpcClient } from '@mysten/sui/grpc';
import { Transaction } from '@mysten/sui/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fullnode } from '../../src/fullnode/server.js';
import { mainnetFullnode } from '../support/local-fullnode.js';
import { MAINNET_DIR, mainnetPackages } from '../support/mainnet-roots.js';

let node: Fullnode;
let transport: GrpcTransport;
let client: SuiGrpcClient;
beforeAll(async () => {
  node = await mainnetFullnode();
  transport = new GrpcTransport({
    host: new URL(node.url).host,
    channelCredentials: ChannelCredentials.createInsecure(),
  });
  client = new SuiGrpcClient({ network: 'localnet', transport });
});
afterAll(async () => {
  transport.close();
  await node.close();
});

describe('smi-bench fullnode over native gRPC (HTTP/2)', () => {
  it('serves the same packages, byte for byte', async () => {
    const info = await client.ledgerService.getServiceInfo({});
    expect(info.response.chain).toBe('localnet');
    for (const { id } of mainnetPackages().slice(0, 5)) {
      const { response } = await client.ledgerService.getObject({
        objectId: id,
        readMask: { paths: ['package'] },
      });
      const dir = join(MAINNET_DIR, id.slice(0, 4), id.slice(4), 'bytecode_modules');
      const modules = response.object!.package!.modules;
      // Every module of the folder, so that the byte comparison below cannot pass on an empty answer.
      expect(modules.map((m) => `${m.name}.mv`).sort(), id).toEqual(readdirSync(dir).sort());
      for (const module of modules)
        expect(Buffer.from(module.contents!).equals(readFileSync(join(dir, `${module.name}.mv`))), id).toBe(
          true,
        );
    }
  });

  it('answers NOT_FOUND in the trailers-only form grpc-js reads', async () => {
    await expect(client.ledgerService.getObject({ objectId: '0xabc' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('builds and simulates a transaction', async () => {
    const tx = new Transaction();
    tx.setSender('0x1234');
    const [kiosk, cap] = tx.moveCall({ target: '0x2::kiosk::new' });
    tx.moveCall({
      target: '0x2::transfer::public_share_object',
      typeArguments: ['0x2::kiosk::Kiosk'],
      arguments: [kiosk!],
    });
    tx.transferObjects([cap!], '0x1234');
    const result = await client.core.simulateTransaction({ transaction: tx, include: { objectTypes: true } });
    expect(result.$kind).toBe('Transaction');
    expect(
      Object.values(result.Transaction!.objectTypes!)
        .filter((t) => t.includes('::kiosk::'))
        .sort(),
    ).toEqual([
      '0x0000000000000000000000000000000000000000000000000000000000000002::kiosk::Kiosk',
      '0x0000000000000000000000000000000000000000000000000000000000000002::kiosk::KioskOwnerCap',
    ]);
  });
});
