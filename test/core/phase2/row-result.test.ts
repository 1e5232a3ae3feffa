// Rows, aggregate and the results file: hand-derived values, and the shape of upstream's golden file.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyPhase2Row, type Phase2Row } from '../../../src/core/phase2/row.js';
import { aggregatePhase2, type Phase2RunResult } from '../../../src/core/phase2/result.js';
import { formatPhase2ResultJson } from '../../../src/benchmarks/phase2/result-json.js';
import { formatSimulationFeedback } from '../../../src/benchmarks/phase2/workflow/feedback.js';
import { execFileSync } from 'node:child_process';
import { UPSTREAM_DATA_DIR } from '../../support/paths.js';
import { WHEEL_AVAILABLE, WHEEL_PYTHON } from '../../move/support/wheel.js';
import { formatPhase2PackageLine } from '../../../src/core/phase2/row-py.js';

const row = (id: string, patch: Partial<Phase2Row>): Phase2Row => ({ ...emptyPhase2Row(id), ...patch });

const resultOf = (packages: Phase2Row[]): Phase2RunResult => ({
  schema_version: 2,
  started_at_unix_seconds: 1,
  finished_at_unix_seconds: 2,
  corpus_root_name: 'c',
  samples: packages.length,
  seed: 0,
  agent: 'mock-empty',
  rpc_url: '',
  sender: '0x0',
  gas_budget: 10000000,
  gas_coin: null,
  simulation_mode: 'build-only',
  aggregate: aggregatePhase2(packages),
  packages,
});

describe('Phase II rows', () => {
  it('has every upstream row key (golden file)', () => {
    const golden = JSON.parse(
      readFileSync(resolve(UPSTREAM_DATA_DIR, 'golden', 'phase2_golden_run.json'), 'utf8'),
    ) as {
      packages: Record<string, unknown>[];
    };
    const ours = Object.keys(emptyPhase2Row('0x1'));
    // upstream's 36 keys, our mode-neutral `exec_ok` and `plan_calls` (`usage` is added when the row is built)
    expect(ours).toHaveLength(38);
    expect(ours).toContain('exec_ok');
    expect(ours).toContain('plan_calls');
    for (const key of Object.keys(golden.packages[0]!)) expect(ours).toContain(key);
  });
  it('prints a u64 abort code exactly, as a bare integer', () => {
    const line = formatPhase2PackageLine(
      row('0x1', { dry_run_abort_code: '18446744073709551615', elapsed_seconds: 1 }),
    );
    expect(line).toContain('"dry_run_abort_code": 18446744073709551615,');
    expect(line).toContain('"elapsed_seconds": 1.0,');
    expect(line.endsWith('}\n')).toBe(true);
  });
});

describe('aggregatePhase2', () => {
  it('computes upstream and planning metrics', () => {
    const rows = [
      // 1 of 2 hit → 0.5
      row('a', {
        score: { targets: 2, created_distinct: 1, created_hits: 1, missing: 1 },
        causality_valid: true,
      }),
      // schema broke, no simulation failure, no hit → formatting-only failure
      row('b', {
        score: { targets: 1, created_distinct: 0, created_hits: 0, missing: 1 },
        schema_violation_count: 2,
        error: 'x',
      }),
      // no targets → 0.0, counted in the planning-only mean
      row('c', {
        semantic_failure_count: 1,
        usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
      }),
    ];
    const agg = aggregatePhase2(rows);
    expect(agg).toMatchObject({
      avg_hit_rate: 0.5 / 3,
      max_hit_rate: 0.5,
      errors: 1,
      total_prompt_tokens: 5,
      total_completion_tokens: 2,
      hits: 1,
      targets: 3,
      micro_hit_rate: 1 / 3,
      formatting_only_failures: 1,
      planning_only_packages: 2,
      planning_only_hit_rate: 0.25,
      schema_violation_count: 2,
      semantic_failure_count: 1,
      causality_success_rate: 1 / 3,
    });
  });
  it('counts executed rows in every mode, and rows stored before exec_ok existed as not executed', () => {
    const { exec_ok: _absent, ...stored } = emptyPhase2Row('old'); // a row written before `exec_ok`
    const rows = [
      row('dry-run ok', { simulation_mode: 'dry_run', dry_run_ok: true, exec_ok: true }),
      row('local ok', { simulation_mode: 'local', dry_run_ok: true, exec_ok: true }),
      row('dev-inspect ok', { simulation_mode: 'dev_inspect', dev_inspect_ok: true, exec_ok: true }),
      row('local aborted', { simulation_mode: 'local', exec_ok: false }),
      row('build-only', { simulation_mode: 'build_only', exec_ok: null }),
      stored,
    ];
    // 2 dry runs succeeded; 4 rows executed, 3 of them successfully, out of 6 packages
    expect(aggregatePhase2(rows)).toMatchObject({
      dry_run_ok_packages: 2,
      executed_packages: 4,
      exec_ok_packages: 3,
      exec_ok_rate: 0.5,
    });
    const text = formatPhase2ResultJson(resultOf([row('a', { exec_ok: true })]));
    expect(text).toContain('"exec_ok_rate": 1.0,');
    expect(text).toContain('"exec_ok": true,');
  });
  it('writes schema_version 2 with a Phase I style checksum', () => {
    const text = formatPhase2ResultJson(resultOf([row('a', {})]));
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const { _checksum, ...body } = parsed;
    expect(parsed['schema_version']).toBe(2);
    expect(text).toContain('"avg_hit_rate": 0.0,');
    expect(_checksum).toMatch(/^[0-9a-f]{8}$/);
    expect(Object.keys(body)).toEqual([...Object.keys(body)].sort());
    if (!WHEEL_AVAILABLE) return;
    // Independent check with CPython: upstream's checksum over the file as Python reads it back.
    const script =
      'import sys, json, hashlib; d = json.load(sys.stdin); d.pop("_checksum"); ' +
      'print(hashlib.sha256(json.dumps(d, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:8])';
    expect(execFileSync(WHEEL_PYTHON, ['-c', script], { input: text, encoding: 'utf8' }).trim()).toBe(
      _checksum,
    );
  });
});

describe('formatSimulationFeedback', () => {
  it('keeps what the model can act on', () => {
    expect(
      formatSimulationFeedback(
        { status: 'failure', effectsError: 'MoveAbort', abortCode: '7', abortLocation: '0x2::m::f' },
        ['0x2::m::S'],
      ),
    ).toEqual({
      dry_run_effects_error: 'MoveAbort',
      dry_run_status: 'failure',
      abort_code: '7',
      abort_location: '0x2::m::f',
      missing_targets: '0x2::m::S',
    });
  });
});
