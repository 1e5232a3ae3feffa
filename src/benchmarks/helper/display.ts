// The helper benchmark on screen and on the board: a package passes when an entry function of the built
// helper ran to the end through the target; its hit rate and the attempts it took beside that.
import { HELPER_BENCHMARK } from './workflow/result.js';
import { mean } from '../../core/stats.js';
import { hitRate, hitTotals, rowNumber, type BenchmarkDisplay } from '../display.js';

export const helperDisplay: BenchmarkDisplay = {
  progress: {
    mean: ['ok', 'pass rate'],
    aggregate: [
      ['ok_rate', 'pass rate'],
      ['avg_hit_rate', 'avg hit rate'],
    ],
    counts: ['ok', 'hits', 'targets'],
  },
  // (Its result is schema_version 1 too, as Phase I's: its benchmark tells them apart.)
  result: { benchmark: HELPER_BENCHMARK },
  scoreName: 'pass rate',
  board: {
    // Its mean over rows is the result's ok_rate.
    rowScore: (row) => (row['ok'] === true ? 1 : 0),
    columns: (rows) => ({
      avg_hit_rate: mean(rows.map(hitRate)),
      ...hitTotals(rows),
      // Answers the model gave until one built (or all it was allowed).
      mean_attempts: mean(rows.map((r) => rowNumber(r, 'attempts'))),
    }),
    tieBreaks: [(c) => c['avg_hit_rate'] ?? 0, (c) => c['hits'] ?? 0],
    scoreColumn: 'ok_rate',
    terms:
      'ok rate: the share of packages whose helper ran an entry function to the end through the target; avg hit rate: the mean over packages of targets created over targets, a package with no target counting as 0.',
    rowScoreName: 'pass',
    meanName: 'pass rate',
    cell: { caption: '1 where the helper ran through the target, else 0', legend: 'pass' },
    stages: true,
    whyHeader: 'error',
    packagePage: async () => (await import('./page.js')).helperBody,
  },
};
