// Which figures a report draws, on runs built by hand: a figure that would say nothing is left out (a cost
// figure where nothing cost anything, a need_more scatter with a constant axis), and the Phase II matrix
// gives a package without key types and a package a run did not run cells of their own, with a legend.
import { describe, expect, it } from 'vitest';
import { boardsOf, type LoadedRun } from '../../src/compare/leaderboard.js';
import { reportFigures } from '../../src/report/figures.js';
import { figureSvg } from '../../src/report/figure-render.js';
import type { ReportInput } from '../../src/report/input.js';
import { EMPTY_TRACE, type PackageTrace } from '../../src/report-parts/traces.js';

type Row = Record<string, unknown>;

/** A Phase II row: `hits` of `targets` created, `tokens` used at `cost` dollars. */
const row = (id: string, targets: number, hits: number, tokens: number, cost: number): Row => ({
  package_id: id,
  score: { targets, created_distinct: hits, created_hits: hits, missing: targets - hits },
  error: null,
  usage: { total_tokens: tokens, cost_usd: cost },
});

const run = (label: string, rows: Row[]): LoadedRun => ({
  label,
  model: label,
  agent: 'real-openai-compatible',
  phase: 'phase2',
  rows,
  setting: {},
  runDir: null,
});

/** Each run's traces: a package asking for more `rounds[i]` times. */
function traces(runs: LoadedRun[], rounds: number[][]): Map<LoadedRun, PackageTrace[]> {
  return new Map(
    runs.map((r, i) => [
      r,
      rounds[i]!.map((n) => ({
        ...EMPTY_TRACE,
        rounds: Array.from({ length: n }, (_, call) => ({
          attempt: 1,
          call: call + 1,
          kind: 'need_more',
          promptSha: 'p',
          answerSha: 'a',
        })),
      })),
    ]),
  );
}

const input = (runs: LoadedRun[]): ReportInput => ({ runs, boards: boardsOf(runs), sandboxRuns: [] });
const ids = (runs: LoadedRun[], rounds: number[][]) =>
  reportFigures(input(runs), traces(runs, rounds)).map((f) => f.id);

describe('figures left out where they would say nothing', () => {
  it('draws no cost figure when every run cost $0, and one when a run cost something', () => {
    const free = [run('a', [row('0x2', 2, 1, 100, 0)]), run('b', [row('0x2', 2, 0, 90, 0)])];
    expect(ids(free, [[0], [0]])).not.toContain('cost');
    const priced = [run('a', [row('0x2', 2, 1, 100, 0.02)]), run('b', [row('0x2', 2, 0, 90, 0)])];
    expect(ids(priced, [[0], [0]])).toContain('cost');
  });

  it('draws no need_more scatter when no package asked for more, or all used the same tokens', () => {
    const runs = [run('a', [row('0x2', 2, 1, 100, 0), row('0x3', 1, 0, 300, 0)])];
    expect(ids(runs, [[0, 0]])).not.toContain('need-more');
    expect(ids(runs, [[0, 2]])).toContain('need-more');
    const sameTokens = [run('a', [row('0x2', 2, 1, 100, 0), row('0x3', 1, 0, 100, 0)])];
    expect(ids(sameTokens, [[0, 2]])).not.toContain('need-more');
  });
});

describe('the Phase II matrix', () => {
  it('gives "no targets" and "not run" cells their own colours and legend entries', async () => {
    const runs = [
      run('a', [row('0x1', 0, 0, 10, 0), row('0x2', 2, 0, 10, 0)]),
      run('b', [row('0x2', 2, 2, 10, 0)]), // did not run 0x1
    ];
    const matrix = reportFigures(input(runs), traces(runs, [[0, 0], [0]])).find(
      (f) => f.id === 'matrix-phase2',
    )!;
    const svg = await figureSvg(matrix.spec);
    expect(svg).toContain('>no targets<');
    expect(svg).toContain('>not run<');
    expect(svg).toContain('fill="#b0b0b0"'); // grey: not viridis's dark purple of a 0
    // no row has an error: no legend for the cross
    expect(svg).not.toContain('error in the row');
    expect(matrix.caption).toContain('grey: no key type to create');
  });
});
