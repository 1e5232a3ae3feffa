// A helper whose entry function fills the VM's heap, run by a real worker on a real Temporal server: the
// worker's VM threads have a 64 MB heap (SMI_VM_HEAP_MB, read from this process's environment when the
// workers start). That entry function is recorded as failed with the reason, the worker lives on, the
// helper's next entry function and the run's next package run. Without the VM threads the worker (this
// test's process) dies of the full heap.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRealAgentSettings } from '../../src/agents/config.js';
import type { HelperRow } from '../../src/core/helper/row.js';
import { HELPER_DEFAULT_OPTIONS } from '../../src/contracts/helper-options.js';
import { GOOD_SHOP, helperAnswer } from '../support/helper-answers.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';
import { CORPUS_DIR } from '../support/paths.js';
import { runInputFor } from '../support/run-input.js';
import { runawayAnswer, runawayEntry } from '../support/runaway-helper.js';
import { startTestRun, uniqueRunId, useTestWorkers } from '../support/temporal.js';

process.env.SMI_VM_HEAP_MB = '64';
afterAll(() => {
  delete process.env.SMI_VM_HEAP_MB;
});

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
let stub: RunningOpenAiStub | undefined;
const temporal = useTestWorkers(TEST_NAMESPACES.helperVmCrash, async () => {
  await stub?.close();
});

describe('a helper that fills the VM heap, on the run engine', () => {
  it('fails that entry function with the reason; the next entry function and the next package run', async () => {
    // The framework's helper runs away first; wrapper_coin's is the good shop.
    stub = await startOpenAiStub({
      handler: (req) =>
        req.prompt.includes(WRAPPER)
          ? helperAnswer({ 'sources/shop.move': GOOD_SHOP })
          : runawayAnswer([runawayEntry('fill_heap'), runawayEntry('open_kiosk')]),
    });
    const input = runInputFor(
      'helper',
      { ...HELPER_DEFAULT_OPTIONS, corpusRoot: CORPUS_DIR },
      {
        runId: uniqueRunId('helper-vm-crash'),
        logDir: mkdtempSync(join(tmpdir(), 'smi-helper-vm-crash-')),
        corpusRoot: CORPUS_DIR,
        input: { packageIds: [SUI, WRAPPER] },
        options: {
          agent: 'real-openai-compatible',
          agentSettings: loadRealAgentSettings({ SMI_MODEL: 'm', SMI_API_BASE_URL: stub.baseUrl }, {}),
        },
      },
    );
    const output = await (await startTestRun(temporal.client, input)).result();
    expect(output.total).toBe(2);
    const { packages } = JSON.parse(readFileSync(join(input.runDir, 'result.json'), 'utf8')) as {
      packages: HelperRow[];
    };
    const framework = packages.find((p) => p.package_id === SUI)!;
    expect(framework.error).toBeNull();
    expect(framework.successful_attempt).toBe(1);
    expect(
      framework.entrypoints.map((e) => [e.target.split('::').slice(1).join('::'), e.status, e.error]),
    ).toEqual([
      [
        'runaway::fill_heap',
        'failed',
        'VM_OUT_OF_MEMORY: the VM thread ran out of memory (heap limit 64 MB)',
      ],
      ['runaway::open_kiosk', 'tier_b_hit', null],
    ]);
    // kiosk::new makes a Kiosk and its KioskOwnerCap, both key types of the framework.
    expect(framework.score).toMatchObject({ created_hits: 2 });
    const wrapper = packages.find((p) => p.package_id === WRAPPER)!;
    expect(wrapper.error).toBeNull();
    expect(wrapper.entrypoints.map((e) => e.status)).toEqual(['tier_b_hit']);
  });
});
