// The `sui.rpc.v2` methods a local full node answers, by gRPC path. Reads come from the corpus and the
// node's own objects; SimulateTransaction runs in the Move VM; ExecuteTransaction is refused (the node
// never changes). Other methods answer UNIMPLEMENTED, naming themselves.
import { createHash } from 'node:crypto';
import { GrpcTypes } from '@mysten/sui/grpc';
import { toBase58 } from '@mysten/sui/utils';
import { fullAddress } from '../move/address.js';
import { GrpcCode, GrpcStatusError, type MessageCodec, type UnaryMethod } from './grpc-web.js';
import { REFERENCE_GAS_PRICE, SUI_COIN_TYPE, type LocalChain } from './local-chain.js';
import { moduleDescriptors } from './descriptors.js';
import { simulateTransaction } from './simulate.js';

/** The server's name in GetServiceInfo. */
export const SERVER_NAME = 'smi-bench fullnode';

interface ServiceType {
  typeName: string;
  methods: readonly { name: string; I: unknown; O: unknown }[];
}

type Handlers = Record<string, (request: never) => Promise<object> | object>;

function register(table: Map<string, UnaryMethod>, service: ServiceType, handlers: Handlers): void {
  for (const method of service.methods) {
    const handle = handlers[method.name];
    if (!handle) continue;
    table.set(`/${service.typeName}/${method.name}`, {
      input: method.I as MessageCodec<object>,
      output: method.O as MessageCodec<object>,
      handle: handle as (request: object) => Promise<object>,
    });
  }
}

const notFound = (what: string) => new GrpcStatusError(GrpcCode.NOT_FOUND, `${what} not found`);

function checkedId(id: string | undefined, what: string): string {
  if (!id || !/^0x[0-9a-fA-F]{1,64}$/.test(id))
    throw new GrpcStatusError(GrpcCode.INVALID_ARGUMENT, `invalid ${what} ${JSON.stringify(id ?? '')}`);
  return fullAddress(id);
}

export function fullnodeMethods(chain: LocalChain): Map<string, UnaryMethod> {
  const T = GrpcTypes;
  const table = new Map<string, UnaryMethod>();
  const object = async (id: string | undefined): Promise<GrpcTypes.Object> => {
    const checked = checkedId(id, 'object id');
    const found = await chain.object(checked);
    if (!found) throw notFound(`object ${checked}`);
    return found;
  };
  const chainId = toBase58(createHash('sha256').update(`smi-bench fullnode ${chain.options.chain}`).digest());

  register(table, T.LedgerService, {
    GetServiceInfo: (): GrpcTypes.GetServiceInfoResponse => ({
      chainId,
      chain: chain.options.chain,
      epoch: 0n,
      checkpointHeight: 0n,
      lowestAvailableCheckpoint: 0n,
      lowestAvailableCheckpointObjects: 0n,
      server: SERVER_NAME,
    }),
    GetObject: async (request: GrpcTypes.GetObjectRequest): Promise<GrpcTypes.GetObjectResponse> => ({
      object: await object(request.objectId),
    }),
    BatchGetObjects: async (
      request: GrpcTypes.BatchGetObjectsRequest,
    ): Promise<GrpcTypes.BatchGetObjectsResponse> => ({
      objects: await Promise.all(
        request.requests.map(async (r): Promise<GrpcTypes.GetObjectResult> => {
          try {
            return { result: { oneofKind: 'object', object: await object(r.objectId) } };
          } catch (error) {
            if (!(error instanceof GrpcStatusError)) throw error;
            return {
              result: {
                oneofKind: 'error',
                error: { code: error.code, message: error.message, details: [] },
              },
            };
          }
        }),
      ),
    }),
    GetTransaction: async (
      request: GrpcTypes.GetTransactionRequest,
    ): Promise<GrpcTypes.GetTransactionResponse> => {
      const pkg = request.digest ? await chain.publishedIn(request.digest) : undefined;
      if (!pkg) throw notFound(`transaction ${request.digest ?? ''}`);
      return {
        transaction: {
          digest: pkg.transactionDigest,
          transaction: { digest: pkg.transactionDigest, ...(pkg.sender ? { sender: pkg.sender } : {}) },
          ...(pkg.checkpoint === null ? {} : { checkpoint: pkg.checkpoint }),
          signatures: [],
          balanceChanges: [],
        },
      };
    },
    GetEpoch: (): GrpcTypes.GetEpochResponse => ({
      epoch: { epoch: 0n, referenceGasPrice: REFERENCE_GAS_PRICE, firstCheckpoint: 0n },
    }),
  });

  register(table, T.StateService, {
    ListOwnedObjects: async (
      request: GrpcTypes.ListOwnedObjectsRequest,
    ): Promise<GrpcTypes.ListOwnedObjectsResponse> => {
      const owner = checkedId(request.owner, 'owner');
      // Only SUI coins are ever owned here.
      const type = request.objectType?.replace(/0x0*2::/g, '0x2::');
      const wanted = type === undefined || type === SUI_COIN_TYPE || type === '0x2::coin::Coin';
      const coins = wanted ? chain.coinsOf(owner) : [];
      const size = Math.min(Math.max(request.pageSize ?? 50, 1), 1000);
      return { objects: await Promise.all(coins.slice(0, size).map((c) => object(c.id))) };
    },
    GetBalance: (request: GrpcTypes.GetBalanceRequest): GrpcTypes.GetBalanceResponse => {
      const total = chain.coinsOf(checkedId(request.owner, 'owner')).reduce((sum, c) => sum + c.balance, 0n);
      return { balance: { coinType: SUI_COIN_TYPE, balance: total, coinBalance: total, addressBalance: 0n } };
    },
  });

  register(table, T.MovePackageService, {
    GetPackage: async (request: GrpcTypes.GetPackageRequest): Promise<GrpcTypes.GetPackageResponse> => {
      const pkg = await chain.package(checkedId(request.packageId, 'package id'));
      if (!pkg) throw notFound(`package ${request.packageId ?? ''}`);
      const { package: described } = await object(pkg.storageId);
      return { package: { ...described!, modules: moduleDescriptors(pkg) } };
    },
  });

  register(table, T.TransactionExecutionService, {
    SimulateTransaction: (request: GrpcTypes.SimulateTransactionRequest) =>
      simulateTransaction(chain, request),
    ExecuteTransaction: () => {
      throw new GrpcStatusError(
        GrpcCode.UNIMPLEMENTED,
        'a local node only simulates: nothing is ever executed',
      );
    },
  });
  return table;
}
