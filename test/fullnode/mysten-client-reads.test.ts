import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bcs } from '@mysten/sui/bcs';
import { SuiGrpcClient } from '@mysten/sui/grpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fullnode } from '../../src/fullnode/server.js';
import { mainnetFullnode } from '../support/local-fullnode.js';
import { MAINNET_DIR, mainnetPackages } from '../support/mainnet-roots.js';

// Mysten's own client, not ours: what it reads from the local node must be what the corpus holds.
let node: Fullnode;
let client: SuiGrpcClient;
beforeAll(async () => {
  node = await mainnetFullnode();
  client = new SuiGrpcClient({ network: 'localnet', baseUrl: node.url });
});
afterAll(() => node.close());

const packageDir = (id: string) => join(MAINNET_DIR, id.slice(0, 4), id.slice(4));

describe('SuiGrpcClient against smi-bench fullnode', () => {
  it('reads every mainnet package byte for byte: modules, tables, versions, publishing transaction', async () => {
    for (const expected of mainnetPackages()) {
      const dir = packageDir(expected.id);
      const meta = JSON.parse(readFileSync(join(dir, 'metadata.json'), 'utf8')) as Record<string, unknown>;
      const stored = JSON.parse(readFileSync(join(dir, 'bcs.json'), 'utf8')) as {
        typeOriginTable: { module_name: string; datatype_name: string; package: string }[];
        linkageTable: Record<string, { upgraded_id: string; upgraded_version: number }>;
      };
      const { response } = await client.ledgerService.getObject({
        objectId: expected.id,
        readMask: { paths: ['bcs', 'package', 'previous_transaction'] },
      });
      const pkg = response.object!.package!;
      expect(pkg.storageId).toBe(expected.id);
      expect(pkg.originalId).toBe(expected.originalId);
      expect(pkg.version).toBe(BigInt(expected.version));
      const files = readdirSync(join(dir, 'bytecode_modules')).sort();
      expect(pkg.modules.map((m) => `${m.name}.mv`).sort()).toEqual(files);
      for (const module of pkg.modules)
        expect(
          Buffer.from(module.contents!).equals(
            readFileSync(join(dir, 'bytecode_modules', `${module.name}.mv`)),
          ),
        ).toBe(true);
      expect(pkg.typeOrigins.map((o) => [o.moduleName, o.datatypeName, o.packageId])).toEqual(
        stored.typeOriginTable.map((o) => [o.module_name, o.datatype_name, o.package]),
      );
      expect(pkg.linkage.map((l) => [l.originalId, l.upgradedId, Number(l.upgradedVersion)])).toEqual(
        Object.entries(stored.linkageTable).map(([k, v]) => [k, v.upgraded_id, v.upgraded_version]),
      );
      expect(response.object!.previousTransaction).toBe(meta.transactionDigest);

      // The object's BCS, decoded with Mysten's schema, carries the same module bytes.
      const object = bcs.Object.parse(response.object!.bcs!.value!);
      const moduleMap = object.data.Package!.moduleMap as unknown as
        Map<string, number[]> | Record<string, number[]>;
      const entries = moduleMap instanceof Map ? [...moduleMap] : Object.entries(moduleMap);
      for (const [name, bytes] of entries)
        expect(Buffer.from(bytes).equals(readFileSync(join(dir, 'bytecode_modules', `${name}.mv`)))).toBe(
          true,
        );

      const tx = await client.ledgerService.getTransaction({
        digest: meta.transactionDigest as string,
        readMask: { paths: ['transaction.sender', 'checkpoint'] },
      });
      expect(tx.response.transaction!.transaction!.sender).toBe(meta.sender);
      expect(tx.response.transaction!.checkpoint).toBe(BigInt(meta.checkpoint as number));
    }
  });

  it('serves the framework and the system objects, and gives any address SUI coins', async () => {
    const clock = await client.core.getObject({ objectId: '0x6' });
    expect(clock.object.type).toBe(
      '0x0000000000000000000000000000000000000000000000000000000000000002::clock::Clock',
    );
    const coins = await client.core.listCoins({ owner: '0x1234' });
    expect(coins.objects.length).toBeGreaterThan(1);
    expect(BigInt(coins.objects[0]!.balance)).toBe(1_000_000_000_000n);
    const balance = await client.core.getBalance({ owner: '0x1234' });
    expect(BigInt(balance.balance.balance)).toBe(BigInt(coins.objects.length) * 1_000_000_000_000n);
    const sui = await client.ledgerService.getObject({ objectId: '0x2', readMask: { paths: ['package'] } });
    expect(sui.response.object!.package!.modules.some((m) => m.name === 'coin')).toBe(true);
  });

  it('answers NOT_FOUND for an object it does not have, as a node does', async () => {
    await expect(client.core.getObject({ objectId: '0xabc' })).rejects.toThrow(/not found/i);
  });
});
