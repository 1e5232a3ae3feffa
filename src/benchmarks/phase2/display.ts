// Phase II on screen and on the board: the hit rate per package; its ok-rates over plans with calls that
// something executed (upstream's phase2_leaderboard, spec harness.md §13); where and why packages stopped.
import { planTally } from './workflow/plan-tally.js';
import type { Phase2Row } from '../../core/phase2/row.js';
import { failureStage, stopReason } from '../../core/phase2/taxonomy.js';
import { hitRate, hitTotals, scoreField, type BenchmarkDisplay, type Row } from '../display.js';

/**
 * `packages with hits 2 · plans with calls: 3 built, 3 executed, 2 without failing · empty plans 1`: an
 * empty plan executes without failing and creates nothing, so it is counted apart, never as an ok run.
 */
function describePlans(aggregate: Record<string, number>): string {
  const n = (key: string) => aggregate[key] ?? 0;
  return (
    `packages with hits ${n('packages_with_hits')} · plans with calls: ${n('plans_built')} built, ` +
    `${n('plans_executed')} executed, ${n('plans_executed_ok')} without failing · empty plans ${n('empty_plans')}`
  );
}

export const phase2Display: BenchmarkDisplay = {
  progress: {
    mean: ['hit_rate', 'avg hit rate'],
    aggregate: [
      ['avg_hit_rate', 'avg hit rate'],
      ['micro_hit_rate', 'micro hit rate'],
      ['max_hit_rate', 'max hit rate'],
    ],
    // Always shown, so that an ok execution is read beside what ran.
    detail: describePlans,
    aside: [
      'avg_partial_credit',
      "upstream's partial-credit rubric (steps reached, not targets created; ranks nothing)",
    ],
  },
  result: { schemaVersion: 2 },
  scoreName: 'hit rate',
  board: {
    rowScore: hitRate,
    columns(rows) {
      const { hits, targets } = hitTotals(rows);
      const plans = planTally(rows);
      // Over plans with calls that something executed: an empty plan runs without failing and creates nothing.
      const ofExecuted = (n: number) => (plans.executed === 0 ? null : n / plans.executed);
      const share = (test: (r: Row) => boolean) =>
        rows.length === 0 ? 0 : rows.filter(test).length / rows.length;
      return {
        micro_hit_rate: targets === 0 ? 0 : hits / targets,
        any_hit_rate: share((r) => scoreField(r, 'created_hits') > 0),
        hits,
        targets,
        plans_executed: plans.executed,
        empty_plans: plans.empty,
        dry_run_ok_rate: ofExecuted(plans.dryRunOk),
        // Rows written before exec_ok existed have none: then there is no column to show.
        exec_ok_rate: rows.some((r) => 'exec_ok' in r) ? ofExecuted(plans.executedOk) : null,
      };
    },
    // Hits over all targets, then plans with calls that ran without failing, then plans with calls executed
    // (an empty plan counts for none).
    tieBreaks: [
      (c) => c['micro_hit_rate'] ?? 0,
      // The count back from its rate: rounded, since 15/22 × 22 is 14.999… in floating point, and equal
      // counts must tie so that plans_executed decides.
      (c) => Math.round((c['exec_ok_rate'] ?? 0) * (c['plans_executed'] ?? 0)),
      (c) => c['plans_executed'] ?? 0,
    ],
    scoreColumn: 'macro_avg_hit_rate',
    terms:
      'macro avg hit rate: the mean over packages of targets created over targets, a package with no target counting as 0; micro hit rate: all hits over all targets.',
    rowScoreName: 'hit rate',
    meanName: 'mean hit rate',
    cell: { caption: 'the share of key types created', legend: 'hit rate' },
    // A package with no key type has nothing to create: its 0 is no miss.
    nothingToScore: (row) => (row['score'] as Row | null | undefined)?.['targets'] === 0,
    stages: true,
    whyHeader: 'why',
    packagePage: async () => (await import('./page.js')).phase2Page,
    figures: ['failure-stages', 'need-more'],
  },
  rowOutcome(row) {
    const phase2 = row as unknown as Phase2Row;
    return `${failureStage(phase2)}: ${stopReason(phase2)}`;
  },
};
