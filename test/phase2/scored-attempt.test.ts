// A Phase II row shows what it scored (issue 29 item 2): `score` and `created_object_types_list` come from
// the same attempt, the best one (most hits; the first of equals, as upstream's strict comparison keeps it),
// whatever came after it. A plan that could not be built is a failed plan, not a simulation.
import { describe, expect, it } from 'vitest';
import { scoreInhabitation } from '../../src/core/phase2/score.js';
import type { SimulationOutcome } from '../../src/sim/types.js';
import { Phase2RowBuilder } from '../../src/benchmarks/phase2/workflow/row-builder.js';

const P = '0x' + 'ab'.repeat(32);
const TARGETS = [`${P}::m::A`, `${P}::m::B`, `${P}::m::C`];

function executed(createdTypes: string[], execOk = true): SimulationOutcome {
  return {
    modeUsed: 'local',
    createdTypes,
    staticCreatedTypes: [],
    txBuildOk: true,
    execOk,
    failure: execOk
      ? null
      : { status: 'failure', effectsError: 'command 0: ABORTED 6', abortCode: '6', abortLocation: null },
    fellBack: false,
    dryRunError: null,
    bcsBase64: null,
    gasBudgetUsed: null,
    attempts: 1,
  };
}

/** Each outcome as one plan attempt, scored against TARGETS as the package workflow scores it. */
function rowAfter(outcomes: (SimulationOutcome | string)[]) {
  const row = new Phase2RowBuilder(P);
  row.setTruth(TARGETS);
  outcomes.forEach((outcome, i) => {
    row.startPlanAttempt(i + 1);
    if (typeof outcome === 'string') row.notBuilt(outcome);
    else row.recordSimulation(outcome, scoreInhabitation(TARGETS, outcome.createdTypes), 1);
  });
  return row.build({ elapsedSeconds: 1, includeCreatedTypes: true });
}

/** How many targets the row's own list of created types holds. */
const hitsInList = (list: string[] | null) => TARGETS.filter((t) => (list ?? []).includes(t)).length;

describe('the row’s created types are the scored attempt’s', () => {
  it('a later attempt that creates less (or nothing) changes neither the score nor the list', () => {
    const row = rowAfter([
      executed([]),
      executed([`${P}::m::A`, `${P}::m::B`, `0x2::coin::Coin<0x2::sui::SUI>`]),
      executed([`${P}::m::C`]),
      executed([], false),
      'call 0 (0xab::m::f) argument 0: no object of type 0xab::m::D to pass',
    ]);
    // Attempt 2 is the best: two hits, and its three created types are the list.
    expect(row.score).toEqual({ targets: 3, created_distinct: 3, created_hits: 2, missing: 1 });
    expect(row.created_object_types_list).toHaveLength(3);
    expect(hitsInList(row.created_object_types_list)).toBe(row.score.created_hits);
    // Its fields describe it too: it executed without failing.
    expect(row).toMatchObject({ exec_ok: true, dry_run_status: null, dry_run_abort_code: null });
    // Four simulations; the plan that was not built is a failed plan, not a simulation.
    expect(row).toMatchObject({ plan_attempts: 5, sim_attempts: 4, semantic_failure_count: 2 });
  });

  it('with equal hits the first attempt stays the scored one', () => {
    const row = rowAfter([executed([`${P}::m::B`]), executed([`${P}::m::A`])]);
    expect(row.created_object_types_list).toEqual([`${P}::m::B`]);
    expect(row.score.created_hits).toBe(1);
  });

  it('a package whose plans were none built: no simulation, nothing built, the reason kept', () => {
    const row = rowAfter([
      'call 0 (0xab::m::f) argument 0: no object of type 0xab::m::D to pass',
      'call 0 (0xab::m::g) argument 1: no object of type 0xab::m::E to pass',
    ]);
    expect(row).toMatchObject({
      tx_build_ok: false,
      sim_attempts: 0,
      simulation_mode: null,
      exec_ok: null,
      semantic_failure_count: 2,
      created_object_types_list: [],
      // The last plan's reason, as for a build the simulator refused: nothing simulated replaced it.
      dry_run_error: 'call 0 (0xab::m::g) argument 1: no object of type 0xab::m::E to pass',
    });
    expect(row.score.created_hits).toBe(0);
  });

  it('a plan not built after a simulation leaves the simulated attempt’s fields as they were', () => {
    const row = rowAfter([executed([`${P}::m::A`]), 'no object']);
    expect(row).toMatchObject({ tx_build_ok: true, exec_ok: true, dry_run_error: null, sim_attempts: 1 });
    expect(row.created_object_types_list).toEqual([`${P}::m::A`]);
  });
});
