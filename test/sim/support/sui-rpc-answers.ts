// What a Sui full node answers, in its JSON-RPC shapes (types from @mysten/sui/jsonRpc), for a sender
// with two SUI coins: coins, gas price, objects, chain id, and dry-run responses with created objects.
import { toBase58 } from '@mysten/sui/utils';
import { expect } from 'vitest';
import type { PtbSpec } from '../../../src/core/phase2/ptb-spec.js';
import type { RpcHandler } from './sui-rpc-server.js';

export const FULL_2 = '0x' + '0'.repeat(63) + '2';
export const KIOSK = `${FULL_2}::kiosk::Kiosk`;
export const KIOSK_CAP = `${FULL_2}::kiosk::KioskOwnerCap`;
export const SENDER = '0x' + 'a1'.repeat(32);
export const id = (byte: string) => '0x' + byte.repeat(32);
export const CLOCK = '0x' + '0'.repeat(63) + '6';
export const digest = (fill: number) => toBase58(new Uint8Array(32).fill(fill));
export const COINS = [id('c0'), id('c1')].map((coinObjectId, index) => ({
  coinType: '0x2::sui::SUI',
  coinObjectId,
  version: String(11 + index),
  digest: digest(7 + index),
  balance: '5000000000',
  previousTransaction: digest(1),
}));
export const KIOSK_DEFAULT: PtbSpec = { calls: [{ target: '0x2::kiosk::default', type_args: [], args: [] }] };
export const ABORT =
  'MoveAbort(MoveLocation { module: ModuleId { address: 0000000000000000000000000000000000000000000000000000000000000002, ' +
  'name: Identifier("kiosk") }, function: 9, instruction: 14, function_name: Some("withdraw") }, 3) in command 0';

export function effects(status: { status: 'success' | 'failure'; error?: string }, created: string[]) {
  const gasRef = { objectId: COINS[0]!.coinObjectId, version: '12', digest: digest(9) };
  return {
    messageVersion: 'v1',
    status,
    executedEpoch: '12',
    gasUsed: {
      computationCost: '750000',
      storageCost: '4000000',
      storageRebate: '978120',
      nonRefundableStorageFee: '9880',
    },
    modifiedAtVersions: [{ objectId: gasRef.objectId, sequenceNumber: '11' }],
    transactionDigest: digest(2),
    created: created.map((_type, index) => ({
      owner: { AddressOwner: SENDER },
      reference: { objectId: id((0xe0 + index).toString(16)), version: '12', digest: digest(20 + index) },
    })),
    mutated: [{ owner: { AddressOwner: SENDER }, reference: gasRef }],
    gasObject: { owner: { AddressOwner: SENDER }, reference: gasRef },
    dependencies: [digest(3)],
  };
}

/** A DryRunTransactionBlockResponse: created objects appear in `objectChanges` with their types. */
export function dryRunAnswer(
  status: { status: 'success' | 'failure'; error?: string },
  created: string[] = [],
) {
  return {
    effects: effects(status, created),
    events: [],
    objectChanges: [
      {
        type: 'mutated',
        sender: SENDER,
        owner: { AddressOwner: SENDER },
        objectType: '0x2::coin::Coin<0x2::sui::SUI>',
        objectId: COINS[0]!.coinObjectId,
        version: '12',
        previousVersion: '11',
        digest: digest(9),
      },
      ...created.map((objectType, index) => ({
        type: 'created',
        sender: SENDER,
        owner: { AddressOwner: SENDER },
        objectType,
        objectId: id((0xe0 + index).toString(16)),
        version: '12',
        digest: digest(20 + index),
      })),
    ],
    balanceChanges: [{ owner: { AddressOwner: SENDER }, coinType: '0x2::sui::SUI', amount: '-3771880' }],
    input: {
      messageVersion: 'v1',
      transaction: { kind: 'ProgrammableTransaction', inputs: [], transactions: [] },
    },
  };
}

export const OBJECTS: Record<string, { version: string; owner: unknown; type: string }> = {
  [id('aa')]: { version: '3', owner: { AddressOwner: SENDER }, type: '0x2::kiosk::KioskOwnerCap' },
  [CLOCK]: {
    version: '40',
    owner: { Shared: { initial_shared_version: '1' } },
    type: '0x2::clock::Clock',
  },
};

export const baseHandlers: Record<string, RpcHandler> = {
  suix_getCoins: (params) => {
    expect(params[0]).toBe(SENDER);
    expect(params[1]).toBe('0x2::sui::SUI');
    return { data: COINS.slice(0, (params[3] as number | null) ?? 50), nextCursor: null, hasNextPage: false };
  },
  suix_getReferenceGasPrice: () => '750',
  sui_multiGetObjects: (params) =>
    (params[0] as string[]).map((objectId) => {
      const known = OBJECTS[objectId];
      if (!known) return { error: { code: 'notExists', object_id: objectId } };
      return {
        data: { objectId, version: known.version, digest: digest(30), owner: known.owner, type: known.type },
      };
    }),
  sui_getChainIdentifier: () => '4c78adac',
};
