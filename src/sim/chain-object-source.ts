// The objects a plan's transaction needs from a chain, whatever protocol reads them: the objects the spec
// names (read in one batch up front), the sender's SUI coins and the gas coin (read on first use), with
// smi_tx_sim's rules for `sender_sui_coin`.
import type { PtbSpec } from '../core/phase2/ptb-spec.js';
import { rejected } from './errors.js';
import type { ObjectRef, ObjectSource } from './ptb-build.js';
import { normalizeAddress } from './pure-args.js';

/** smi_tx_sim reads one page of this many coins for `sender_sui_coin`. */
const COIN_PAGE = 50;

export interface ChainObject {
  ref: ObjectRef;
  initialSharedVersion: string | null;
}

/** What a protocol reads for the source. */
export interface ChainReads {
  sender: string;
  /** From the request; null picks the sender's first SUI coin. */
  gasCoinId: string | null;
  /** The objects with these ids that exist, by the id asked for. */
  objects(ids: string[]): Promise<Map<string, ChainObject>>;
  /** The sender's SUI coins, at most `limit`. */
  suiCoins(limit: number): Promise<ObjectRef[]>;
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

async function resolveGasCoin(reads: ChainReads): Promise<ObjectRef> {
  if (reads.gasCoinId !== null) {
    const id = normalizeAddress(reads.gasCoinId, 'gas coin id');
    const coin = (await reads.objects([id])).get(id);
    if (!coin) throw rejected(`gas coin ${reads.gasCoinId} does not exist on the node's chain`);
    return coin.ref;
  }
  const [first] = await reads.suiCoins(1);
  if (!first) throw rejected(`sender ${reads.sender} owns no SUI coin to pay for gas; pass a gas coin`);
  return first;
}

export async function chainObjectSource(reads: ChainReads, spec: PtbSpec): Promise<ObjectSource> {
  const objects = await reads.objects(objectIdsIn(spec));
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
    gasCoin: () => (gas ??= resolveGasCoin(reads)),
    senderCoin: async (index, excludeGas) => {
      let coins = await reads.suiCoins(COIN_PAGE);
      if (excludeGas) {
        const gasId = normalizeAddress((await source.gasCoin()).objectId);
        coins = coins.filter((coin) => normalizeAddress(coin.objectId) !== gasId);
      }
      // smi_tx_sim clamps the index to the last coin rather than failing.
      const coin = coins[Math.min(index, coins.length - 1)];
      if (!coin) throw rejected(`sender ${reads.sender} owns no SUI coin for sender_sui_coin`);
      return coin;
    },
  };
  return source;
}
