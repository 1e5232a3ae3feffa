// `smi-bench resume RUN_ID`: provide a worker for an interrupted run and follow it to the end.
import { resolve } from 'node:path';
import { resolveApiKey } from '../agents/config.js';
import { formatSummary } from './progress.js';
import { runNotes } from './run-notes.js';
import { findRun } from './run-lookup.js';
import { readDotenvFile, type CliIO } from './run-phase1.js';
import { withSession } from './session.js';
import { watchRun } from './watch.js';

export async function runResume(
  runId: string,
  opts: { dotenv: string; progress: boolean },
  io: CliIO,
): Promise<number> {
  const dotenv = readDotenvFile(resolve(opts.dotenv));
  const llm = { resolveApiKey: () => resolveApiKey(process.env, dotenv) };
  return withSession({ log: io.log, worker: 'always', llm }, async (session) => {
    const run = await findRun(session, runId);
    io.log(`Following run ${runId} (${run.description.status.name})`);
    const output = await watchRun(run.handle, { showProgress: opts.progress, log: io.log });
    for (const line of await runNotes(run.runDir)) io.log(line);
    for (const line of formatSummary(output)) io.out(line);
    return 0;
  });
}
