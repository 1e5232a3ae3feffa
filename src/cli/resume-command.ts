// `smi-bench resume RUN_ID`: provide a worker for an interrupted run and follow it to the end. For an
// evaluation set's id, the set's own command again (under new caps with --max-cost-usd, --max-total-tokens).
import { resolve } from 'node:path';
import type { Client } from '@temporalio/client';
import { workerModelDeps } from './model-access.js';
import { formatSummary } from '../run-queries/progress.js';
import { runNotes } from '../run-queries/run-notes.js';
import { UsageError } from '../usage-error.js';
import { findRun } from '../run-queries/run-lookup.js';
import { startRun } from './start-run.js';
import { readDotenvFile, type CliIO } from './run-common.js';
import { withSession, type Session } from './session.js';
import { describeSet, planEvalSet, startEvalSet } from './eval-set-command.js';
import { watchRun } from '../run-queries/watch.js';
import type { EvalSetMemo } from '../contracts/eval-set.js';

export async function runResume(
  runId: string,
  opts: {
    dotenv: string;
    progress: boolean;
    retryErrors: boolean;
    maxCostUsd?: number;
    maxTotalTokens?: number;
  },
  io: CliIO,
): Promise<number> {
  const dotenv = readDotenvFile(resolve(opts.dotenv));
  const llm = workerModelDeps(process.env, dotenv, io.log);
  // A run is worked on here; a set as `eval-set` does: here only when no one else will.
  const worker = async (client: Client, inProcessWorker: boolean) =>
    (await describeSet(client, runId)) ? inProcessWorker : true;
  return withSession({ log: io.log, worker, llm }, async (session) => {
    const set = await describeSet(session.client, runId);
    if (set) return resumeSet(session, runId, set.memo, dotenv, opts, io);
    const run = await findRun(session, runId);
    const status = run.description.status.name;
    let handle = run.handle;
    const limits = {
      // A run resumed with a cap of its own leaves its set's shared budget.
      ...(opts.maxCostUsd !== undefined ? { maxCostUsd: opts.maxCostUsd, setCostAllowanceUsd: null } : {}),
      ...(opts.maxTotalTokens !== undefined
        ? { maxTotalTokens: opts.maxTotalTokens, setTokenAllowance: null }
        : {}),
    };
    if (opts.retryErrors || Object.keys(limits).length > 0) {
      if (status === 'RUNNING') {
        throw new UsageError(
          `run ${runId} is still running: retry its errors or change its limits once it has finished`,
        );
      }
      // A new execution of the same run: finished rows are kept; errored ones are computed again with
      // --retry-errors, and packages a limit kept from starting run under the new limits.
      handle = (await startRun(session, { ...run.input, retryErrors: opts.retryErrors, ...limits }, true))
        .handle;
      io.log(
        opts.retryErrors
          ? `Retrying the packages of run ${runId} that ended with an error or a timeout`
          : `Continuing run ${runId} with new limits`,
      );
    } else {
      io.log(`Following run ${runId} (${status})`);
    }
    const output = await watchRun(handle, { showProgress: opts.progress, log: io.log });
    for (const line of await runNotes(run.runDir)) io.log(line);
    for (const line of formatSummary(output)) io.out(line);
    return 0;
  });
}

/**
 * `resume SET_ID [--max-cost-usd X] [--max-total-tokens N] [--retry-errors]`: the set's own command again (`eval-set CONFIG`, with
 * the flags it was started with), so it goes on where it stopped, under a new cap if one is given.
 */
async function resumeSet(
  session: Session,
  setId: string,
  memo: Partial<EvalSetMemo>,
  dotenv: Record<string, string>,
  opts: { progress: boolean; retryErrors: boolean; maxCostUsd?: number; maxTotalTokens?: number },
  io: CliIO,
): Promise<number> {
  if (!memo.config)
    throw new UsageError(
      `evaluation set ${setId} was started by an older smi-bench: go on with \`smi-bench eval-set CONFIG\``,
    );
  // The caps it ran under, unless new ones are given.
  const cap = opts.maxCostUsd ?? memo.maxCostUsd ?? undefined;
  const tokens = opts.maxTotalTokens ?? memo.maxTotalTokens ?? undefined;
  const plan = await planEvalSet(memo.config, dotenv, io, {
    ...(memo.cache !== undefined ? { cache: memo.cache } : {}),
    ...(cap !== undefined ? { maxCostUsd: cap } : {}),
    ...(tokens !== undefined ? { maxTotalTokens: tokens } : {}),
  });
  if (plan.setId !== setId)
    throw new UsageError(
      `the config of evaluation set ${setId} (${memo.config}) has changed since: it is set ${plan.setId} now`,
    );
  return startEvalSet(
    session,
    plan,
    { retryErrors: opts.retryErrors, progress: opts.progress, detach: false, skipPreflight: true },
    io,
  );
}
