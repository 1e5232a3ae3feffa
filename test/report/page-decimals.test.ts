// Pages print rates, means and scores with three decimals, as docs/evaluation.md says, where compare prints four:
// the board's cells, the paired test under it and a package page's facts. Expected text by hand.
import { describe, expect, it } from 'vitest';
import { boardNotes } from '../../src/compare/format.js';
import { boardsOf, type LoadedRun } from '../../src/compare/leaderboard.js';
import { leaderboards } from '../../src/report/leaderboard-table.js';
import { FILE_LINKS } from '../../src/report/links.js';
import { facts } from '../../src/report-parts/page-parts.js';

const run = (label: string, f1s: number[]): LoadedRun => ({
  label,
  phase: 'phase1',
  model: label,
  agent: 'real-agent',
  rows: f1s.map((f1, i) => ({
    package_id: `0x${i + 1}`,
    score: { f1, precision: f1, recall: f1 },
    error: null,
  })),
  setting: {},
  runDir: null,
});

/** What a reader sees: the markup without its tags (a cell's exact value stays in its data-v). */
const seen = (markup: string) => markup.replace(/<[^>]*>/g, ' ');

describe('numbers on pages', () => {
  const runs = [run('a', [2 / 3, 1 / 3]), run('b', [0, 0])];
  const boards = boardsOf(runs);

  it('prints the board and its paired test with three decimals, where compare keeps four', () => {
    const page = seen(leaderboards({ runs, boards, sandboxRuns: [] }, FILE_LINKS).text);
    // a's mean F1 is (2/3 + 1/3) / 2 = 0.5, and a − b on both packages is 0.5 too.
    expect(page).toContain('0.500');
    expect(page).toContain('a − b = 0.500');
    expect(page).not.toMatch(/\d\.\d{4}/);
    expect(boardNotes(boards[0]!).join('\n')).toContain('a − b = 0.5000');
  });

  it("prints a package's scores with three decimals", () => {
    const text = seen(
      facts([
        ['F1', 2 / 3],
        ['attempts', 2],
      ]).text,
    );
    expect(text).toContain('0.667');
    expect(text).not.toContain('0.6667');
  });
});
