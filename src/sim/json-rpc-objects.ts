// Object references, coins and the gas price over JSON-RPC (`--rpc-protocol json-rpc`), for building a
// real transaction.
import type { SuiJsonRpcClient } from '@mysten/sui/jsonRpc';
import type { ChainObject, ChainReads } from './chain-object-source.js';
import { rpcStep } from './json-rpc-client.js';
import { normalizeAddress } from './pure-args.js';

const SUI_COIN = '0x2::sui::SUI';
const OBJECTS_PER_REQUEST = 50;

export interface RpcContext {
  client: SuiJsonRpcClient;
  rpcUrl: string;
  sender: string;
  /** From the request; null picks the sender's first SUI coin. */
  gasCoinId: string | null;
  signal?: AbortSignal;
}

export function jsonRpcReads(ctx: RpcContext): ChainReads {
  return {
    sender: ctx.sender,
    gasCoinId: ctx.gasCoinId,
    async objects(ids) {
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
          const shared =
            typeof owner === 'object' && owner !== null && 'Shared' in owner ? owner.Shared : null;
          found.set(batch[index] ?? normalizeAddress(data.objectId), {
            ref: { objectId: data.objectId, version: data.version, digest: data.digest },
            initialSharedVersion: shared ? String(shared.initial_shared_version) : null,
          });
        });
      }
      return found;
    },
    async suiCoins(limit) {
      const page = await rpcStep(ctx.rpcUrl, "listing the sender's SUI coins", ctx.signal, () =>
        ctx.client.getCoins({ owner: ctx.sender, coinType: SUI_COIN, limit, signal: ctx.signal }),
      );
      return page.data.map((coin) => ({
        objectId: coin.coinObjectId,
        version: coin.version,
        digest: coin.digest,
      }));
    },
  };
}

export async function referenceGasPrice(ctx: RpcContext): Promise<bigint> {
  return rpcStep(ctx.rpcUrl, 'reading the reference gas price', ctx.signal, () =>
    ctx.client.getReferenceGasPrice({ signal: ctx.signal }),
  );
}
