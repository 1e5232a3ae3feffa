// A node that describes a package only in part (here: no version) fails that package with the reason; no
// folder is written with a guessed version. The node is a gRPC-web server on 127.0.0.1 answering GetObject
// with Mysten's own message types.
import { createServer } from 'node:http';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GrpcTypes } from '@mysten/sui/grpc';
import { describe, expect, it } from 'vitest';
import { createChainClient } from '../../src/chain/grpc-client.js';
import { pullPackages } from '../../src/corpus-pull/pull.js';
import { answerGrpcWeb, type UnaryMethod } from '../../src/fullnode/grpc-web.js';
import { stubIntake } from '../support/local-fullnode.js';

const ID = `0x${'ab'.repeat(32)}`;

describe('corpus pull from a node that leaves out a package field', () => {
  it('records the package as failed, naming what the node did not say, and writes nothing', async () => {
    const getObject: UnaryMethod<GrpcTypes.GetObjectRequest, GrpcTypes.GetObjectResponse> = {
      input: GrpcTypes.GetObjectRequest,
      output: GrpcTypes.GetObjectResponse,
      handle: (request) => ({
        object: {
          objectId: request.objectId,
          package: {
            storageId: ID,
            originalId: ID,
            modules: [
              { name: 'm', contents: new Uint8Array([0xa1, 0x1c, 0xeb, 0x0b]), datatypes: [], functions: [] },
            ],
            typeOrigins: [],
            linkage: [],
          },
        },
      }),
    };
    const methods = new Map([['/sui.rpc.v2.LedgerService/GetObject', getObject as unknown as UnaryMethod]]);
    const server = createServer((req, res) => void answerGrpcWeb(req, res, methods, stubIntake()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const out = join(mkdtempSync(join(tmpdir(), 'smi-pull-strict-')), 'corpus');
    try {
      const summary = await pullPackages([ID], {
        client: createChainClient(url),
        url,
        out,
        concurrency: 1,
        maxRetries: 0,
      });
      expect(summary).toMatchObject({ pulled: 0, failed: 1 });
      expect(summary.failures).toEqual([
        { id: ID, reason: `${ID}: the node did not say the package's version` },
      ]);
      expect(existsSync(join(out, '0xab'))).toBe(false);
    } finally {
      server.close();
    }
  });
});
