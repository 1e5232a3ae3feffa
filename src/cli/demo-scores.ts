// The demo's closing table: the mock agent and the local model on the same packages, side by side, read
// from each run's result.json (what `results` shows), so the numbers are the runs' own.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Phase1Aggregate } from '../core/types.js';

export interface DemoRun {
  /** How the table names the agent. */
  label: string;
  runDir: string;
}

export async function formatDemoScores(runs: DemoRun[]): Promise<string[]> {
  const rows = await Promise.all(
    runs.map(async ({ label, runDir }) => {
      const result = JSON.parse(await readFile(join(runDir, 'result.json'), 'utf8')) as {
        aggregate: Phase1Aggregate;
      };
      const a = result.aggregate;
      const cost = a.usage.cost_usd === undefined ? '' : `$${a.usage.cost_usd.toFixed(3)}`;
      return [label, a.avg_f1, a.avg_precision, a.avg_recall]
        .map((v) => (typeof v === 'number' ? v.toFixed(4) : v))
        .concat(String(a.usage.total_tokens), cost, String(a.errors));
    }),
  );
  // F1 first: the score Phase I is ranked by.
  const header = ['agent', 'F1', 'precision', 'recall', 'tokens', 'cost', 'errors'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    '  ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return ['Phase I on the demo corpus, side by side:', line(header), ...rows.map(line)];
}
