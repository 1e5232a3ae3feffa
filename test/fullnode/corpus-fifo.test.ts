// A corpus is untrusted input for the local full node too: a FIFO where a package's metadata.json or a
// module should be neither blocks the node's start (it indexes every metadata.json) nor hangs the request
// that reads that package (it reads every module); the node goes on serving the other packages. Reading a
// FIFO that has no writer would block the thread for ever, so without the corpus reader's checks this test
// never gets a node to ask.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SuiGrpcClient } from '@mysten/sui/grpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fullnode } from '../../src/fullnode/server.js';
import { mainnetFullnode } from '../support/local-fullnode.js';
import { MAINNET_DIR } from '../support/mainnet-roots.js';

const GOOD = '0x059f94b85c07eb74d2847f8255d8cc0a67c9a8dcc039eabf9f8b9e23a0de2700';
const FIFO_MODULE = `0xab${'cd'.repeat(31)}`;
const root = mkdtempSync(join(tmpdir(), 'smi-fullnode-fifo-'));
const folder = (id: string) => join(root, id.slice(0, 4), id.slice(4));

let node: Fullnode;
let client: SuiGrpcClient;
beforeAll(async () => {
  cpSync(folder(GOOD).replace(root, MAINNET_DIR), folder(GOOD), { recursive: true });
  // A folder whose metadata.json is a FIFO: the node's index must pass it by.
  const fifoMeta = join(root, '0xef', 'ef'.repeat(31));
  mkdirSync(join(fifoMeta, 'bytecode_modules'), { recursive: true });
  execFileSync('mkfifo', [join(fifoMeta, 'metadata.json')]);
  // A package whose one module is a FIFO: reading it must fail that request, not block the node.
  mkdirSync(join(folder(FIFO_MODULE), 'bytecode_modules'), { recursive: true });
  writeFileSync(join(folder(FIFO_MODULE), 'metadata.json'), JSON.stringify({ id: FIFO_MODULE }));
  execFileSync('mkfifo', [join(folder(FIFO_MODULE), 'bytecode_modules', 'm.mv')]);
  node = await mainnetFullnode({ corpusRoot: root });
  client = new SuiGrpcClient({ network: 'localnet', baseUrl: node.url });
}, 30_000);
afterAll(() => node?.close());

describe('a local full node over a corpus holding FIFOs', () => {
  it('starts, refuses the package whose module is a FIFO, and serves the others', async () => {
    await expect(
      client.ledgerService.getObject({ objectId: FIFO_MODULE, readMask: { paths: ['package'] } }),
    ).rejects.toThrow(/m\.mv is a FIFO, not a regular file/);
    const { response } = await client.ledgerService.getObject({
      objectId: GOOD,
      readMask: { paths: ['package'] },
    });
    expect(response.object!.package!.storageId).toBe(GOOD);
  });
});
