// What the extractor's RPC modes ask a node, over gRPC: a package's normalized modules (MovePackageService
// GetPackage, in JSON-RPC's shape) and an object (a package's module bytes, or a package-info object's
// fields), each request tried again while the failure is transient, waiting as the node says (Retry-After).
import { GrpcTypes, type SuiGrpcClient } from '@mysten/sui/grpc';
import { ChainError, createChainClient } from '../chain/grpc-client.js';
import { chainStepWithRetries } from '../chain/retry.js';
import { normalizedModules } from '../chain/normalized-module.js';
import type { NodePackages, RetrySettings } from './rpc-modules.js';
import type { RpcModule } from '../contracts/rpc-module.js';

export class GrpcModules implements NodePackages {
  private readonly client: SuiGrpcClient;

  constructor(
    readonly rpcUrl: string,
    private readonly retry: RetrySettings,
  ) {
    this.client = createChainClient(rpcUrl);
  }

  private withRetry<T>(what: string, call: () => PromiseLike<T>): Promise<T> {
    return chainStepWithRetries(this.rpcUrl, what, call, this.retry);
  }

  async fetch(packageId: string): Promise<Record<string, RpcModule>> {
    const { response } = await this.withRetry(`GetPackage ${packageId}`, () =>
      this.client.movePackageService.getPackage({ packageId }),
    );
    if (!response.package) throw new Error(`${packageId}: the node described no package`);
    return normalizedModules(response.package);
  }

  async object(id: string): Promise<{ bcs?: unknown; content?: unknown } | null> {
    try {
      const { response } = await this.withRetry(`GetObject ${id}`, () =>
        this.client.ledgerService.getObject({
          objectId: id,
          readMask: { paths: ['object_type', 'package.modules.name', 'package.modules.contents', 'json'] },
        }),
      );
      const object = response.object;
      const pkg = object?.package;
      // As JSON-RPC's getObject showed them: bcs.moduleMap for a package, content.fields for a Move object.
      return pkg && pkg.modules.length > 0
        ? {
            bcs: {
              dataType: 'package',
              moduleMap: Object.fromEntries(
                pkg.modules.map((m) => [m.name ?? '', Buffer.from(m.contents ?? []).toString('base64')]),
              ),
            },
          }
        : { bcs: { dataType: 'moveObject' }, content: { fields: object ? plainJson(object) : {} } };
    } catch (error) {
      if (error instanceof ChainError && error.kind === 'not_found') return null;
      throw error;
    }
  }
}

/** An object's `json` as plain JSON: the message holds it as a protobuf Value ({kind: {oneofKind, …}}). */
function plainJson(object: GrpcTypes.Object): unknown {
  return (GrpcTypes.Object.toJson(object) as { json?: unknown }).json ?? {};
}
