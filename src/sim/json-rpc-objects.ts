// Object references, coins and the gas price from the chain, for building a real transaction.
import type { SuiJsonRpcClient } from '@mysten/sui/jsonRpc';
import type { PtbSpec } from '../core/phase2/ptb-spec.js';
import { rejected } from './errors.js';
import type { ObjectRef, ObjectSource } from './ptb-build.js';
import { normalizeAddress } from './pure-args.js';
import { rpcStep } from './json-rpc-client.js';

const SUI_COIN = '0x2::sui::SUI';
/** smi_tx_sim reads one page of this many coins for `sender_sui_coin`. */
const COIN_PAGE = 50;
const OBJECTS_PER_REQUEST = 50;

interface ChainObject {
  ref: ObjectRef;
  initialSharedVersion: string | null;
}

export interface RpcContext {
  client: SuiJsonRpcClient;
  rpcUrl: string;
  sender: string;
  /** From the request; null picks the sender's first SUI coin. */
  gasCoinId: string | null;
  signal?: AbortSignal;
}

/** Object ids named by `imm_or_owned_object` and `shared_object` arguments. */
export function objectIdsIn(spec: PtbSpec): string[] {
  const ids = new Set<string>();
  for (const call of spec.calls) {
    for (const arg of call.args ?? []) {
      const record = arg as Record<string, unknown>;
      if ('result' in record || 'nested_result' in record) continue;
      const owned = record.imm_or_owned_object;
      const shared = record.shared_object as { id?: unknown } | undefined;
      const id = typeof owned === 'string' ? owned : typeof shared?.id === 'string' ? shared.id : null;
      if (id !== null) ids.add(normalizeAddress(id, 'object id'));
    }
  }
  return [...ids];
}

async function fetchObjects(ctx: RpcContext, ids: string[]): Promise<Map<string, ChainObject>> {
  const found = new Map<string, ChainObject>();
  for (let start = 0; start < ids.length; start += OBJECTS_PER_REQUEST) {
    const batch = ids.slice(start, start + OBJECTS_PER_REQUEST);
    const responses = await rpcStep(ctx.rpcUrl, 'reading objects', ctx.signal, () =>
      ctx.client.multiGetObjects({ ids: batch, options: { showOwner: true }, signal: ctx.signal }),
    );
    responses.forEach((response, index) => {
      const data = response.data;
      if (!data) return;
      const owner = data.owner;
      const shared = typeof owner === 'object' && owner !== null && 'Shared' in owner ? owner.Shared : null;
      found.set(batch[index] ?? normalizeAddress(data.objectId), {
        ref: { objectId: data.objectId, version: data.version, digest: data.digest },
        initialSharedVersion: shared ? String(shared.initial_shared_version) : null,
      });
    });
  }
  return found;
}

async function suiCoins(ctx: RpcContext, limit: number): Promise<ObjectRef[]> {
  const page = await rpcStep(ctx.rpcUrl, "listing the sender's SUI coins", ctx.signal, () =>
    ctx.client.getCoins({ owner: ctx.sender, coinType: SUI_COIN, limit, signal: ctx.signal }),
  );
  return page.data.map((coin) => ({
    objectId: coin.coinObjectId,
    version: coin.version,
    digest: coin.digest,
  }));
}

/**
 * An ObjectSource over the chain. The spec's objects are read in one batch up front; coins and the
 * gas coin on first use.
 */
export async function chainObjectSource(ctx: RpcContext, spec: PtbSpec): Promise<ObjectSource> {
  const objects = await fetchObjects(ctx, objectIdsIn(spec));
  const need = (id: string): ChainObject => {
    const object = objects.get(normalizeAddress(id, 'object id'));
    if (!object) throw rejected(`object ${id} does not exist on the RPC's chain`);
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

async function resolveGasCoin(ctx: RpcContext): Promise<ObjectRef> {
  if (ctx.gasCoinId !== null) {
    const id = normalizeAddress(ctx.gasCoinId, 'gas coin id');
    const [response] = await rpcStep(ctx.rpcUrl, 'reading the gas coin', ctx.signal, () =>
      ctx.client.multiGetObjects({ ids: [id], options: { showOwner: true }, signal: ctx.signal }),
    );
    const data = response?.data;
    if (!data) throw rejected(`gas coin ${ctx.gasCoinId} does not exist on the RPC's chain`);
    return { objectId: data.objectId, version: data.version, digest: data.digest };
  }
  const [first] = await suiCoins(ctx, 1);
  if (!first) throw rejected(`sender ${ctx.sender} owns no SUI coin to pay for gas; pass a gas coin`);
  return first;
}

export async function referenceGasPrice(ctx: RpcContext): Promise<bigint> {
  return rpcStep(ctx.rpcUrl, 'reading the reference gas price', ctx.signal, () =>
    ctx.client.getReferenceGasPrice({ signal: ctx.signal }),
  );
}
