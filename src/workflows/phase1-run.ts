// A Phase I benchmark run: prepare the package list, run one child workflow per package with bounded
// concurrency, then write the result. State is a cursor and running totals; rows live in the run directory.
import {
  ChildWorkflowFailure,
  allHandlersFinished,
  condition,
  continueAsNew,
  executeChild,
  setCurrentDetails,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import { io, ioLocal } from './io-activities.js';
import { TASK_QUEUES, packageWorkflowId } from '../temporal/names.js';
import { phase1Package } from './phase1-package.js';
import { progressQuery, setConcurrencyUpdate } from './phase1-api.js';
import {
  ZERO_USAGE,
  addUsage,
  type Phase1PackageInput,
  type Phase1PackageSummary,
  type Phase1Progress,
  type Phase1RunInput,
  type Phase1RunOutput,
  type Phase1RunState,
  type PreparedRun,
  type RunTotals,
} from './phase1-types.js';

const PAGE_SIZE = 200;
const DEFAULT_PACKAGES_PER_HISTORY = 1000;
const MAX_CONCURRENCY = 1000;

export async function phase1Run(
  input: Phase1RunInput,
  resumeFrom?: Phase1RunState,
): Promise<Phase1RunOutput> {
  let concurrency = input.concurrency;
  let stage: Phase1Progress['phase'] = resumeFrom ? 'running' : 'preparing';
  let prepared: PreparedRun | undefined = resumeFrom?.prepared;
  let cursor = resumeFrom?.cursor ?? 0;
  let totals: RunTotals = resumeFrom?.totals ?? emptyTotals();
  const running = new Map<number, string>();
  let startedInThisHistory = 0;
  const packagesPerHistory = input.packagesPerHistory ?? DEFAULT_PACKAGES_PER_HISTORY;

  setHandler(progressQuery, () => ({
    runId: input.runId,
    phase: stage,
    total: prepared?.total ?? 0,
    started: cursor,
    completed: totals.completed,
    errors: totals.errors,
    timeouts: totals.timeouts,
    running: [...running.values()],
    avgF1: totals.completed > 0 ? totals.sumF1 / totals.completed : null,
    usage: totals.usage,
    concurrency,
  }));
  setHandler(
    setConcurrencyUpdate,
    (n) => {
      concurrency = n;
      return n;
    },
    {
      validator: (n) => {
        if (!Number.isInteger(n) || n < 1 || n > MAX_CONCURRENCY) {
          throw new Error(`concurrency must be an integer from 1 to ${MAX_CONCURRENCY}`);
        }
      },
    },
  );

  if (!prepared) prepared = await io.preparePhase1Run(input);
  const total = prepared.total;
  stage = 'running';

  const runOne = async (index: number, packageId: string, packageDir: string): Promise<void> => {
    const childInput: Phase1PackageInput = {
      runId: input.runId,
      runDir: input.runDir,
      index,
      packageId,
      packageDir,
      options: input.options,
    };
    const summary = await runPackage(childInput);
    totals = addSummary(totals, summary);
    running.delete(index);
    setCurrentDetails(`${totals.completed}/${total} packages done, ${totals.errors} errors`);
  };

  while (cursor < total) {
    const page = await io.listPackagePage({ runDir: input.runDir, offset: cursor, limit: PAGE_SIZE });
    if (page.length === 0) break;
    for (const pkg of page) {
      await condition(() => running.size < concurrency);
      if (startedInThisHistory >= packagesPerHistory || workflowInfo().continueAsNewSuggested) {
        await condition(() => running.size === 0 && allHandlersFinished());
        await continueAsNew<typeof phase1Run>(input, { prepared, cursor, totals });
      }
      running.set(pkg.index, pkg.packageId);
      cursor = pkg.index + 1;
      startedInThisHistory++;
      void runOne(pkg.index, pkg.packageId, pkg.packageDir);
    }
  }
  await condition(() => running.size === 0);

  stage = 'finalizing';
  const output = await io.finalizePhase1Run({
    runId: input.runId,
    runDir: input.runDir,
    outFile: input.outFile,
  });
  stage = 'done';
  await condition(allHandlersFinished);
  return output;
}

/**
 * Runs the package's child workflow. A package that already finished (a restarted run) is not computed
 * again: its recorded row is read back. A child that fails for an unexpected reason still yields a row.
 */
async function runPackage(input: Phase1PackageInput): Promise<Phase1PackageSummary> {
  try {
    return await executeChild(phase1Package, {
      workflowId: packageWorkflowId('phase1', input.runId, input.packageId),
      taskQueue: TASK_QUEUES.orchestration,
      args: [input],
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
      retry: { maximumAttempts: 1 },
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) {
      const recorded = await ioLocal.loadRecordedSummary({ runDir: input.runDir, index: input.index });
      if (recorded) return recorded;
    }
    const reason = err instanceof ChildWorkflowFailure && err.cause ? err.cause.message : String(err);
    return await ioLocal.recordFailedPackage({
      runDir: input.runDir,
      index: input.index,
      packageId: input.packageId,
      error: `package workflow failed: ${reason}`,
    });
  }
}

function emptyTotals(): RunTotals {
  return { completed: 0, errors: 0, timeouts: 0, sumPrecision: 0, sumRecall: 0, sumF1: 0, usage: ZERO_USAGE };
}

function addSummary(t: RunTotals, s: Phase1PackageSummary): RunTotals {
  return {
    completed: t.completed + 1,
    errors: t.errors + (s.error ? 1 : 0),
    timeouts: t.timeouts + (s.timedOut ? 1 : 0),
    sumPrecision: t.sumPrecision + s.precision,
    sumRecall: t.sumRecall + s.recall,
    sumF1: t.sumF1 + s.f1,
    usage: addUsage(t.usage, s.usage),
  };
}
