// Object references, coins and the gas price over gRPC, for building a real transaction: the same
// ObjectSource the JSON-RPC path gives, read with `sui.rpc.v2` (BatchGetObjects, ListOwnedObjects, GetEpoch).
import type { SuiGrpcClient } from '@mysten/sui/grpc';
import { GrpcTypes } from '@mysten/sui/grpc';
import { ChainError, chainStep } from '../chain/grpc-client.js';
import type { PtbSpec } from '../core/phase2/ptb-spec.js';
import { objectIdsIn } from './json-rpc-objects.js';
import { rejected } from './errors.js';
import type { ObjectRef, ObjectSource } from './ptb-build.js';
import { normalizeAddress } from './pure-args.js';

const SUI_COIN_TYPE = '0x2::coin::Coin<0x2::sui::SUI>';
/** smi_tx_sim reads one page of this many coins for `sender_sui_coin`. */
const COIN_PAGE = 50;
const OBJECTS_PER_REQUEST = 50;
const REF_FIELDS = ['object_id', 'version', 'digest', 'owner'];

export interface GrpcContext {
  client: SuiGrpcClient;
  url: string;
  sender: string;
  /** From the request; null picks the sender's first SUI coin. */
  gasCoinId: string | null;
  signal?: AbortSignal;
  /** Turns a failed call into the caller's error type. */
  fail: (error: ChainError) => Error;
}

interface ChainObject {
  ref: ObjectRef;
  initialSharedVersion: string | null;
}

async function step<T>(ctx: GrpcContext, what: string, call: () => PromiseLike<T>): Promise<T> {
  try {
    return await chainStep(ctx.url, what, ctx.signal, call);
  } catch (error) {
    if (error instanceof ChainError) throw ctx.fail(error);
    throw error;
  }
}

function chainObject(object: GrpcTypes.Object): ChainObject {
  const shared = object.owner?.kind === GrpcTypes.Owner_OwnerKind.SHARED;
  return {
    ref: { objectId: object.objectId!, version: String(object.version ?? 0n), digest: object.digest ?? '' },
    initialSharedVersion: shared ? String(object.owner?.version ?? 0n) : null,
  };
}

async function fetchObjects(ctx: GrpcContext, ids: string[]): Promise<Map<string, ChainObject>> {
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
      if (result.result.oneofKind === 'object') found.set(batch[index]!, chainObject(result.result.object));
    });
  }
  return found;
}

async function suiCoins(ctx: GrpcContext, limit: number): Promise<ObjectRef[]> {
  const { response } = await step(ctx, "listing the sender's SUI coins", () =>
    ctx.client.stateService.listOwnedObjects(
      { owner: ctx.sender, objectType: SUI_COIN_TYPE, pageSize: limit, readMask: { paths: REF_FIELDS } },
      { abort: ctx.signal },
    ),
  );
  return response.objects.map((object) => chainObject(object).ref);
}

/** An ObjectSource over the chain: the spec's objects read in one batch up front, coins on first use. */
export async function grpcObjectSource(ctx: GrpcContext, spec: PtbSpec): Promise<ObjectSource> {
  const objects = await fetchObjects(ctx, objectIdsIn(spec));
  const need = (id: string): ChainObject => {
    const object = objects.get(normalizeAddress(id, 'object id'));
    if (!object) throw rejected(`object ${id} does not exist on the node's chain`);
    return object;
  };
  let gas: Promise<ObjectRef> | null = null;
  const source: ObjectSource = {
    ownedRef: async (id) => need(id).ref,
    sharedInitialVersion: async (id) => {
      const version = need(id).initialSharedVersion;
      if (version === null) throw rejected(`object ${id} is not shared`);
      return version;
    },
    gasCoin: () => (gas ??= resolveGasCoin(ctx)),
    senderCoin: async (index, excludeGas) => {
      let coins = await suiCoins(ctx, COIN_PAGE);
      if (excludeGas) {
        const gasId = normalizeAddress((await source.gasCoin()).objectId);
        coins = coins.filter((coin) => normalizeAddress(coin.objectId) !== gasId);
      }
      // smi_tx_sim clamps the index to the last coin rather than failing.
      const coin = coins[Math.min(index, coins.length - 1)];
      if (!coin) throw rejected(`sender ${ctx.sender} owns no SUI coin for sender_sui_coin`);
      return coin;
    },
  };
  return source;
}

async function resolveGasCoin(ctx: GrpcContext): Promise<ObjectRef> {
  if (ctx.gasCoinId !== null) {
    const id = normalizeAddress(ctx.gasCoinId, 'gas coin id');
    const coin = (await fetchObjects(ctx, [id])).get(id);
    if (!coin) throw rejected(`gas coin ${ctx.gasCoinId} does not exist on the node's chain`);
    return coin.ref;
  }
  const [first] = await suiCoins(ctx, 1);
  if (!first) throw rejected(`sender ${ctx.sender} owns no SUI coin to pay for gas; pass a gas coin`);
  return first;
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
