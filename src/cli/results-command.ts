// `smi-bench results RUN_ID --out FILE`: the result JSON of a run. A finished run's is copied from its run
// directory (no server needed); a running run's is built from the rows recorded so far.
import { copyFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { BENCHMARKS } from '../benchmarks/registry.js';
import { atomicWriteFile } from '../run-store/atomic-write.js';
import { findRun, readFinishedRun, type FinishedResult } from '../run-queries/run-lookup.js';
import { resultNumbers } from '../run-queries/run-notes.js';
import type { CliIO } from './run-common.js';
import { withSession } from './session.js';

export async function runResults(
  runId: string,
  opts: { out: string; logDir: string },
  io: CliIO,
): Promise<number> {
  const out = resolve(opts.out);
  const finished = await readFinishedRun(opts.logDir, runId);
  if (finished) {
    if (finished.resultPath !== out) await copyFile(finished.resultPath, out);
    io.log(summary(out, finished.result, 'finished'));
    return 0;
  }
  return withSession({ log: io.log, worker: 'never' }, async (session) => {
    const run = await findRun(session, runId, opts.logDir);
    const finishedAt = run.description.closeTime ?? new Date();
    const record = await BENCHMARKS[run.input.phase].record();
    const result = await record.buildResult(run.runDir, Math.floor(finishedAt.getTime() / 1000));
    await atomicWriteFile(out, result.text);
    const state =
      run.description.status.name === 'COMPLETED' ? 'finished' : run.description.status.name.toLowerCase();
    io.log(summary(out, result, state));
    return 0;
  });
}

function summary(
  out: string,
  result: Pick<FinishedResult, 'samples'> & { aggregate: object },
  state: string,
): string {
  return `wrote ${out}: ${result.samples} packages (${state} run), ${resultNumbers(result.aggregate)}`;
}
