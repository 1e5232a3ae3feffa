// Object references, coins and the gas price over gRPC (`sui.rpc.v2`: BatchGetObjects, ListOwnedObjects,
// GetEpoch), for building a real transaction.
import type { SuiGrpcClient } from '@mysten/sui/grpc';
import { GrpcTypes } from '@mysten/sui/grpc';
import type { ChainObject, ChainReads } from './chain-object-source.js';
import { rejected } from './errors.js';
import { simStep } from './sim-step.js';

const SUI_COIN_TYPE = '0x2::coin::Coin<0x2::sui::SUI>';
const OBJECTS_PER_REQUEST = 50;
const REF_FIELDS = ['object_id', 'version', 'digest', 'owner'];

export interface GrpcContext {
  client: SuiGrpcClient;
  url: string;
  sender: string;
  /** From the request; null picks the sender's first SUI coin. */
  gasCoinId: string | null;
  signal?: AbortSignal;
}

const step = <T>(ctx: GrpcContext, what: string, call: () => PromiseLike<T>): Promise<T> =>
  simStep(ctx.url, what, ctx.signal, call);

function chainObject(object: GrpcTypes.Object): ChainObject {
  const shared = object.owner?.kind === GrpcTypes.Owner_OwnerKind.SHARED;
  return {
    ref: { objectId: object.objectId!, version: String(object.version ?? 0n), digest: object.digest ?? '' },
    initialSharedVersion: shared ? String(object.owner?.version ?? 0n) : null,
  };
}

export function grpcReads(ctx: GrpcContext): ChainReads {
  return {
    sender: ctx.sender,
    gasCoinId: ctx.gasCoinId,
    async objects(ids) {
      const found = new Map<string, ChainObject>();
      for (let start = 0; start < ids.length; start += OBJECTS_PER_REQUEST) {
        const batch = ids.slice(start, start + OBJECTS_PER_REQUEST);
        const { response } = await step(ctx, 'reading objects', () =>
          ctx.client.ledgerService.batchGetObjects(
            { requests: batch.map((objectId) => ({ objectId })), readMask: { paths: REF_FIELDS } },
            { abort: ctx.signal },
          ),
        );
        response.objects.forEach((result, index) => {
          if (result.result.oneofKind === 'object')
            found.set(batch[index]!, chainObject(result.result.object));
        });
      }
      return found;
    },
    async suiCoins(limit) {
      const { response } = await step(ctx, "listing the sender's SUI coins", () =>
        ctx.client.stateService.listOwnedObjects(
          { owner: ctx.sender, objectType: SUI_COIN_TYPE, pageSize: limit, readMask: { paths: REF_FIELDS } },
          { abort: ctx.signal },
        ),
      );
      return response.objects.map((object) => chainObject(object).ref);
    },
  };
}

export async function grpcReferenceGasPrice(ctx: GrpcContext): Promise<bigint> {
  const { response } = await step(ctx, 'reading the reference gas price', () =>
    ctx.client.ledgerService.getEpoch(
      { readMask: { paths: ['reference_gas_price'] } },
      { abort: ctx.signal },
    ),
  );
  const price = response.epoch?.referenceGasPrice;
  if (price === undefined) throw rejected(`${ctx.url} did not say the reference gas price`);
  return price;
}
