// What a user should know after a run besides the scores: directories that are not packages, ids that are
// not in the corpus, and packages that recorded an error. Nothing is dropped silently.
import { readSelection } from '../run-store/run-record.js';
import { readStoredRows } from '../run-store/rows.js';
import { runPaths } from '../run-store/paths.js';
import type { TargetKind } from '../temporal/target.js';
import { plural } from '../core/plural.js';
import { describeIdMismatch } from '../package-store/discover.js';
import { BENCHMARKS } from '../benchmarks/registry.js';
import { resultScoreField } from '../benchmarks/display.js';

const SHOWN = 5;

function more(total: number): string[] {
  return total > SHOWN ? [`  … and ${total - SHOWN} more`] : [];
}

export async function runNotes(runDir: string): Promise<string[]> {
  const [selection, rows] = await Promise.all([readSelection(runDir), readStoredRows(runDir)]);
  if (!selection) return [];
  const lines: string[] = [];
  const paths = runPaths(runDir);
  if (selection.skipped.length > 0) {
    lines.push(
      `note: ${selection.skipped.length} corpus director${selection.skipped.length === 1 ? 'y is' : 'ies are'} not a usable package (all in ${paths.selection}):`,
    );
    for (const s of selection.skipped.slice(0, SHOWN)) lines.push(`  - ${s.dir}: ${s.reason}`);
    lines.push(...more(selection.skipped.length));
  }
  const mismatches = selection.id_mismatches ?? [];
  if (mismatches.length > 0) {
    lines.push(
      `note: ${plural(mismatches.length, 'package folder')} of the corpus ${mismatches.length === 1 ? 'is' : 'are'} named for another id than ${mismatches.length === 1 ? 'its' : 'their'} metadata.json's; the run used metadata.json's id (all in ${paths.selection}):`,
    );
    for (const m of mismatches.slice(0, SHOWN)) lines.push(`  - ${describeIdMismatch(m)}`);
    lines.push(...more(mismatches.length));
  }
  if (selection.unknown_ids.length > 0) {
    lines.push(
      `warning: ${plural(selection.unknown_ids.length, 'id')} ${selection.target_ids_file ? `in ${selection.target_ids_file}` : 'given with --package-id'} ${selection.unknown_ids.length === 1 ? 'is' : 'are'} not in the corpus:`,
    );
    for (const id of selection.unknown_ids.slice(0, SHOWN)) lines.push(`  - ${id}`);
    lines.push(...more(selection.unknown_ids.length));
  }
  const failed = rows.filter((r) => r.row.error !== null);
  if (failed.length > 0) {
    lines.push(`${plural(failed.length, 'package')} recorded an error (rows in ${paths.packages}):`);
    for (const r of failed.slice(0, SHOWN)) lines.push(`  - ${r.row.package_id}: ${r.row.error}`);
    lines.push(...more(failed.length));
  }
  return lines;
}

/**
 * What to do about a running run that no worker answers for. A server this command started has no worker
 * but ours, so only `resume` helps; elsewhere, workers may just be missing.
 */
export function stalledRunAdvice(runId: string, server: TargetKind): string {
  const resume = `smi-bench resume ${runId}`;
  if (server === 'embedded') return `nothing is working on it; continue it with: ${resume}`;
  return `no worker answered; start \`smi-bench worker\` processes, or continue it here with: ${resume}`;
}

/** The score each phase is ranked by, first among a result's numbers. */
const HEADLINES = new Set(Object.values(BENCHMARKS).map((b) => resultScoreField(b.display)));
/** Upstream's partial-credit rubric credits steps, not results (an empty plan earns 0.5): never a headline. */
const NOT_SCORES = new Set(['avg_partial_credit']);

/**
 * A result's mean and best numbers, whichever phase, its ranking score first: `avg_f1 0.0741 · …` (counts
 * and usage left out); the helper's pass rate is its `ok_rate`.
 */
export function resultNumbers(aggregate: object, digits = 4): string {
  const numbers = Object.entries(aggregate).filter(
    ([key, value]) => /^(avg_|max_|ok_rate$)/.test(key) && !NOT_SCORES.has(key) && typeof value === 'number',
  );
  return [...numbers.filter(([key]) => HEADLINES.has(key)), ...numbers.filter(([key]) => !HEADLINES.has(key))]
    .map(([key, value]) => `${key} ${(value as number).toFixed(digits)}`)
    .join(' · ');
}
