// VM executions in worker threads: a helper entry function that fills its thread's heap, or runs past the time
// limit, fails alone with the reason; the pool replaces the thread and the next entry function runs. The
// helper is test/support/runaway-helper.ts, built by Sui's compiler; the limits are the pool's own options.
import { afterEach, describe, expect, it } from 'vitest';
import { buildHelper } from '../../src/helper/build.js';
import { runHelper } from '../../src/helper/run.js';
import type { HelperRunRequest } from '../../src/helper/execute.js';
import { VmPool } from '../../src/vm-pool/pool.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { runawayEntry, runawayPayload } from '../support/runaway-helper.js';

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';

let built: Promise<HelperRunRequest['modules']> | undefined;
/** The runaway helper, built once for the file against the framework as its target. */
function modules(): Promise<HelperRunRequest['modules']> {
  built ??= buildHelper(JSON.stringify(runawayPayload()), {
    corpusRoot: CORPUS_DIR,
    frameworkDir: null,
    packageId: SUI,
  }).then((build) => {
    if (build.stage !== 'built')
      throw new Error(`the runaway helper did not build: ${JSON.stringify(build)}`);
    return build.modules;
  });
  return built;
}

async function request(entrypoints: string[]): Promise<HelperRunRequest> {
  return {
    packageDir: SHARED_PACKAGE_DIRS[SUI]!,
    packageId: SUI,
    corpusRoot: CORPUS_DIR,
    frameworkDir: null,
    modules: await modules(),
    entrypoints,
  };
}

const pools: VmPool[] = [];
function pool(options: ConstructorParameters<typeof VmPool>[0]): VmPool {
  const made = new VmPool(options);
  pools.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** open_kiosk's result, from the framework's source: kiosk::new makes a Kiosk and its KioskOwnerCap. */
const KIOSK_HIT = {
  status: 'tier_b_hit',
  error: null,
  created_types: [`${SUI}::kiosk::Kiosk`, `${SUI}::kiosk::KioskOwnerCap`],
};

describe('helpers in VM threads', () => {
  it('an entry function that fills the heap fails with the memory reason, and the next one runs', async () => {
    // 40 MB: well below the ~70 MB of heap the loop reaches before its 5,000,000 gas units run out (at 64 MB
    // the two limits raced, and gas sometimes came first), yet enough to load the framework.
    const vms = pool({ size: 1, maxHeapMb: 40 });
    const entrypoints = [runawayEntry('fill_heap'), runawayEntry('open_kiosk')];
    const [filled, kiosk] = await runHelper(await request(entrypoints), vms);
    expect(filled).toMatchObject({
      status: 'failed',
      abort_code: null,
      error: 'VM_OUT_OF_MEMORY: the VM thread ran out of memory (heap limit 40 MB)',
      created_types: [],
    });
    expect(filled!.target).toMatch(/::runaway::fill_heap$/);
    expect(kiosk).toMatchObject(KIOSK_HIT);
    // The same pool runs the next helper too.
    expect(await runHelper(await request([runawayEntry('open_kiosk')]), vms)).toMatchObject([KIOSK_HIT]);
  });

  it('an entry function past the time limit fails with the limit, and the next one runs', async () => {
    const vms = pool({ size: 1, timeoutMs: 3000 });
    const entrypoints = [runawayEntry('churn'), runawayEntry('open_kiosk')];
    const [churned, kiosk] = await runHelper(await request(entrypoints), vms);
    expect(churned).toMatchObject({
      status: 'failed',
      error: 'VM_TIMED_OUT: the VM execution passed its time limit of 3 s',
    });
    expect(kiosk).toMatchObject(KIOSK_HIT);
  });
});
