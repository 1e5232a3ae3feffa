// A Phase II run still in progress: the view lists its recorded rows, each with where it stopped and why,
// in the words its result will give (a row built by hand: one answer, cut at the token limit).
import { describe, expect, it } from 'vitest';
import { runProgressPage } from '../../src/view/pages.js';
import type { RunView } from '../../src/view/run-state.js';
import { planned } from '../support/phase2-rows.js';

const CUT = 'answer cut at the token limit (max_tokens 256): no JSON found';

const run: RunView = {
  runId: 'p2-running',
  runDir: '/nowhere/p2-running',
  phase: 'phase2',
  agent: 'real-openai-compatible',
  model: 'm',
  startedAt: null,
  state: 'running',
  stopReason: null,
  done: 2,
  total: 3,
  source: 'run directory',
  progressLine: null,
  inFlight: [],
  numbers: null,
  temporalUrl: null,
};

describe('a running Phase II run’s recorded packages', () => {
  it('say where each stopped and why, not a bare ok', () => {
    const rows = [
      planned(2, 0, { package_id: '0x2', causality_valid: null, tx_build_ok: false, plan_failure: CUT }),
      planned(2, 1, { package_id: '0x3', exec_ok: true }),
    ].map((row, index) => ({ index, row, started_at_unix_seconds: 0, finished_at_unix_seconds: 1 }));
    const page = runProgressPage(run, rows, { address: '127.0.0.1:7233', reachable: false });
    expect(page).toContain(`<td>malformed: ${CUT}</td>`);
    expect(page).toContain('<td>partial_hit: created 1 of its 2 target types</td>');
    expect(page).not.toContain('<td>ok</td>');
  });
});
