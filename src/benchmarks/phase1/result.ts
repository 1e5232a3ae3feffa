// Builds the Phase I result (schema_version 1) from what a run directory holds. Used when a run finishes
// and by `smi-bench results` for a run that is still going.
import { basename } from 'node:path';
import { aggregatePhase1, type Phase1RunResult } from '../../core/phase1-result.js';
import type { Phase1PackageRow } from '../../core/types.js';
import { corpusGitHead } from '../../run-store/git-info.js';
import { readSelection } from '../../run-store/run-record.js';
import { readStoredRows } from '../../run-store/rows.js';

export async function buildPhase1Result(
  runDir: string,
  finishedAtUnixSeconds: number,
): Promise<Phase1RunResult> {
  const selection = await readSelection(runDir);
  if (!selection) throw new Error(`${runDir} holds no prepared run (selection.json is missing)`);
  const rows = (await readStoredRows<Phase1PackageRow>(runDir)).map((s) => s.row);
  const errors = rows.filter((r) => r.error !== null).length;
  return {
    schema_version: 1,
    started_at_unix_seconds: selection.started_at_unix_seconds,
    finished_at_unix_seconds: finishedAtUnixSeconds,
    corpus_root_name: basename(selection.corpus_root),
    corpus_git: await corpusGitHead(selection.corpus_root),
    target_ids_file: selection.target_ids_file,
    target_ids_total: selection.target_ids_total,
    samples: rows.length,
    seed: selection.seed,
    agent: selection.agent,
    aggregate: aggregatePhase1(rows, errors),
    packages: rows,
  };
}
