// `--simulation-mode local` runs each plan in a VM thread: a plan whose execution fills the thread's heap
// (here 40 MB, given as SMI_VM_HEAP_MB before the process's VM pool is made) is that simulation's failure,
// with the reason, and the next plan runs. Expected from the framework's source and Sui's limits:
//   string::utf8(bytes: vector<u8>): String checks the bytes (a native) and keeps them: 1,000 calls, each
//     given a 16,000-byte pure argument (under Sui's 1,024 commands and 16,384-byte pure arguments), keep
//     1,000 copies among the results; gas allows it (each argument is charged as memory, 16 M bytes in all
//     at most 100 internal units a byte, under the 5 M units of Sui's largest budget: the same plan runs to
//     the end in this thread, whose heap has room), a 40 MB heap does not hold it
//     (the framework takes about 23 MB of it);
//   kiosk::default(ctx) shares a Kiosk and sends its KioskOwnerCap to the sender.
import { describe, expect, it } from 'vitest';
import { readProcessConfig } from '../../src/config/process-config.js';
import { simulatePlan, type SimulationRequest } from '../../src/sim/index.js';
import { simulateLocal } from '../../src/sim/local.js';
import type { PtbCall } from '../../src/core/phase2/ptb-spec.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';

import { configureVmPool, vmPoolOptions } from '../../src/vm-pool/pool.js';

configureVmPool(vmPoolOptions(readProcessConfig({ SMI_VM_HEAP_MB: '40' })));

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
    const utf8 = {
      target: '0x1::string::utf8',
      type_args: [],
      args: [{ vector_u8_hex: '41'.repeat(16_000) }],
    };
    const copies = plan(new Array<PtbCall>(1_000).fill(utf8));
    // Within Sui's limits and gas: where the heap has room, it runs to the end.
    expect(await simulateLocal(copies)).toMatchObject({ execOk: true, failure: null });
    const copied = await simulatePlan(copies);
    expect(copied).toMatchObject({
      modeUsed: 'local',
      txBuildOk: true,
      execOk: false,
      createdTypes: [],
      failure: {
        status: 'failure',
        effectsError: 'VM_OUT_OF_MEMORY: the VM thread ran out of memory (heap limit 40 MB)',
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
