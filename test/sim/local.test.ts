// `--simulation-mode local`: plans executed by smi-bench's own Move VM over the real framework bytecode
// of the shared corpus. Expected values come from the framework's Move source:
//   kiosk::default(ctx)       { let (kiosk, cap) = new(ctx); transfer(cap, sender); share_object(kiosk) }
//   coin::zero<T>(ctx): Coin<T>           (Coin has key + store, no drop)
//   balance::split(self, value)           { assert!(self.value >= value, ENotEnough /* = 2 */); … }
//   clock::timestamp_ms(&Clock): u64
//   random::new_generator(&Random, ctx): RandomGenerator (has drop); Sui allows only TransferObjects and
//   MergeCoins after a command that takes Random
//   0x5 is Sui's system state, made by the validators' genesis, which the local chain does not have
import { describe, expect, it } from 'vitest';
import type { PtbCall } from '../../src/core/phase2/ptb-spec.js';
import { simulatePlan, SimulationError, type SimulationRequest } from '../../src/sim/index.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';

const SUI_FRAMEWORK = '0x0000000000000000000000000000000000000000000000000000000000000002';
const SENDER = '0x' + 'ab'.repeat(32);
const plan = (calls: PtbCall[]): SimulationRequest => ({
  mode: 'local',
  spec: { calls },
  sender: SENDER,
  gasBudget: 10_000_000,
  gasCoin: null,
  rpcUrl: null,
  packageDir: SHARED_PACKAGE_DIRS[SUI_FRAMEWORK]!,
  requireDryRun: false,
});
const call = (target: string, type_args: string[] = [], args: PtbCall['args'] = []): PtbCall => ({
  target,
  type_args,
  args,
});

