// The sender's objects by type (§8.1), for planners that fill placeholders with objects the sender owns.
import { normalizeAddress } from './pure-args.js';
import { createRpcClient, rpcStep, type RpcOptions } from './rpc-client.js';
import { normalizeTypeString } from '../core/phase2/type-string.js';

const PAGE_SIZE = 50;
/** Upstream stops paging once it holds more than this many objects. */
const OBJECT_LIMIT = 200;

export type Inventory = Record<string, string[]>;

/** Normalized type → object ids, in the RPC's order. A zero or non-hex sender owns nothing. */
export async function fetchInventory(
  rpcUrl: string,
  sender: string,
  options: RpcOptions = {},
): Promise<Inventory> {
  if (sender === '0x0' || !sender.startsWith('0x')) return {};
  const owner = normalizeAddress(sender, 'sender');
  const client = createRpcClient(rpcUrl, options);
  const inventory: Inventory = {};
  let cursor: string | null = null;
  let collected = 0;
  for (;;) {
    const page = await rpcStep(rpcUrl, "listing the sender's objects", options.signal, () =>
      client.getOwnedObjects({
        owner,
        options: { showType: true },
        cursor,
        limit: PAGE_SIZE,
        signal: options.signal,
      }),
    );
    for (const item of page.data) {
      const { type, objectId } = item.data ?? {};
      if (typeof type === 'string' && typeof objectId === 'string')
        (inventory[normalizeTypeString(type)] ??= []).push(objectId);
    }
    collected += page.data.length;
    if (!page.hasNextPage || !page.nextCursor || collected > OBJECT_LIMIT) return inventory;
    cursor = page.nextCursor;
  }
}
