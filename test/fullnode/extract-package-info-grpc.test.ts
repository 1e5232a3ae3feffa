// `extract --input-kind package-info` (and `auto`) over gRPC: a package-info object's fields arrive as a
// protobuf Value, and its `package_address` is the package to extract. The node is a gRPC-web server on
// 127.0.0.1 answering GetObject with Mysten's own message types, as a Sui full node does for an MVR
// package-info object.
import { createServer, type Server } from 'node:http';
import { GrpcTypes } from '@mysten/sui/grpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GrpcModules } from '../../src/corpus-report/grpc-modules.js';
import { resolvePackage } from '../../src/corpus-report/onchain-package.js';
import { answerGrpcWeb, type UnaryMethod } from '../../src/fullnode/grpc-web.js';
import { stubIntake } from '../support/local-fullnode.js';

const INFO_ID = `0x${'c1'.repeat(32)}`;
const PACKAGE_ADDRESS = `0x${'5e'.repeat(32)}`;

let server: Server;
let url: string;
beforeAll(async () => {
  // The object's fields as a full node's `json` read mask gives them, through the Value type's JSON mapping.
  const { json } = GrpcTypes.Object.fromJson({
    json: {
      id: INFO_ID,
      upgrade_cap_id: `0x${'0c'.repeat(32)}`,
      package_address: PACKAGE_ADDRESS,
      metadata: { contents: [] },
    },
  });
  const getObject: UnaryMethod<GrpcTypes.GetObjectRequest, GrpcTypes.GetObjectResponse> = {
    input: GrpcTypes.GetObjectRequest,
    output: GrpcTypes.GetObjectResponse,
    handle: (request) => {
      if (request.objectId !== INFO_ID) throw new Error(`no object ${request.objectId}`);
      return {
        object: { objectId: INFO_ID, objectType: '0xabc::package_info::PackageInfo', json },
      };
    },
  };
  const methods = new Map([['/sui.rpc.v2.LedgerService/GetObject', getObject as unknown as UnaryMethod]]);
  server = createServer((req, res) => void answerGrpcWeb(req, res, methods, stubIntake()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => server.close());

describe('a package-info object read over gRPC', () => {
  const rpc = () => new GrpcModules(url, { retries: 0, initialMs: 1, maxMs: 1 });

  it('--input-kind package-info names the package at its package_address', async () => {
    expect(await resolvePackage(rpc(), INFO_ID, 'package-info')).toEqual({
      packageId: PACKAGE_ADDRESS,
      fromPackageInfo: true,
    });
  });

  it('--input-kind auto does the same for an object that is not a package', async () => {
    expect(await resolvePackage(rpc(), INFO_ID, 'auto')).toEqual({
      packageId: PACKAGE_ADDRESS,
      fromPackageInfo: true,
    });
  });
});