describe('local simulation', () => {
  it('credits the objects an executed call creates and transfers or shares', async () => {
    const outcome = await simulatePlan(plan([call('0x2::kiosk::default')]));
    expect(outcome).toMatchObject({ modeUsed: 'local', execOk: true, txBuildOk: true, failure: null });
    expect(outcome.createdTypes).toEqual([
      `${SUI_FRAMEWORK}::kiosk::Kiosk`,
      `${SUI_FRAMEWORK}::kiosk::KioskOwnerCap`,
    ]);
  });

  it('passes results between calls, and refuses a value without drop left unused', async () => {
    const unused = await simulatePlan(plan([call('0x2::coin::zero', ['0x2::sui::SUI'])]));
    expect(unused.execOk).toBe(false);
    expect(unused.createdTypes).toEqual([]);
    expect(unused.failure?.effectsError).toContain('UnusedValueWithoutDrop');

    const transferred = await simulatePlan(
      plan([
        call('0x2::coin::zero', ['0x2::sui::SUI']),
        call(
          '0x2::transfer::public_transfer',
          ['0x2::coin::Coin<0x2::sui::SUI>'],
          [{ result: 0 }, { address: SENDER }],
        ),
      ]),
    );
    expect(transferred.execOk).toBe(true);
    expect(transferred.createdTypes).toEqual([`${SUI_FRAMEWORK}::coin::Coin<${SUI_FRAMEWORK}::sui::SUI>`]);
  });

  it('refuses type arguments the function cannot take, as Sui does: the status, not an internal error', async () => {
    const outcome = await simulatePlan(
      plan([call('0x2::transfer::public_transfer', ['u64'], [{ u64: 0 }, { address: SENDER }])]),
    );
    expect(outcome).toMatchObject({ execOk: false, txBuildOk: true });
    expect(outcome.failure?.effectsError).toContain('TypeArgumentError');
    expect(outcome.failure?.effectsError).toContain('ConstraintNotSatisfied');
    expect(outcome.failure?.effectsError).not.toContain('internal');
  });

  it('reports an abort with its code and location', async () => {
    const outcome = await simulatePlan(
      plan([
        call('0x2::balance::zero', ['0x2::sui::SUI']),
        call('0x2::balance::split', ['0x2::sui::SUI'], [{ result: 0 }, { u64: 5 }]),
      ]),
    );
    expect(outcome.execOk).toBe(false);
    expect(outcome.failure).toMatchObject({ abortCode: '2', abortLocation: '0x2::balance::split' });
  });

  it('has the Clock at 0x6, and moves a result only once', async () => {
    const clock = await simulatePlan(
      plan([call('0x2::clock::timestamp_ms', [], [{ shared_object: { id: '0x6', mutable: false } }])]),
    );
    expect(clock.execOk).toBe(true);
    const twice = await simulatePlan(
      plan([
        call('0x2::kiosk::new'),
        call('0x2::transfer::public_share_object', ['0x2::kiosk::Kiosk'], [{ nested_result: [0, 0] }]),
        call('0x2::transfer::public_share_object', ['0x2::kiosk::Kiosk'], [{ nested_result: [0, 0] }]),
      ]),
    );
    expect(twice.execOk).toBe(false);
    expect(twice.failure?.effectsError).toContain('after it was moved');
  });

  it("keeps Sui's mutable flag of shared inputs: a read-only CoinRegistry cannot be taken by &mut", async () => {
    // coin_registry::finalize_registration<T: key>(registry: &mut CoinRegistry, currency: Receiving<Currency<T>>,
    // …): the argument check refuses the registry before any Move code runs.
    const outcome = await simulatePlan(
      plan([
        call(
          '0x2::coin_registry::finalize_registration',
          ['0x2::kiosk::Kiosk'],
          [{ shared_object: { id: '0xc', mutable: false } }, { u8: 2 }],
        ),
      ]),
    );
    expect(outcome.execOk).toBe(false);
    expect(outcome.failure?.effectsError).toContain(
      'command 0: CommandArgumentError InvalidObjectByMutRef (argument 0)',
    );
  });

  it('has Random at 0x8, and refuses a Move call after the command that used it', async () => {
    const random = { shared_object: { id: '0x8', mutable: false } };
    const generator = await simulatePlan(plan([call('0x2::random::new_generator', [], [random])]));
    expect(generator).toMatchObject({ execOk: true, failure: null });
    const after = await simulatePlan(
      plan([
        call('0x2::random::new_generator', [], [random]),
        call('0x2::random::generate_u64', [], [{ result: 0 }]),
      ]),
    );
    expect(after.execOk).toBe(false);
    expect(after.failure?.effectsError).toContain('command 1: PostRandomCommandRestrictions');
  });

  it('gives the sender SUI coins: pay::split splits off a new coin and sends it to the sender', async () => {
    // pay::split<T>(coin: &mut Coin<T>, split_amount: u64, ctx) { keep(coin::split(coin, split_amount, ctx), ctx) }
    const outcome = await simulatePlan(
      plan([call('0x2::pay::split', ['0x2::sui::SUI'], [{ gas_coin: true }, { u64: 5 }])]),
    );
    expect(outcome.execOk).toBe(true);
    expect(outcome.createdTypes).toEqual([`${SUI_FRAMEWORK}::coin::Coin<${SUI_FRAMEWORK}::sui::SUI>`]);
  });

  it('gives a coin for sender_sui_coin, the other coin kind of upstream that names no id', async () => {
    const outcome = await simulatePlan(
      plan([call('0x2::pay::split', ['0x2::sui::SUI'], [{ sender_sui_coin: {} }, { u64: 5 }])]),
    );
    expect(outcome.execOk).toBe(true);
    expect(outcome.createdTypes).toEqual([`${SUI_FRAMEWORK}::coin::Coin<${SUI_FRAMEWORK}::sui::SUI>`]);
  });

  // On chain an input object the node cannot find stops the transaction before it is built
  // (Sui's ObjectNotFound): no coin is made up for an id nobody owns, 0x0 (the normalizer's placeholder) included.
  it.each(['0x0', '0x99'])('builds no transaction around owned object %s, which nobody owns', async (id) => {
    const outcome = await simulatePlan(
      plan([call('0x2::pay::split', ['0x2::sui::SUI'], [{ imm_or_owned_object: id }, { u64: 1 }])]),
    );
    expect(outcome).toMatchObject({ txBuildOk: false, execOk: null, attempts: 0, createdTypes: [] });
    expect(outcome.failure?.status).toBe('ObjectNotFound');
    expect(outcome.dryRunError).toContain(`imm_or_owned_object "${id}" is not in the local object store`);
    expect(outcome.failure?.effectsError).toBe(outcome.dryRunError);
  });

  it('rejects plans that cannot run at all', async () => {
    await expect(simulatePlan(plan([call('0x2::kiosk::no_such_function')]))).rejects.toBeInstanceOf(
      SimulationError,
    );
    const system = await simulatePlan(
      plan([
        call(
          '0x3::sui_system::active_validator_addresses',
          [],
          [{ shared_object: { id: '0x5', mutable: true } }],
        ),
      ]),
    );
    expect(system).toMatchObject({ txBuildOk: false, execOk: null, attempts: 0 });
    expect(system.dryRunError).toMatch(
      /0x5.*not in the local object store \(it holds the system objects 0x6 \(Clock\), 0x8 \(Random\), 0x403 \(DenyList\), 0xc \(CoinRegistry\)/,
    );
  });

  // Sui's dry-run spells created types with full `0x` addresses and type arguments separated by `, `
  // (`0x2::dynamic_field::Field<u64, u64>`), not the VM's canonical `Field<u64,u64>`.
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
      `${SUI_FRAMEWORK}::bag::Bag`,
      `${SUI_FRAMEWORK}::dynamic_field::Field<u64, u64>`,
      `${SUI_FRAMEWORK}::table::Table<u64, ${SUI_FRAMEWORK}::coin::Coin<${SUI_FRAMEWORK}::sui::SUI>>`,
    ]);
  });
});
