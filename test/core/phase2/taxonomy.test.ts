// Where a Phase II row stopped, its failure code and partial credit, the category of an abort
// (spec/harness.md §25.1) and the bucket of an error text (§25.6), on rows built by hand; the expected
// values are derived by hand from the spec's tables.
import { describe, expect, it } from 'vitest';
import { type Phase2Row } from '../../../src/core/phase2/row.js';
import { planned } from '../../support/phase2-rows.js';
import { aggregatePhase2 } from '../../../src/core/phase2/result.js';
import {
  abortCategory,
  executionTrace,
  scoringCriteria,
  failureMode,
  failurePhase,
  failureStage,
  FAILURE_STAGES,
  phase2Taxonomy,
  rowFailure,
} from '../../../src/core/phase2/taxonomy.js';
import { phase2RowToPy } from '../../../src/core/phase2/row-py.js';

describe('failure stages', () => {
  const cases: [string, Phase2Row, string][] = [
    ['a package error', planned(2, 0, { error: 'invalid bytecode: bad magic' }), 'package_error'],
    [
      'a time-out with an error',
      planned(2, 0, { error: 'per-package timeout exceeded (120.0s)', timed_out: true }),
      'timed_out',
    ],
    [
      'a model never heard',
      planned(2, 0, { error: 'no answer from the model: 6 model calls failed; last: 401' }),
      'never_planned',
    ],
    ['no targets to create', planned(0, 0), 'no_targets'],
    ['every target created', planned(2, 2), 'full_hit'],
    ['some targets created', planned(3, 1, { exec_ok: false }), 'partial_hit'],
    ['no plan attempt', planned(2, 0, { plan_attempts: 0 }), 'never_planned'],
    [
      'a plan that did not parse',
      planned(2, 0, { ptb_parse_ok: false, causality_valid: null, tx_build_ok: false }),
      'malformed',
    ],
    [
      'a broken result reference',
      planned(2, 0, { causality_valid: false, tx_build_ok: false }),
      'causality_broken',
    ],
    [
      'an empty plan, executed without failing',
      planned(2, 0, { plan_calls: 0, exec_ok: true, dry_run_ok: true }),
      'empty_plan',
    ],
    ['an empty plan, built only', planned(2, 0, { plan_calls: 0, exec_ok: null }), 'empty_plan'],
    ['a transaction that could not be built', planned(2, 0, { tx_build_ok: false }), 'build_failed'],
    ['an abort in simulation', planned(2, 0, { exec_ok: false, dry_run_abort_code: '7' }), 'aborted'],
    ['a dry run that failed without a code', planned(2, 0, { dry_run_exec_ok: false }), 'aborted'],
    ['ran, created nothing wanted', planned(2, 0, { exec_ok: true }), 'no_target_created'],
    ['built only, nothing credited', planned(2, 0, { exec_ok: null }), 'built_no_target'],
    [
      'an older row (no exec_ok) of a dry run',
      { ...planned(2, 0, { simulation_mode: 'dry_run', dry_run_ok: true }), exec_ok: undefined },
      'no_target_created',
    ],
    [
      'an older row (no exec_ok) of build-only',
      { ...planned(2, 0, { simulation_mode: 'build_only' }), exec_ok: undefined },
      'built_no_target',
    ],
  ];
  for (const [what, row, stage] of cases) it(what, () => expect(failureStage(row)).toBe(stage));

  it('counts every stage in the aggregate and names each row', () => {
    const rows = cases.map(([, row]) => row);
    const taxonomy = phase2Taxonomy(rows);
    expect(Object.keys(taxonomy.failure_stages)).toEqual([...FAILURE_STAGES]);
    expect(taxonomy.failure_stages).toMatchObject({
      never_planned: 2,
      aborted: 2,
      built_no_target: 2,
      no_target_created: 2,
      full_hit: 1,
    });
    expect(Object.values(taxonomy.failure_stages).reduce((a, b) => a + b, 0)).toBe(rows.length);
    expect(aggregatePhase2(rows).failure_stages).toEqual(taxonomy.failure_stages);
    const py = phase2RowToPy(planned(2, 0, { exec_ok: false, dry_run_abort_code: '1000' }));
    expect(py).toMatchObject({ failure_stage: 'aborted', abort_category: 'unsupported_native' });
    expect(phase2RowToPy(planned(2, 2))).toMatchObject({ failure_stage: 'full_hit', abort_category: null });
  });
});

