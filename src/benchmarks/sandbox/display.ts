// The sandbox on screen: its Tier B rate and its functions per stage. It has no model to rank, so no board.
import { OUTCOMES } from '../../sandbox/package-row.js';
import type { BenchmarkDisplay } from '../display.js';
import { SANDBOX_BENCHMARK } from './result-name.js';

export const sandboxDisplay: BenchmarkDisplay = {
  progress: {
    mean: ['tier_b_rate', 'avg Tier B rate'],
    aggregate: [
      ['avg_tier_b_rate', 'avg Tier B rate'],
      ['micro_tier_b_rate', 'Tier B rate over all functions'],
    ],
    counts: ['functions', ...OUTCOMES],
  },
  // (schema_version 1, as Phase I's: its benchmark tells them apart.)
  result: { benchmark: SANDBOX_BENCHMARK },
  scoreName: 'Tier B rate',
};
