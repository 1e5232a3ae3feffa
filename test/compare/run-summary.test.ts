// What `status SET` shows of a run, and what it keeps between calls: a running run's summary equals
// compare's (rowsSummary) on the same rows up to 1,000 rows (then its interval is the normal
// approximation), reads each row without an error once, and
// reads an errored row again (a retry may replace it); a finished run's summary is computed once per
// result file.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rowsSummary } from '../../src/compare/leaderboard.js';
import { bootstrapInterval, normalInterval } from '../../src/core/stats.js';
import {
  finishedRunSummary,
  runningInterval,
  runningRunSummary,
  STATUS_CACHE_NAME,
} from '../../src/compare/run-summary.js';
import { rowPath } from '../../src/run-store/paths.js';

type Row = Record<string, unknown>;

function phase1Row(i: number, error: string | null = null): Row {
  return {
    package_id: `0x${i.toString(16)}`,
    error,
    score: { f1: (i % 7) / 7, precision: 1, recall: 1 },
    usage: { prompt_tokens: 10 + i, completion_tokens: 1, total_tokens: 11 + i, cost_usd: i * 2 ** -20 },
  };
}

function writeRow(runDir: string, index: number, row: Row) {
  writeFileSync(
    rowPath(runDir, index),
    JSON.stringify({ index, row, started_at_unix_seconds: 1, finished_at_unix_seconds: 2 }) + '\n',
  );
}

function newRun(): string {
  const logDir = mkdtempSync(join(tmpdir(), 'smi-run-summary-'));
  const runDir = join(logDir, 'set-x.m.phase1');
  mkdirSync(join(runDir, 'rows'), { recursive: true });
  return runDir;
}

const cacheFile = (runDir: string) => join(runDir, '..', STATUS_CACHE_NAME, 'set-x.m.phase1.json');

describe('a running run’s summary', () => {
  it('is compare’s, in index order, and reads only new or errored rows the next time', () => {
    const runDir = newRun();
    const rows: Row[] = [];
    // written out of order, as concurrent packages finish; one with an error
    for (const i of [3, 0, 2, 1, 5, 4]) writeRow(runDir, i, phase1Row(i, i === 2 ? 'timed out' : null));
    for (let i = 0; i < 6; i++) rows.push(phase1Row(i, i === 2 ? 'timed out' : null));
    const first = runningRunSummary('phase1', runDir, 10, 7);
    const compare = rowsSummary('phase1', rows);
    expect(first).toEqual({
      done: 6,
      total: 10,
      errors: 1,
      score: compare.score,
      interval: compare.interval,
      costUsd: compare.costUsd,
      tokens: compare.tokens,
      stoppedEarly: null,
    });
    // the rows without an error are kept; the errored one is not
    const kept = JSON.parse(readFileSync(cacheFile(runDir), 'utf8')) as { rows: Record<string, unknown> };
    expect(Object.keys(kept.rows).sort()).toEqual(['0', '1', '3', '4', '5']);

    // a kept row is not read again (here: changed behind its back, which a real run never does)…
    writeRow(runDir, 0, phase1Row(100));
    // …the errored one is (a retry replaced it), and so is a new one
    writeRow(runDir, 2, phase1Row(2));
    writeRow(runDir, 6, phase1Row(6));
    rows[2] = phase1Row(2);
    rows.push(phase1Row(6));
    const second = runningRunSummary('phase1', runDir, 10, 7);
    const again = rowsSummary('phase1', rows);
    expect(second).toMatchObject({ done: 7, errors: 0, score: again.score, interval: again.interval });

    // another run in the same directory (another start): nothing kept is used
    expect(runningRunSummary('phase1', runDir, 10, 8).score).not.toBe(again.score);
  });

  it('has compare’s interval up to 1,000 rows, then the normal approximation, which the bootstrap tends to', () => {
    const scores = (n: number) => Array.from({ length: n }, (_, i) => ((i * 7919) % 13) / 13);
    expect(runningInterval(scores(1000))).toEqual(bootstrapInterval(scores(1000)));
    expect(runningInterval(scores(1001))).toEqual(normalInterval(scores(1001)));
    // by hand: [0, 1] has mean 0.5, sample variance 0.5, so 1.96 × √(0.5 / 2) = 0.98 either side
    const two = normalInterval([0, 1])!;
    expect(two.low).toBeCloseTo(0.5 - 0.979982, 6);
    expect(two.high).toBeCloseTo(0.5 + 0.979982, 6);
    // at 10,000 rows the two differ in the third decimal at most
    const big = scores(10_000);
    const boot = bootstrapInterval(big)!;
    const normal = runningInterval(big)!;
    expect(Math.abs(boot.low - normal.low)).toBeLessThan(0.001);
    expect(Math.abs(boot.high - normal.high)).toBeLessThan(0.001);
  });
});

describe('a finished run’s summary', () => {
  it('is computed once per result file, and again when the file changes', () => {
    const runDir = newRun();
    const rows = [phase1Row(1), phase1Row(2), phase1Row(3)];
    const result = (avg: number) =>
      JSON.stringify({
        samples: 3,
        packages: rows,
        aggregate: { avg_f1: avg, errors: 0, usage: { cost_usd: 0.5, total_tokens: 42 } },
        stopped_early: { reason: 'max_cost_usd', limit: 1, spent: 1, packages_not_started: 2 },
      });
    writeFileSync(join(runDir, 'result.json'), result(0.25));
    const first = finishedRunSummary('phase1', runDir);
    expect(first).toEqual({
      done: 3,
      total: 5,
      errors: 0,
      score: 0.25,
      interval: rowsSummary('phase1', rows).interval,
      costUsd: 0.5,
      tokens: rowsSummary('phase1', rows).tokens,
      stoppedEarly: { reason: 'max_cost_usd', packages_not_started: 2 },
    });
    // the same file: the kept summary (a changed cache entry shows it was not recomputed)
    const cache = JSON.parse(readFileSync(cacheFile(runDir), 'utf8')) as {
      finished: { summary: { score: number } };
    };
    cache.finished.summary.score = 0.75;
    writeFileSync(cacheFile(runDir), JSON.stringify(cache));
    expect(finishedRunSummary('phase1', runDir)?.score).toBe(0.75);
    // a new result file (another size or time): computed again
    writeFileSync(join(runDir, 'result.json'), result(0.5));
    utimesSync(join(runDir, 'result.json'), new Date(), new Date(Date.now() + 5000));
    expect(finishedRunSummary('phase1', runDir)?.score).toBe(0.5);
    expect(finishedRunSummary(`phase1`, join(runDir, '..', 'nothing'))).toBeNull();
  });
});