describe('failure codes (§25.1 ErrorCode, mapped as the §25.2 evaluate_* helpers do)', () => {
  it("derives the phase from the code's hundreds, as Failure.from_code", () => {
    expect(['E001', 'E006', 'E101', 'E205', 'E304', 'E404', 'E502'].map(failurePhase)).toEqual([
      'build',
      'build',
      'resolution',
      'typecheck',
      'synthesis',
      'execution',
      'validation',
    ]);
  });

  const cases: [string, Phase2Row, object | null][] = [
    [
      'answers that never parsed as a plan: a syntax error',
      planned(2, 0, { ptb_parse_ok: false, causality_valid: null, tx_build_ok: false, plan_attempts: 2 }),
      { phase: 'build', code: 'E004', message: 'no answer parsed as a plan (2 plan attempts)' },
    ],
    [
      'a result reference to nothing: a type mismatch',
      planned(2, 0, {
        causality_valid: false,
        tx_build_ok: false,
        causality_errors: ['Causality violation: call 0 uses result 3, which does not exist yet'],
      }),
      {
        phase: 'typecheck',
        code: 'E201',
        message: 'Causality violation: call 0 uses result 3, which does not exist yet',
      },
    ],
    [
      'arguments that could not be built',
      planned(2, 0, { tx_build_ok: false, dry_run_error: 'invalid u8 value: 300' }),
      { phase: 'synthesis', code: 'E304', message: 'invalid u8 value: 300' },
    ],
    [
      'an abort',
      planned(2, 0, {
        exec_ok: false,
        dry_run_abort_code: '7',
        dry_run_effects_error: 'MoveAbort(kiosk, 7)',
      }),
      { phase: 'execution', code: 'E403', message: 'MoveAbort(kiosk, 7)' },
    ],
    [
      'an abort of an unsupported native (code 1000)',
      planned(2, 0, {
        exec_ok: false,
        dry_run_abort_code: '1000',
        dry_run_effects_error: 'MoveAbort(x, 1000)',
      }),
      { phase: 'execution', code: 'E404', message: 'MoveAbort(x, 1000)' },
    ],
    [
      'executed, nothing created: imports but nothing created',
      planned(2, 0, { exec_ok: true }),
      { phase: 'synthesis', code: 'E301', message: 'executed, but created none of its 2 target types' },
    ],
    [
      'built only, nothing created',
      planned(1, 0, { exec_ok: null, simulation_mode: 'build_only' }),
      {
        phase: 'synthesis',
        code: 'E301',
        message: 'built, not executed: the functions it calls create none of its 1 target type',
      },
    ],
    ['a full hit', planned(2, 2), null],
    ['a partial hit', planned(3, 1, { exec_ok: false }), null],
    ['nothing to create', planned(0, 0), null],
    ['a package error', planned(2, 0, { error: 'invalid bytecode: bad magic' }), null],
    ['a time-out', planned(2, 0, { timed_out: true }), null],
    ['no plan attempt', planned(2, 0, { plan_attempts: 0 }), null],
  ];
  for (const [what, row, expected] of cases)
    it(what, () => {
      expect(rowFailure(row)).toEqual(expected);
      expect(phase2RowToPy(row)['failure']).toEqual(expected);
    });

  it('keeps the first 500 characters of a message', () => {
    const row = planned(2, 0, { tx_build_ok: false, dry_run_error: 'x'.repeat(600) });
    expect(rowFailure(row)!.message).toHaveLength(500);
  });

  it('counts the codes and averages the partial credit in the aggregate', () => {
    const rows = cases.slice(0, 8).map(([, row]) => row);
    const a = aggregatePhase2(rows);
    expect(a.failure_codes).toEqual({ E004: 1, E201: 1, E301: 2, E304: 1, E403: 1, E404: 1 });
    // Scores by hand: 0 (no plan), 0.25 (a plan, nothing built) twice, 0.5 (built, nothing created) four
    // times, 0.75 (created everything, nothing executed): 3.25 over 8 rows.
    expect(a.avg_partial_credit).toBe(3.25 / 8);
    expect(aggregatePhase2([]).avg_partial_credit).toBe(0);
  });
});

