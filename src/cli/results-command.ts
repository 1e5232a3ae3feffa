// `smi-bench results RUN_ID --out FILE`: the Phase I result JSON of a finished or still running run.
import { resolve } from 'node:path';
import { buildPhase1Result, writePhase1Result } from '../run-store/phase1-result.js';
import { findRun } from './run-lookup.js';
import type { CliIO } from './run-phase1.js';
import { withSession } from './session.js';

export async function runResults(runId: string, opts: { out: string }, io: CliIO): Promise<number> {
  return withSession({ log: io.log, worker: 'never' }, async (session) => {
    const run = await findRun(session, runId);
    const finished = run.description.closeTime ?? new Date();
    const result = await buildPhase1Result(run.runDir, Math.floor(finished.getTime() / 1000));
    const out = resolve(opts.out);
    await writePhase1Result(out, result);
    const state =
      run.description.status.name === 'COMPLETED' ? 'finished' : run.description.status.name.toLowerCase();
    io.log(
      `wrote ${out}: ${result.samples} packages (${state} run), avg F1 ${result.aggregate.avg_f1.toFixed(4)}`,
    );
    return 0;
  });
}
