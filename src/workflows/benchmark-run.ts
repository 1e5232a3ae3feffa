// The run engine, the same for every phase: prepare the package list, run one child workflow per package
// with bounded concurrency, then write the result. State is a cursor and running totals; rows live in the
// run directory. A phase contributes only its package workflow (`<phase>Package`) and its activities.
import {
  ApplicationFailure,
  ChildWorkflowFailure,
  allHandlersFinished,
  condition,
  continueAsNew,
  executeChild,
  setCurrentDetails,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import {
  TypedSearchAttributes,
  WorkflowExecutionAlreadyStartedError,
  WorkflowIdReusePolicy,
} from '@temporalio/common';
import { io, ioLocal } from './io-activities.js';
import { SEARCH_ATTRIBUTES, TASK_QUEUES, packageWorkflowId, packageWorkflowType } from '../temporal/names.js';
import { progressQuery, setConcurrencyUpdate } from './run-api.js';
import { SetAllowances } from './set-allowances.js';
import { ZERO_USAGE, addUsage } from '../core/usage.js';
import { limitReached, type RunLimits } from '../core/run-limits.js';
import {
  type PackageInput,
  type PackagePageEntry,
  type PackageSummary,
  type PreparedRun,
  type RunInput,
  type RunOutput,
  type RunState,
  type RunTotals,
} from '../contracts/run.js';
import type { StoppedEarly } from '../contracts/usage.js';
import { FailureType } from '../contracts/failure-types.js';

const PAGE_SIZE = 200;
const DEFAULT_PACKAGES_PER_HISTORY = 1000;
const MAX_CONCURRENCY = 1000;

export async function benchmarkRun(input: RunInput, resumeFrom?: RunState): Promise<RunOutput> {
  let concurrency = resumeFrom?.concurrency ?? input.concurrency;
  let stage: 'preparing' | 'running' | 'finalizing' | 'done' = resumeFrom ? 'running' : 'preparing';
  let prepared: PreparedRun | undefined = resumeFrom?.prepared;
  let cursor = resumeFrom?.cursor ?? 0;
  let totals: RunTotals = resumeFrom?.totals ?? emptyTotals();
  const runDeadlineMs =
    resumeFrom?.runDeadlineMs ?? (input.maxRunSeconds ? Date.now() + input.maxRunSeconds * 1000 : null);
  let stoppedEarly: StoppedEarly | null = null;
  const running = new Map<number, string>();
  // A package whose failure could not even be recorded: the run fails rather than hang or lose it.
  let fatal: unknown = null;
  let startedInThisHistory = 0;
  const batchSize = input.batchSize ?? null;
  let batchRan = resumeFrom?.batchRan ?? false;
  const batchCount = (n: number): number => (batchSize ? Math.ceil(n / batchSize) : 1);
  const packagesPerHistory = input.packagesPerHistory ?? DEFAULT_PACKAGES_PER_HISTORY;
  // A run of a set with a cost or token cap spends within what its set allows it, which the set may raise.
  const allowances = new SetAllowances(input, resumeFrom);
  const limits = (): RunLimits => allowances.limits();

  setHandler(progressQuery, () => ({
    runId: input.runId,
    runPhase: input.phase,
    phase: stage,
    total: prepared?.total ?? 0,
    started: cursor,
    completed: totals.completed,
    errors: totals.errors,
    timeouts: totals.timeouts,
    running: [...running.values()],
    means: means(totals),
    usage: totals.usage,
    concurrency,
    ...(batchSize && prepared
      ? {
          batch: {
            size: batchSize,
            current: Math.min(
              Math.floor(Math.max(cursor - 1, 0) / batchSize) + 1,
              batchCount(prepared.total),
            ),
            total: batchCount(prepared.total),
          },
        }
      : {}),
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

  if (!prepared) prepared = await io.prepareRun(input);
  const total = prepared.total;
  stage = 'running';

  const finish = (summary: PackageSummary): void => {
    totals = addSummary(totals, summary);
    running.delete(summary.index);
    setCurrentDetails(`${totals.completed}/${total} packages done, ${totals.errors} errors`);
  };
  const runOne = async (entry: PackagePageEntry): Promise<void> => {
    try {
      finish(await runPackage(input, entry));
    } catch (err) {
      fatal = err;
    }
  };
  const failIfFatal = (): void => {
    if (fatal === null) return;
    const reason = fatal instanceof Error ? fatal.message : String(fatal);
    throw ApplicationFailure.nonRetryable(
      `a package result could not be recorded: ${reason}`,
      FailureType.RunFailed,
    );
  };
  /** Finishes the packages in flight, then, if still at the allowance, tells the set and waits for its word. */
  const waitForSetBudget = async () => {
    await condition(() => running.size === 0 || fatal !== null);
    failIfFatal();
    const over = limitReached(limits(), totals.usage, totals.completed, 0);
    if (!over || !allowances.mayGiveMore(over.reason)) return over;
    await allowances.waitForSet(over.reason, () => fatal !== null);
    failIfFatal();
    return limitReached(limits(), totals.usage, totals.completed, 0);
  };

  while (cursor < total && !stoppedEarly) {
    const page = await io.listPackagePage({
      phase: input.phase,
      runDir: input.runDir,
      offset: cursor,
      limit: PAGE_SIZE,
    });
    if (page.length === 0) break;
    for (const entry of page) {
      await condition(() => running.size < concurrency || fatal !== null);
      failIfFatal();
      // A batch boundary: the batch's last packages finish, then its result so far is written. A batch
      // whose rows were all read back (a run started again) was written when it ran.
      if (batchSize && entry.index % batchSize === 0 && batchRan) {
        await condition(() => running.size === 0 || fatal !== null);
        failIfFatal();
        await io.finishBatch({
          phase: input.phase,
          runId: input.runId,
          runDir: input.runDir,
          outFile: input.outFile,
          batch: entry.index / batchSize,
          batches: batchCount(total),
          ...(input.writeLogs === false ? { writeLogs: false } : {}),
        });
        batchRan = false;
      }
      // Past --max-run-seconds, or when a package could pass a spending limit, no package starts; those
      // already running finish and the result says why the others have no row.
      const notStarted = total - entry.index;
      if (runDeadlineMs !== null && Date.now() >= runDeadlineMs) {
        const limit = input.maxRunSeconds ?? 0;
        const spent = (Date.now() - (runDeadlineMs - limit * 1000)) / 1000;
        stoppedEarly = { reason: 'max_run_seconds', limit, spent, packages_not_started: notStarted };
        break;
      }
      const needsRun = !entry.recorded || (input.retryErrors && entry.recorded.error !== null);
      let overLimit = needsRun ? limitReached(limits(), totals.usage, totals.completed, running.size) : null;
      while (overLimit && allowances.mayGiveMore(overLimit.reason)) overLimit = await waitForSetBudget();
      if (overLimit) {
        stoppedEarly = { ...overLimit, packages_not_started: notStarted };
        break;
      }
      if (startedInThisHistory >= packagesPerHistory || workflowInfo().continueAsNewSuggested) {
        await condition(() => (running.size === 0 && allHandlersFinished()) || fatal !== null);
        failIfFatal();
        await continueAsNew<typeof benchmarkRun>(input, {
          prepared,
          cursor,
          totals,
          concurrency,
          runDeadlineMs,
          ...allowances.state(),
          ...(batchRan ? { batchRan } : {}),
        });
      }
      cursor = entry.index + 1;
      // A finished package is not computed again (a restarted run), unless its error is to be retried.
      if (entry.recorded && !(input.retryErrors && entry.recorded.error !== null)) {
        totals = addSummary(totals, entry.recorded);
        continue;
      }
      running.set(entry.index, entry.packageId);
      startedInThisHistory++;
      batchRan = true;
      void runOne(entry);
    }
  }
  await condition(() => running.size === 0 || fatal !== null);
  failIfFatal();

  stage = 'finalizing';
  const output = await io.finalizeRun({
    phase: input.phase,
    runId: input.runId,
    runDir: input.runDir,
    outFile: input.outFile,
    ...(input.writeLogs === false ? { writeLogs: false } : {}),
    ...(stoppedEarly ? { stoppedEarly } : {}),
  });
  stage = 'done';
  await condition(allHandlersFinished);
  return output;
}

/**
 * Runs the package's child workflow. A package that had already finished (a restarted run) is not computed
 * again: its recorded row is read back. A child that fails for an unexpected reason still yields a row.
 */
async function runPackage(run: RunInput, entry: PackagePageEntry): Promise<PackageSummary> {
  // Each --retry-errors round gets its own child ids: a finished child's id cannot be used again.
  const round = entry.recorded ? `retry-${workflowInfo().firstExecutionRunId.slice(0, 8)}` : undefined;
  const childInput: PackageInput = {
    runId: run.runId,
    runDir: run.runDir,
    index: entry.index,
    packageId: entry.packageId,
    packageDir: entry.packageDir,
    corpusRoot: run.corpusRoot,
    options: run.options,
    ...(round ? { round } : {}),
    ...(run.writeLogs === false ? { writeLogs: false } : {}),
  };
  try {
    return await executeChild(packageWorkflowType(run.phase), {
      workflowId: packageWorkflowId(run.phase, run.runId, entry.index, entry.packageId, round),
      taskQueue: TASK_QUEUES.orchestration,
      args: [childInput],
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
      retry: { maximumAttempts: 1 },
      typedSearchAttributes: childSearchAttributes(entry.packageId),
      staticSummary: `${run.phase} · package ${entry.index + 1} · ${entry.packageId}`,
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) {
      const recorded = await ioLocal.loadRecordedSummary({
        phase: run.phase,
        runDir: run.runDir,
        index: entry.index,
      });
      if (recorded && !(run.retryErrors && recorded.error !== null)) return recorded;
    }
    const reason = err instanceof ChildWorkflowFailure && err.cause ? err.cause.message : String(err);
    return await ioLocal.recordFailedPackage({
      phase: run.phase,
      runDir: run.runDir,
      index: entry.index,
      packageId: entry.packageId,
      error: `package workflow failed: ${reason}`,
      ...(round ? { round } : {}),
      ...(run.writeLogs === false ? { writeLogs: false } : {}),
    });
  }
}

/** The run's own attributes plus the package id, so a UI search for a run finds its packages too. */
function childSearchAttributes(packageId: string): TypedSearchAttributes {
  const inherited = workflowInfo().typedSearchAttributes;
  // Without the run's attributes the server may not know smi-bench's keys at all: add none then.
  if (inherited.get(SEARCH_ATTRIBUTES.runId) === undefined) return inherited;
  return inherited.updateCopy([{ key: SEARCH_ATTRIBUTES.packageId, value: packageId }]);
}

function emptyTotals(): RunTotals {
  return { completed: 0, errors: 0, timeouts: 0, metricSums: {}, usage: ZERO_USAGE };
}

function addSummary(t: RunTotals, s: PackageSummary): RunTotals {
  const metricSums = { ...t.metricSums };
  for (const [name, value] of Object.entries(s.metrics)) metricSums[name] = (metricSums[name] ?? 0) + value;
  return {
    completed: t.completed + 1,
    errors: t.errors + (s.error ? 1 : 0),
    timeouts: t.timeouts + (s.timedOut ? 1 : 0),
    metricSums,
    usage: addUsage(t.usage, s.usage),
  };
}

function means(t: RunTotals): Record<string, number> {
  if (t.completed === 0) return {};
  return Object.fromEntries(Object.entries(t.metricSums).map(([k, v]) => [k, v / t.completed]));
}
