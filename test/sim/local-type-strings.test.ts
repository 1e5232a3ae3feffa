// The types a `local` simulation reports are spelled as Sui's dry-run spells them: full `0x` addresses and
// type arguments separated by `, ` (Sui: `0x2::dynamic_field::Field<u64, u64>`), not the VM's canonical
// `…Field<u64,u64>`. Expected values from the framework's Move source:
//   bag::new(ctx): Bag;  bag::add<K, V>(&mut Bag, K, V) adds a dynamic field Field<K, V> under the bag
//   table::new<K, V>(ctx): Table<K, V>   (key + store, so public_transfer takes it)
import { describe, expect, it } from 'vitest';
import type { PtbCall } from '../../src/core/phase2/ptb-spec.js';
import { simulatePlan, type SimulationRequest } from '../../src/sim/index.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';

const FW = '0x0000000000000000000000000000000000000000000000000000000000000002';
const SENDER = '0x' + 'ab'.repeat(32);
const plan = (calls: PtbCall[]): SimulationRequest => ({
  mode: 'local',
  spec: { calls },
  sender: SENDER,
  gasBudget: 10_000_000,
  gasCoin: null,
  rpcUrl: null,
  packageDir: SHARED_PACKAGE_DIRS[FW]!,
  requireDryRun: false,
});

describe('local created types', () => {
  it('separates two type arguments by a comma and a space', async () => {
    const outcome = await simulatePlan(
      plan([
        { target: '0x2::bag::new', type_args: [], args: [] },
        { target: '0x2::bag::add', type_args: ['u64', 'u64'], args: [{ result: 0 }, { u64: 1 }, { u64: 2 }] },
        { target: '0x2::table::new', type_args: ['u64', '0x2::coin::Coin<0x2::sui::SUI>'], args: [] },
        {
          target: '0x2::transfer::public_transfer',
          type_args: ['0x2::bag::Bag'],
          args: [{ result: 0 }, { address: SENDER }],
        },
        {
          target: '0x2::transfer::public_transfer',
          type_args: ['0x2::table::Table<u64,0x2::coin::Coin<0x2::sui::SUI>>'],
          args: [{ result: 2 }, { address: SENDER }],
        },
      ]),
    );
    expect(outcome.failure).toBeNull();
    expect(outcome.createdTypes).toEqual([
      `${FW}::bag::Bag`,
      `${FW}::dynamic_field::Field<u64, u64>`,
      `${FW}::table::Table<u64, ${FW}::coin::Coin<${FW}::sui::SUI>>`,
    ]);
  });
});
