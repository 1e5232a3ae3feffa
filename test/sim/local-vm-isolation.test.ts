// `--simulation-mode local` runs each plan in a VM thread: a plan whose execution fills the thread's heap
// (here 64 MB, set by SMI_VM_HEAP_MB before the process's VM pool is made) is that simulation's failure,
// with the reason, and the next plan runs. Expected from the framework's source:
//   coin::divide_into_n<T>(self: &mut Coin<T>, n: u64, ctx): vector<Coin<T>> splits n - 1 coins off `self`,
//     one object each: asked for a million (the gas coin holds 1 000 SUI), the coins it splits off before
//     the VM's instruction budget runs out take over 100 MB (112 MB of heap measured in one process);
//   kiosk::default(ctx) shares a Kiosk and sends its KioskOwnerCap to the sender.
import { afterAll, describe, expect, it } from 'vitest';
import { simulatePlan, type SimulationRequest } from '../../src/sim/index.js';
import type { PtbCall } from '../../src/core/phase2/ptb-spec.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';

process.env.SMI_VM_HEAP_MB = '64';
afterAll(() => {
  delete process.env.SMI_VM_HEAP_MB;
});

const SUI_FRAMEWORK = '0x0000000000000000000000000000000000000000000000000000000000000002';
const plan = (calls: PtbCall[]): SimulationRequest => ({
  mode: 'local',
  spec: { calls },
  sender: '0x' + 'ab'.repeat(32),
  // Sui's largest budget: what stops this plan is the heap, not gas.
  gasBudget: 50_000_000_000,
  gasCoin: null,
  rpcUrl: null,
  packageDir: SHARED_PACKAGE_DIRS[SUI_FRAMEWORK]!,
  requireDryRun: false,
});

describe('local simulation in a VM thread', () => {
  it('a plan that fills the heap fails with the reason, and the next plan runs', async () => {
    const divided = await simulatePlan(
      plan([
        {
          target: '0x2::coin::divide_into_n',
          type_args: ['0x2::sui::SUI'],
          args: [{ gas_coin: true }, { u64: 1_000_000 }],
        },
      ]),
    );
    expect(divided).toMatchObject({
      modeUsed: 'local',
      txBuildOk: true,
      execOk: false,
      createdTypes: [],
      failure: {
        status: 'failure',
        effectsError: 'VM_OUT_OF_MEMORY: the VM thread ran out of memory (heap limit 64 MB)',
        abortCode: null,
        abortLocation: null,
      },
    });
    const kiosk = await simulatePlan(plan([{ target: '0x2::kiosk::default', type_args: [], args: [] }]));
    expect(kiosk).toMatchObject({ execOk: true, failure: null });
    expect(kiosk.createdTypes).toEqual([
      `${SUI_FRAMEWORK}::kiosk::Kiosk`,
      `${SUI_FRAMEWORK}::kiosk::KioskOwnerCap`,
    ]);
  });
});
