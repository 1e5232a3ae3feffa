// The sender's objects by type (§8.1), for planners that fill placeholders with objects the sender owns:
// ListOwnedObjects over gRPC, or `suix_getOwnedObjects` where the run asked for JSON-RPC.
import { createChainClient } from '../chain/grpc-client.js';
import { normalizeTypeString } from '../core/phase2/type-string.js';
import { createRpcClient, rpcStep, type RpcOptions } from './json-rpc-client.js';
import { normalizeAddress } from './pure-args.js';
import { simStep } from './sim-step.js';
import type { RpcProtocol } from '../contracts/simulation.js';

const PAGE_SIZE = 50;
/** Upstream stops paging once it holds more than this many objects. */
const OBJECT_LIMIT = 200;

export type Inventory = Record<string, string[]>;

/** One page: the objects' types and ids, and what asks for the next page (null on the last). */
type Page = { items: { type?: string | null; objectId?: string | null }[]; next: unknown };
type PageReader = (cursor: unknown) => Promise<Page>;

function grpcPages(url: string, owner: string, options: RpcOptions): PageReader {
  const client = createChainClient(url, options);
  return async (cursor) => {
    const { response } = await simStep(url, "listing the sender's objects", options.signal, () =>
      client.stateService.listOwnedObjects(
        {
          owner,
          pageSize: PAGE_SIZE,
          readMask: { paths: ['object_id', 'object_type'] },
          ...(cursor ? { pageToken: cursor as Uint8Array } : {}),
        },
        { abort: options.signal },
      ),
    );
    const token = response.nextPageToken;
    return {
      items: response.objects.map((o) => ({ type: o.objectType, objectId: o.objectId })),
      next: token && token.length > 0 ? token : null,
    };
  };
}

function jsonRpcPages(url: string, owner: string, options: RpcOptions): PageReader {
  const client = createRpcClient(url, options);
  return async (cursor) => {
    const page = await rpcStep(url, "listing the sender's objects", options.signal, () =>
      client.getOwnedObjects({
        owner,
        options: { showType: true },
        cursor: (cursor as string | null) ?? null,
        limit: PAGE_SIZE,
        signal: options.signal,
      }),
    );
    return {
      items: page.data.map((item) => ({ type: item.data?.type, objectId: item.data?.objectId })),
      next: page.hasNextPage ? page.nextCursor : null,
    };
  };
}

/** Normalized type → object ids, in the node's order. A zero or non-hex sender owns nothing. */
export async function fetchInventory(
  url: string,
  sender: string,
  options: RpcOptions & { protocol?: RpcProtocol } = {},
): Promise<Inventory> {
  if (sender === '0x0' || !sender.startsWith('0x')) return {};
  const owner = normalizeAddress(sender, 'sender');
  const read =
    options.protocol === 'json-rpc' ? jsonRpcPages(url, owner, options) : grpcPages(url, owner, options);
  const inventory: Inventory = {};
  let cursor: unknown = null;
  let collected = 0;
  for (;;) {
    const page = await read(cursor);
    for (const { type, objectId } of page.items) {
      if (typeof type === 'string' && typeof objectId === 'string')
        (inventory[normalizeTypeString(type)] ??= []).push(objectId);
    }
    collected += page.items.length;
    if (!page.next || collected > OBJECT_LIMIT) return inventory;
    cursor = page.next;
  }
}
