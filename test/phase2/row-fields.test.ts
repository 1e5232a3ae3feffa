// Which row fields each simulation mode fills (docs/chain.md, "Which fields mean what in each mode"): upstream's
// meaning in dry-run and dev-inspect (spec/harness.md §7.3, §7.8), `exec_ok` the same in every mode.
import { describe, expect, it } from 'vitest';
import { Phase2RowBuilder } from '../../src/benchmarks/phase2/workflow/row-builder.js';
import type { ModeUsed, SimulationFailure, SimulationOutcome } from '../../src/sim/types.js';

const ABORTED: SimulationFailure = {
  status: 'failure',
  effectsError: 'MoveAbort in 0x2::m::f: 7',
  abortCode: '7',
  abortLocation: '0x2::m::f',
};

function outcome(modeUsed: ModeUsed, execOk: boolean | null, patch: Partial<SimulationOutcome> = {}) {
  return {
    modeUsed,
    createdTypes: [],
    staticCreatedTypes: [],
    txBuildOk: true,
    execOk,
    failure: execOk === false ? ABORTED : null,
    fellBack: false,
    dryRunError: null,
    bcsBase64: null,
    gasBudgetUsed: null,
    attempts: 1,
    ...patch,
  } satisfies SimulationOutcome;
}

/** The row after one simulated plan with no targets (so the first attempt is the reported one). */
function rowAfter(simulated: SimulationOutcome) {
  const builder = new Phase2RowBuilder('0x2');
  builder.startPlanAttempt(1);
  builder.recordSimulation(simulated, { targets: 0, created_distinct: 0, created_hits: 0, missing: 0 }, 1);
  return builder.build({ elapsedSeconds: 1, includeCreatedTypes: false });
}

describe('row simulation fields by mode', () => {
  it('dry-run keeps upstream meaning: dry_run_ok and dry_run_exec_ok are the execution status', () => {
    expect(rowAfter(outcome('dry_run', true))).toMatchObject({
      simulation_mode: 'dry_run',
      tx_build_ok: true,
      exec_ok: true,
      dry_run_ok: true,
      dry_run_exec_ok: true,
      dev_inspect_ok: false,
    });
    expect(rowAfter(outcome('dry_run', false))).toMatchObject({
      exec_ok: false,
      dry_run_ok: false,
      dry_run_exec_ok: false,
      dry_run_status: 'failure',
      dry_run_abort_code: '7',
    });
  });

  it('dev-inspect keeps upstream meaning (no dry run), and exec_ok says the transaction executed', () => {
    expect(rowAfter(outcome('dev_inspect', true))).toMatchObject({
      simulation_mode: 'dev_inspect',
      exec_ok: true,
      dry_run_ok: false,
      dry_run_exec_ok: null,
      dev_inspect_ok: true,
    });
    const fellBack = outcome('dev_inspect', true, { fellBack: true, dryRunError: 'ObjectNotFound' });
    expect(rowAfter(fellBack)).toMatchObject({
      fell_back_to_dev_inspect: true,
      exec_ok: true,
      dry_run_ok: false,
      dry_run_error: 'ObjectNotFound',
    });
  });

  it('local is an offline dry run: it fills the dry-run fields as a node’s dry-run would', () => {
    expect(rowAfter(outcome('local', true))).toMatchObject({
      simulation_mode: 'local',
      exec_ok: true,
      dry_run_ok: true,
      dry_run_exec_ok: true,
      dev_inspect_ok: false,
    });
    expect(rowAfter(outcome('local', false))).toMatchObject({
      exec_ok: false,
      dry_run_ok: false,
      dry_run_exec_ok: false,
      dry_run_abort_location: '0x2::m::f',
    });
  });

  it('build-only executes nothing and claims nothing', () => {
    expect(rowAfter(outcome('build_only', null))).toMatchObject({
      simulation_mode: 'build_only',
      tx_build_ok: true,
      exec_ok: null,
      dry_run_ok: false,
      dry_run_exec_ok: null,
      dev_inspect_ok: false,
      semantic_failure_count: 0,
    });
  });

  it('mock-perfect keeps upstream’s dry_run_ok true, but nothing executed', () => {
    const builder = new Phase2RowBuilder('0x2');
    builder.setTruth(['0x2::m::S']);
    builder.perfect();
    expect(builder.build({ elapsedSeconds: 1, includeCreatedTypes: false })).toMatchObject({
      simulation_mode: null,
      exec_ok: null,
      dry_run_ok: true,
      dry_run_exec_ok: true,
    });
  });
});
