// compare's leaderboard for helper runs, from result files written here: the helper's result is
// schema_version 1 like Phase I's, and its benchmark alone says which it is. Expected values by hand from
// the rows: ok in 3 of 4 packages (pass rate 0.75, its interval the bootstrap of [1, 0, 1, 1]); hits 2 of 4,
// 0 of 3, 1 of 2 and 0 of 0 targets (3 of 9; per-package hit rates 0.5, 0, 0.5, 0: mean 0.25); 1 + 3 + 2 + 1
// attempts (mean 1.75).
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatBoards } from '../../src/compare/format.js';
import { boardsOf } from '../../src/compare/leaderboard.js';
import { loadRuns } from '../../src/compare/load-runs.js';
import { runningRunSummary } from '../../src/compare/run-summary.js';
import { bootstrapInterval } from '../../src/core/stats.js';
import { rowPath } from '../../src/run-store/paths.js';

const row = (i: number, ok: boolean, hits: number, targets: number, attempts: number) => ({
  package_id: `0x${i}`,
  ok,
  attempts,
  score: { targets, created_hits: hits, created_distinct: hits, missing: targets - hits },
  error: i === 3 ? 'boom' : null,
  usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
});
const ROWS = [row(1, true, 2, 4, 1), row(2, false, 0, 3, 3), row(3, true, 1, 2, 2), row(4, true, 0, 0, 1)];

function writeRun(logDir: string, runId: string, rows: object[], maxAttempts: number): string {
  const runDir = join(logDir, runId);
  mkdirSync(join(runDir, 'rows'), { recursive: true });
  writeFileSync(
    join(runDir, 'result.json'),
    JSON.stringify({ benchmark: 'helper_pkg_v1', schema_version: 1, samples: rows.length, packages: rows }),
  );
  writeFileSync(
    join(runDir, 'run_metadata.json'),
    JSON.stringify({ agent: 'real-openai-compatible', model: 'm' }),
  );
  writeFileSync(
    join(runDir, 'selection.json'),
    JSON.stringify({ identity: { corpus_root: '/c', 'options.maxAttempts': maxAttempts } }),
  );
  rows.forEach((r, index) => writeFileSync(rowPath(runDir, index), JSON.stringify({ index, row: r }) + '\n'));
  return runDir;
}

describe('compare on helper runs', () => {
  const logDir = mkdtempSync(join(tmpdir(), 'smi-helper-board-'));
  const runDir = writeRun(logDir, 'helper-a', ROWS, 3);
  writeRun(
    logDir,
    'helper-b',
    ROWS.map((r) => ({ ...r, ok: false })),
    2,
  );

  it('ranks by the pass rate with its interval, beside the hit rate and the attempts used', () => {
    const [board] = boardsOf(loadRuns(['helper-a', 'helper-b'], logDir));
    expect(board!.phase).toBe('helper');
    const [a, b] = board!.entries;
    expect(a!.run).toBe('helper-a');
    expect(a!.score).toBe(0.75);
    expect(a!.interval).toEqual(bootstrapInterval([1, 0, 1, 1]));
    expect(a!.columns).toEqual({ avg_hit_rate: 0.25, hits: 3, targets: 9, mean_attempts: 1.75 });
    expect(a!.errors).toBe(1);
    expect(a!.tokens).toBe(480);
    expect(b!.score).toBe(0);
    // The paired test on the 4 packages: a − b = 0.75.
    expect(board!.paired).toMatchObject({ packages: 4, difference: 0.75 });
    // Runs with different --max-attempts are flagged.
    expect(board!.differences).toEqual(['options.maxAttempts: helper-a=3, helper-b=2']);
  });

  it('prints the board under its own title, the pass rate as ok_rate', () => {
    const text = formatBoards(boardsOf(loadRuns(['helper-a'], logDir)), 'tsv');
    const [header, first] = text
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(header).toEqual([
      'rank',
      'run',
      'model',
      'agent',
      'packages',
      'ok_rate',
      'ci95_low',
      'ci95_high',
      'avg_hit_rate',
      'hits',
      'targets',
      'mean_attempts',
      'errors',
      'tokens',
      'cost_usd',
    ]);
    expect(first!.slice(5, 6)).toEqual(['0.7500']);
    expect(first!.slice(8, 12)).toEqual(['0.2500', '3', '9', '1.7500']);
    expect(formatBoards(boardsOf(loadRuns(['helper-a'], logDir)), 'md')).toContain('### Helper package');
  });

  it('gives status SET the same pass rate while the run is going', () => {
    const summary = runningRunSummary('helper', runDir, 4, null);
    expect(summary).toMatchObject({
      done: 4,
      errors: 1,
      score: 0.75,
      interval: bootstrapInterval([1, 0, 1, 1]),
    });
  });
});
