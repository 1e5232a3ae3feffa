// `smi-bench status RUN_ID`: where a run stands. A finished run is read from its run directory, without a
// server. Otherwise the workflow is asked when a worker is there to answer, else the rows are counted.
import { readSelection } from '../run-store/run-record.js';
import { readStoredRows } from '../run-store/rows.js';
import { runWorkflowId } from '../temporal/names.js';
import { runningPackageLines } from './package-details.js';
import { formatProgress } from '../run-queries/progress.js';
import { findRun, readFinishedRun, type FinishedRun } from '../run-queries/run-lookup.js';
import { resultNumbers, runNotes, stalledRunAdvice } from '../run-queries/run-notes.js';
import type { CliIO } from './run-common.js';
import { withSession } from './session.js';
import { workflowUiUrl } from './start-run.js';
import { queryProgress } from '../run-queries/watch.js';
import { finishedSetLines, setStatusLines } from './set-status.js';
import { knownSets } from '../evalset/set-index.js';

export async function runStatus(runId: string, opts: { logDir: string }, io: CliIO): Promise<number> {
  const finished = await readFinishedRun(opts.logDir, runId);
  if (finished) return printFinished(runId, finished, io);
  // A set elsewhere than --log-dir: where eval-set noted it ran (its id, or its name when only one has it).
  const noted = knownSets(runId);
  const elsewhere = noted.length === 1 ? noted[0]! : null;
  const finishedSet =
    (await finishedSetLines(opts.logDir, runId)) ??
    (elsewhere ? await finishedSetLines(elsewhere.logDir, elsewhere.setId) : null);
  if (finishedSet) {
    for (const line of finishedSet) io.out(line);
    return 0;
  }
  return withSession({ log: io.log, worker: 'never' }, async (session) => {
    const set = await setStatusLines(session.client, runId);
    if (set) {
      for (const line of set) io.out(line);
      return 0;
    }
    const run = await findRun(session, runId, opts.logDir);
    const d = run.description;
    const since = Math.round((Date.now() - d.startTime.getTime()) / 1000);
    io.out(`run ${runId}: ${d.status.name} (started ${d.startTime.toISOString()}, ${since}s ago)`);
    const progress = d.status.name === 'RUNNING' ? await queryProgress(run.handle, 2000) : null;
    if (progress) {
      io.out('  ' + formatProgress(progress, Date.now() - d.startTime.getTime()).replace(/^\[[^\]]*\] /, ''));
      for (const line of await runningPackageLines(session.client, runId)) io.out(`    ${line}`);
    } else {
      io.out('  ' + (await countRows(run.runDir)));
      if (d.status.name === 'RUNNING') io.out('  ' + stalledRunAdvice(runId, session.target.kind));
    }
    io.out(`  run directory: ${run.runDir}`);
    // The UI of a server this command started would be gone by the time anyone opened the link.
    const ui = session.target.embedded ? null : workflowUiUrl(session, runWorkflowId(run.input.phase, runId));
    if (ui) io.out(`  Temporal UI:   ${ui}`);
    return 0;
  });
}

async function countRows(runDir: string): Promise<string> {
  const [selection, rows] = await Promise.all([readSelection(runDir), readStoredRows(runDir)]);
  const errors = rows.filter((r) => r.row.error !== null).length;
  const total = selection ? String(selection.total) : '?';
  return `${rows.length}/${total} packages recorded, ${errors} with errors`;
}

async function printFinished(runId: string, run: FinishedRun, io: CliIO): Promise<number> {
  const finishedAt = new Date(run.result.finished_at_unix_seconds * 1000).toISOString();
  io.out(`run ${runId}: COMPLETED (finished ${finishedAt}; read from its run directory)`);
  io.out(`  ${await countRows(run.runDir)}`);
  io.out(`  ${resultNumbers(run.result.aggregate)}`);
  for (const line of await runNotes(run.runDir)) io.log(line);
  io.out(`  run directory: ${run.runDir}`);
  io.out(`  result:        ${run.resultPath}`);
  return 0;
}
