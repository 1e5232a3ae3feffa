// Phase I on screen and on the board: F1 per package, precision and recall beside it.
import { mean } from '../../core/stats.js';
import { scoreField, type BenchmarkDisplay } from '../display.js';

export const phase1Display: BenchmarkDisplay = {
  progress: {
    mean: ['f1', 'avg F1'],
    aggregate: [
      ['avg_f1', 'avg F1'],
      ['avg_precision', 'avg precision'],
      ['avg_recall', 'avg recall'],
    ],
  },
  result: { schemaVersion: 1 },
  scoreName: 'F1',
  board: {
    rowScore: (row) => scoreField(row, 'f1'),
    columns: (rows) => ({
      precision: mean(rows.map((r) => scoreField(r, 'precision'))),
      recall: mean(rows.map((r) => scoreField(r, 'recall'))),
    }),
    // Recall: predicting nothing scores F1 1.0 on a package without key structs, and recall 0 where there
    // are some.
    tieBreaks: [(c) => c['recall'] ?? 0],
    scoreColumn: 'f1',
    rowScoreName: 'F1',
    meanName: 'mean F1',
    cell: { caption: 'the F1 of the predicted key structs', legend: 'F1' },
    stages: false,
    whyHeader: 'error',
    packagePage: async () => (await import('./page.js')).phase1Page,
  },
};
