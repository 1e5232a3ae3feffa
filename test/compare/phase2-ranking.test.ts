// Phase II boards from rows written here: ok-rates over the plans with calls that were executed, empty
// plans counted apart, and equal hit rates ordered by what only trying gives. Expected values by hand.
import { describe, expect, it } from 'vitest';
import { leaderboard, type LoadedRun } from '../../src/compare/leaderboard.js';
import { planTally } from '../../src/benchmarks/phase2/workflow/plan-tally.js';

const row = (patch: Record<string, unknown>) => ({
  package_id: '0x1',
  score: { targets: 2, created_hits: 0, created_distinct: 0, missing: 2 },
  error: null,
  simulation_mode: 'local',
  tx_build_ok: true,
  ...patch,
});
const EMPTY = row({ plan_calls: 0, exec_ok: true, dry_run_ok: true });
const RAN = row({ plan_calls: 1, exec_ok: true, dry_run_ok: true });
const ABORTED = row({ plan_calls: 2, exec_ok: false, dry_run_ok: false });
const UNBUILT = row({
  plan_calls: null,
  exec_ok: null,
  dry_run_ok: false,
  tx_build_ok: false,
  simulation_mode: null,
});

const run = (label: string, rows: object[]): LoadedRun => ({
  label,
  phase: 'phase2',
  model: label,
  agent: label,
  rows: rows as Record<string, unknown>[],
  setting: {},
  runDir: null,
});

describe('Phase II plans on the board', () => {
  it('counts plans with calls by how far they got, and empty plans apart', () => {
    expect(planTally([EMPTY, RAN, ABORTED, UNBUILT])).toEqual({
      built: 2,
      executed: 2,
      executedOk: 1,
      dryRunOk: 1,
      empty: 1,
    });
    // A row from before plan_calls existed: a simulated plan counts as one with calls, as it always did.
    const older: Record<string, unknown> = { ...RAN };
    delete older['plan_calls'];
    expect(planTally([older])).toMatchObject({ executed: 1, executedOk: 1, empty: 0 });
  });

  it('rates only executed plans with calls, and ranks trying above planning nothing when hits tie', () => {
    const board = leaderboard('phase2', [
      run('empty', [EMPTY, EMPTY]),
      run('aborts', [ABORTED, UNBUILT]),
      run('tries', [RAN, ABORTED]),
    ]);
    expect(board.entries.map((e) => e.run)).toEqual(['tries', 'aborts', 'empty']);
    expect(board.entries.map((e) => e.score)).toEqual([0, 0, 0]);
    expect(board.entries.map((e) => [e.columns['plans_executed'], e.columns['empty_plans']])).toEqual([
      [2, 0],
      [1, 0],
      [0, 2],
    ]);
    expect(board.entries.map((e) => [e.columns['dry_run_ok_rate'], e.columns['exec_ok_rate']])).toEqual([
      [0.5, 0.5],
      [0, 0],
      [null, null],
    ]);
  });

  it('ties equal counts of plans that ran without failing, so the run that executed more plans leads', () => {
    // 15 of 20 and 15 of 22 ran without failing: the same count, so by docs/evaluation.md's rule the run with
    // 22 plans executed ranks first, though it was given second.
    const fewer = run('fewer', [...Array<object>(15).fill(RAN), ...Array<object>(5).fill(ABORTED)]);
    const more = run('more', [...Array<object>(15).fill(RAN), ...Array<object>(7).fill(ABORTED)]);
    const board = leaderboard('phase2', [fewer, more]);
    expect(board.entries.map((e) => [e.run, e.columns['plans_executed']])).toEqual([
      ['more', 22],
      ['fewer', 20],
    ]);
  });
});
