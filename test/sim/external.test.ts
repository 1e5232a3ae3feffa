// external: the smi_tx_sim contract, against a small executable written by the test.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, test } from 'vitest';
import type { PtbSpec } from '../../src/core/phase2/ptb-spec.js';
import {
  preflightSimulation,
  SimulationError,
  simulatePlan,
  type SimulationRequest,
} from '../../src/sim/index.js';
import { writeFakeTxSim, type FakeTxSim, type FakeTxSimScenario } from './support/fake-tx-sim.js';

const FULL_2 = '0x' + '0'.repeat(63) + '2';
const SPEC: PtbSpec = { calls: [{ target: '0x2::kiosk::default', type_args: [], args: [{ u64: 5 }] }] };
const PACKAGE_DIR = '/packages/0x2';

let fake: FakeTxSim | null = null;
afterEach(async () => {
  await fake?.remove();
  fake = null;
});

async function setUp(scenario: FakeTxSimScenario): Promise<FakeTxSim> {
  fake = await writeFakeTxSim(scenario);
  return fake;
}

function request(bin: string, overrides: Partial<SimulationRequest> = {}): SimulationRequest {
  return {
    mode: 'external',
    spec: SPEC,
    sender: '0xa1',
    gasBudget: 5_000_000,
    gasCoin: '0xc0',
    rpcUrl: 'http://127.0.0.1:9',
    packageDir: PACKAGE_DIR,
    requireDryRun: false,
    externalBin: bin,
    ...overrides,
  };
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as SimulationError,
  );

describe('external smi_tx_sim', () => {
  test('success: the exact command line, the spec on stdin, the answer read', async () => {
    const sim = await setUp('success');
    const outcome = await simulatePlan(request(sim.bin));
    const [call] = await sim.calls();
    expect(call!.argv).toEqual([
      '--rpc-url',
      'http://127.0.0.1:9',
      '--sender',
      '0xa1',
      '--mode',
      'dry-run',
      '--ptb-spec',
      '-',
      '--gas-budget',
      '5000000',
      '--gas-coin',
      '0xc0',
      '--bytecode-package-dir',
      PACKAGE_DIR,
    ]);
    expect(JSON.parse(call!.stdin)).toEqual(SPEC);
    expect(outcome).toMatchObject({
      modeUsed: 'dry_run',
      createdTypes: [`${FULL_2}::kiosk::Kiosk`, `${FULL_2}::kiosk::KioskOwnerCap`],
      staticCreatedTypes: [`${FULL_2}::kiosk::Kiosk`],
      execOk: true,
      gasBudgetUsed: 5_000_000,
    });
  });

  test('build-only through the binary: no budget, no gas, the BCS passed on', async () => {
    const sim = await setUp('success');
    const outcome = await simulatePlan(
      request(sim.bin, { externalMode: 'build-only', gasCoin: null, rpcUrl: null }),
    );
    expect((await sim.calls())[0]!.argv).toEqual([
      '--sender',
      '0xa1',
      '--mode',
      'build-only',
      '--ptb-spec',
      '-',
      '--bytecode-package-dir',
      PACKAGE_DIR,
    ]);
    expect(outcome).toMatchObject({
      modeUsed: 'build_only',
      bcsBase64: 'AAEA',
      execOk: null,
      createdTypes: [`${FULL_2}::kiosk::Kiosk`],
    });
  });

  test('the gas ladder applies to the binary too', async () => {
    const sim = await setUp('ladder');
    const outcome = await simulatePlan(
      request(sim.bin, { gasBudget: 1000, gasBudgetLadder: [2_000_000, 9_000_000] }),
    );
    const budgets = (await sim.calls()).map((call) => call.argv[call.argv.indexOf('--gas-budget') + 1]);
    expect(budgets).toEqual(['1000', '2000000']);
    expect(outcome).toMatchObject({ execOk: true, gasBudgetUsed: 2_000_000, attempts: 2 });
  });

  test('a non-zero exit is an error carrying at most 500 characters of stderr', async () => {
    const sim = await setUp('fail');
    const error = await failureOf(simulatePlan(request(sim.bin, { requireDryRun: true })));
    expect(error).toBeInstanceOf(SimulationError);
    expect(error!.kind).toBe('rejected');
    const stderr = error!.message.replace('smi_tx_sim exited with status 1: ', '');
    expect(stderr).toBe(('Error: ' + 'x'.repeat(2000)).slice(0, 500));
  });

  test('a failed dry-run falls back to dev-inspect, as upstream does', async () => {
    const sim = await setUp('fail');
    // Both runs fail here; the second one being a dev-inspect shows the fallback was taken.
    await expect(simulatePlan(request(sim.bin))).rejects.toThrow(
      /exited with status 1: .*\(dev-inspect, after the dry-run failed: smi_tx_sim exited with status 1/,
    );
    expect((await sim.calls()).map((call) => call.argv[call.argv.indexOf('--mode') + 1])).toEqual([
      'dry-run',
      'dev-inspect',
    ]);
  });

  test('a binary that is not there is named', async () => {
    const sim = await setUp('success');
    const missing = `${sim.dir}/not-installed`;
    const error = await failureOf(simulatePlan(request(missing, { requireDryRun: true })));
    expect(error).toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining(`smi_tx_sim at ${missing} could not run`) as string,
    });
  });

  test('output that is not JSON is an error; log lines around the JSON are not', async () => {
    const broken = await setUp('malformed');
    const error = await failureOf(simulatePlan(request(broken.bin, { requireDryRun: true })));
    expect(error!.message).toMatch(
      /^smi_tx_sim returned invalid JSON: JSON parse error in smi_tx_sim output/,
    );
    expect(error!.message).toContain("snippet: 'Compiling... done\\n'");
    await broken.remove();
    const chatty = await setUp('chatty');
    const outcome = await simulatePlan(request(chatty.bin));
    expect(outcome).toMatchObject({ modeUsed: 'dry_run', execOk: true });
  });

  test('a hung binary is killed at the timeout', async () => {
    const sim = await setUp('hang');
    const error = await failureOf(simulatePlan(request(sim.bin, { timeoutMs: 1000 })));
    expect(error!.kind).toBe('timeout');
    expect(error!.message).toMatch(/did not finish within 1000 ms/);
    await expectGone(await sim.pid());
  });

  test('a hung binary is killed when the caller aborts', async () => {
    const sim = await setUp('hang');
    const controller = new AbortController();
    const running = failureOf(simulatePlan(request(sim.bin), controller.signal));
    // Abort once the binary runs (its pid is written), not after a fixed wait a loaded machine may outlast.
    const pid = await startedPid(sim);
    controller.abort(new Error('activity cancelled'));
    expect((await running)?.message).toBe('activity cancelled');
    await expectGone(pid);
  });

  test('pre-flight checks that the binary can be run, and nothing else', async () => {
    const sim = await setUp('success');
    await expect(
      preflightSimulation({ mode: 'external', rpcUrl: null, externalBin: sim.bin }),
    ).resolves.toMatchObject({ mode: 'external' });
    await expect(
      preflightSimulation({ mode: 'external', rpcUrl: null, externalBin: `${sim.dir}/missing` }),
    ).rejects.toThrow(/missing or not executable/);
  });
});

async function startedPid(sim: FakeTxSim): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const pid = await sim.pid().catch(() => null);
    if (pid) return pid;
    await sleep(50);
  }
  throw new Error('the fake binary never started');
}

async function expectGone(pid: number): Promise<void> {
  for (let i = 0; i < 50; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(100);
  }
  throw new Error(`process ${pid} is still running`);
}
