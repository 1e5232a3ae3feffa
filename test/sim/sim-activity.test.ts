// The smi-sim activities: simulator errors become typed Temporal failures, retryable or not.
import { MockActivityEnvironment } from '@temporalio/testing';
import { ApplicationFailure, type Logger } from '@temporalio/common';
import { afterEach, describe, expect, test } from 'vitest';
import { createSimActivities } from '../../src/benchmarks/phase2/sim-activities.js';
import type { PlanResult, SimulationOutcome, SimulationRequest } from '../../src/sim/index.js';
import { closedPortUrl } from './support/sui-rpc-server.js';
import { writeFakeTxSim, type FakeTxSim } from './support/fake-tx-sim.js';

const activities = createSimActivities();
// The SDK logs every failed activity as a warning; the failures here are the point of the tests.
const quiet: Logger = { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} };
const environment = () => new MockActivityEnvironment(undefined, { logger: quiet });
const request = (overrides: Partial<SimulationRequest>): SimulationRequest => ({
  mode: 'build-only',
  spec: { calls: [{ target: '0x2::kiosk::default', type_args: [], args: [] }] },
  sender: '0x1',
  gasBudget: 1_000_000,
  gasCoin: null,
  rpcUrl: null,
  packageDir: null,
  requireDryRun: false,
  ...overrides,
});

async function failureOf(run: () => Promise<unknown>): Promise<ApplicationFailure> {
  const error = await environment()
    .run(run)
    .then(
      () => null,
      (thrown: unknown) => thrown,
    );
  expect(error).toBeInstanceOf(ApplicationFailure);
  return error as ApplicationFailure;
}

let fake: FakeTxSim | null = null;
afterEach(async () => {
  await fake?.remove();
  fake = null;
});

describe('simulatePlan activity', () => {
  test('a plan that builds returns the outcome', async () => {
    const outcome: SimulationOutcome = await environment().run(() => activities.simulatePlan(request({})));
    expect(outcome.modeUsed).toBe('build_only');
  });

  test('a plan the simulator rejects is not retried', async () => {
    const spec = { calls: [{ target: '0x2::m::f', type_args: [], args: [{ pure: '00' } as never] }] };
    const failure = await failureOf(() => activities.simulatePlan(request({ spec })));
    expect(failure).toMatchObject({ type: 'SimulationRejected', nonRetryable: true });
    expect(failure.message).toMatch(/unsupported PTB arg kind: pure/);
  });

  test('an unreachable RPC is retried', async () => {
    const rpcUrl = await closedPortUrl();
    const failure = await failureOf(() => activities.simulatePlan(request({ mode: 'dev-inspect', rpcUrl })));
    expect(failure).toMatchObject({ type: 'SimulationUnavailable', nonRetryable: false });
  });

  test('a hung binary times out as a retryable failure', async () => {
    fake = await writeFakeTxSim('hang');
    const failure = await failureOf(() =>
      activities.simulatePlan(request({ mode: 'external', externalBin: fake!.bin, timeoutMs: 500 })),
    );
    expect(failure).toMatchObject({ type: 'SimulationTimeout', nonRetryable: false });
  });

  test('a batch returns each plan, rejected ones with their reason', async () => {
    const rejectedSpec = { calls: [{ target: '0x2::m', type_args: [], args: [] }] };
    const results: PlanResult[] = await environment().run(() =>
      activities.simulatePlans([request({}), request({ spec: rejectedSpec })]),
    );
    expect(results[0]?.outcome?.modeUsed).toBe('build_only');
    expect(results[1]).toEqual({
      outcome: null,
      rejection: expect.stringMatching(/invalid call target "0x2::m"/) as string,
    });
  });

  test('a batch fails as a whole when the RPC is unreachable', async () => {
    const rpcUrl = await closedPortUrl();
    const failure = await failureOf(() =>
      activities.simulatePlans([request({}), request({ mode: 'dry-run', rpcUrl })]),
    );
    expect(failure).toMatchObject({ type: 'SimulationUnavailable', nonRetryable: false });
  });

  test('an unreadable package directory is an invalid package', async () => {
    const failure = await failureOf(() =>
      activities.simulatePlan(request({ packageDir: '/nonexistent/package' })),
    );
    expect(failure).toMatchObject({ type: 'InvalidPackage', nonRetryable: true });
  });
});
