// A Sui node on 127.0.0.1 that answers `GetObject` with whatever package a test makes up, over the real
// gRPC-web framing with Mysten's own message types: a node that lies, as `corpus pull` must expect one to.
import { createServer } from 'node:http';
import { GrpcTypes } from '@mysten/sui/grpc';
import { answerGrpcWeb, GrpcCode, GrpcStatusError, type UnaryMethod } from '../../src/fullnode/grpc-web.js';
import { stubIntake } from './local-fullnode.js';

export interface PackageNode {
  url: string;
  /** The object ids asked for, in order. */
  asked: string[];
  close(): Promise<void>;
}

/** `answer` gives the package for an object id, or undefined for NOT_FOUND. */
export async function startPackageNode(
  answer: (objectId: string) => GrpcTypes.Package | undefined,
): Promise<PackageNode> {
  const asked: string[] = [];
  const getObject: UnaryMethod<GrpcTypes.GetObjectRequest, GrpcTypes.GetObjectResponse> = {
    input: GrpcTypes.GetObjectRequest,
    output: GrpcTypes.GetObjectResponse,
    handle: (request) => {
      const id = request.objectId ?? '';
      asked.push(id);
      const pkg = answer(id);
      if (!pkg) throw new GrpcStatusError(GrpcCode.NOT_FOUND, `object ${id} not found`);
      return { object: { objectId: id, package: pkg } };
    },
  };
  const serviceInfo: UnaryMethod<GrpcTypes.GetServiceInfoRequest, GrpcTypes.GetServiceInfoResponse> = {
    input: GrpcTypes.GetServiceInfoRequest,
    output: GrpcTypes.GetServiceInfoResponse,
    handle: () => ({ chain: 'localnet', chainId: 'hostile' }),
  };
  const methods = new Map<string, UnaryMethod>([
    ['/sui.rpc.v2.LedgerService/GetObject', getObject as unknown as UnaryMethod],
    ['/sui.rpc.v2.LedgerService/GetServiceInfo', serviceInfo as unknown as UnaryMethod],
  ]);
  const server = createServer((req, res) => void answerGrpcWeb(req, res, methods, stubIntake()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
