// `smi-bench status RUN_ID`: where a run stands. Asks the workflow when a worker is there to answer,
// else counts the rows in the run directory.
import { readSelection } from '../run-store/run-record.js';
import { readStoredRows } from '../run-store/rows.js';
import { runWorkflowId } from '../temporal/names.js';
import { formatProgress } from './progress.js';
import { findRun } from './run-lookup.js';
import type { CliIO } from './run-phase1.js';
import { withSession } from './session.js';
import { workflowUiUrl } from './start-run.js';
import { queryProgress } from './watch.js';

export async function runStatus(runId: string, io: CliIO): Promise<number> {
  return withSession({ log: io.log, worker: 'never' }, async (session) => {
    const run = await findRun(session, runId);
    const d = run.description;
    const since = Math.round((Date.now() - d.startTime.getTime()) / 1000);
    io.out(`run ${runId}: ${d.status.name} (started ${d.startTime.toISOString()}, ${since}s ago)`);
    const progress = d.status.name === 'RUNNING' ? await queryProgress(run.handle, 2000) : null;
    if (progress) {
      io.out('  ' + formatProgress(progress, Date.now() - d.startTime.getTime()).replace(/^\[[^\]]*\] /, ''));
    } else {
      const [selection, rows] = await Promise.all([readSelection(run.runDir), readStoredRows(run.runDir)]);
      const errors = rows.filter((r) => r.row.error !== null).length;
      const total = selection ? String(selection.total) : '?';
      io.out(`  ${rows.length}/${total} packages recorded, ${errors} with errors`);
      if (d.status.name === 'RUNNING') io.out('  (no worker answered; start one to make progress)');
    }
    io.out(`  run directory: ${run.runDir}`);
    const ui = workflowUiUrl(session, runWorkflowId('phase1', runId));
    if (ui) io.out(`  Temporal UI:   ${ui}`);
    return 0;
  });
}