describe('partial credit (§25.1 scoring criteria) and traces', () => {
  it('gives a quarter point per step reached', () => {
    const pick = (r: Phase2Row) => {
      const c = scoringCriteria(r);
      return [c.score, c.phase_reached];
    };
    expect(pick(planned(2, 0, { error: 'no answer from the model: 2 model calls failed' }))).toEqual([
      0,
      'build',
    ]);
    expect(pick(planned(2, 0, { causality_valid: null, tx_build_ok: false }))).toEqual([0, 'build']);
    expect(pick(planned(2, 0, { tx_build_ok: false }))).toEqual([0.25, 'resolution']);
    expect(pick(planned(2, 0, { exec_ok: false }))).toEqual([0.5, 'synthesis']);
    // an empty plan builds and runs, and imports nothing (upstream's E501): compiles only
    expect(pick(planned(2, 0, { plan_calls: 0, exec_ok: true }))).toEqual([0.25, 'resolution']);
    expect(rowFailure(planned(2, 0, { plan_calls: 0, exec_ok: true }))).toEqual({
      phase: 'validation',
      code: 'E501',
      message: 'an empty plan: no calls, so none of its 2 target types can be created',
    });
    // build-only credits hits without executing anything: created, not executed
    expect(pick(planned(2, 1, { exec_ok: null }))).toEqual([0.75, 'execution']);
    expect(pick(planned(2, 2, { exec_ok: true }))).toEqual([1, 'validation']);
  });

  it('traces an execution and its abort', () => {
    expect(executionTrace(planned(2, 0))).toEqual({ execution_attempted: false });
    expect(
      executionTrace(
        planned(2, 0, {
          exec_ok: false,
          dry_run_abort_code: '1',
          dry_run_effects_error: 'vector index out of range',
        }),
      ),
    ).toEqual({
      execution_attempted: true,
      abort_info: { message: 'vector index out of range', category: 'vector_bounds_error', abort_code: '1' },
    });
  });
});

describe('abort categories (§25.1, first match wins)', () => {
  it('the unsupported-native code first, then the words of the message in order', () => {
    expect(abortCategory('1000', 'assertion failed')).toBe('unsupported_native');
    expect(abortCategory('1', 'Assertion failed in object module')).toBe('assertion_failed');
    expect(abortCategory(null, 'wrong OBJECT ownership')).toBe('object_error');
    expect(abortCategory(null, 'arithmetic overflow and index out of range')).toBe('arithmetic_error');
    expect(abortCategory(null, 'underflow')).toBe('arithmetic_error');
    expect(abortCategory(null, 'divide by zero')).toBe('arithmetic_error');
    expect(abortCategory(null, 'vector borrow failed')).toBe('vector_bounds_error');
    expect(abortCategory(null, 'INDEX_OUT_OF_BOUNDS')).toBe('vector_bounds_error');
    expect(abortCategory(null, 'type mismatch')).toBe('type_error');
    expect(abortCategory(null, 'missing ability')).toBe('type_error');
    expect(abortCategory(null, 'InsufficientGas')).toBe('out_of_gas');
    expect(abortCategory('5', 'MoveAbort(…, 5)')).toBe('unknown');
  });
});

describe('failure modes (§25.6 buckets)', () => {
  it('buckets error texts by their first matching substring', () => {
    expect(failureMode('RPC error: connection refused', false)).toBe('infrastructure_rpc_failure');
    expect(failureMode('HTTP 503 from node', false)).toBe('infrastructure_rpc_failure');
    expect(failureMode('Rust extractor failed: exit 1', false)).toBe('infrastructure_extractor_failure');
    expect(failureMode('missing field calls', false)).toBe('model_schema_violation');
    expect(failureMode('expected a JSON object', false)).toBe('model_schema_violation');
    expect(failureMode('causality check failed', false)).toBe('model_logic_causality_error');
    expect(failureMode('bad result reference 3', false)).toBe('model_logic_causality_error');
    expect(failureMode('BAD_MAGIC in module', false)).toBe('data_corruption_bad_magic');
    expect(failureMode('unexpected binary header', false)).toBe('data_corruption_bad_magic');
    expect(failureMode('no answer from: the model', false)).toBe('other_no_answer_from');
    expect(failureMode('', true)).toBe('timeout');
    expect(failureMode(null, true)).toBe('timeout');
  });

  it('are counted over rows with an error or a time-out', () => {
    const rows = [
      planned(1, 0, { error: 'RPC error' }),
      planned(1, 0, { error: 'rpc down' }),
      planned(1, 0, { timed_out: true }),
      planned(1, 1),
    ];
    expect(phase2Taxonomy(rows).failure_modes).toEqual({ infrastructure_rpc_failure: 2, timeout: 1 });
  });
});
