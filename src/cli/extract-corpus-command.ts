// `smi-bench extract --bytecode-corpus-root ROOT --out-dir OUT`: the extractor's corpus mode as a durable
// workflow. Its flag rules are checked before anything starts; the same command again joins a run that
// was interrupted.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { WorkflowFailedError } from '@temporalio/client';
import { WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/common';
import { PAGE_SIZE, type CorpusJob } from '../corpus-report/corpus-job.js';
import { TASK_QUEUES } from '../temporal/names.js';
import { corpusProgressQuery, type extractCorpus } from '../workflows/extract-corpus.js';
import { UsageError } from '../usage-error.js';
import { requireChainOver } from './require-chain.js';
import type { CliIO } from './run-common.js';
import { withSession } from './session.js';
import { watchWorkflow } from '../run-queries/watch.js';
import type { RpcProtocol, SuiNetwork } from '../contracts/simulation.js';

export interface ExtractCorpusOptions {
  bytecodeCorpusRoot: string;
  bytecodePackageDir?: string;
  outDir?: string;
  corpusIndexJsonl?: string;
  corpusIdsFile?: string;
  corpusSample?: number;
  corpusSeed: number;
  corpusSampleIdsOut?: string;
  maxPackages?: number;
  concurrency: number;
  corpusModuleNamesOnly: boolean;
  corpusLocalBytesCheck: boolean;
  corpusLocalBytesCheckMaxMismatches: number;
  corpusRpcCompare: boolean;
  corpusInterfaceCompare: boolean;
  corpusInterfaceCompareMaxMismatches: number;
  corpusInterfaceCompareIncludeValues: boolean;
  emitSubmissionSummary?: string;
  rpcUrl: string;
  /** What the node must say it serves (`--network` with `--rpc-url`); null: any. */
  network: SuiNetwork | null;
  rpcProtocol: RpcProtocol;
  retries: number;
  retryInitialMs: number;
  retryMaxMs: number;
  progress: boolean;
}

/** Upstream's combinations that corpus mode refuses (spec/rust-contracts.md §2.1). */
function flagProblem(o: ExtractCorpusOptions): string | null {
  if (o.outDir === undefined) return 'corpus mode needs --out-dir';
  if (o.bytecodePackageDir !== undefined)
    return 'use either --bytecode-package-dir or --bytecode-corpus-root';
  if (o.corpusInterfaceCompare && !o.corpusRpcCompare)
    return '--corpus-interface-compare requires --corpus-rpc-compare';
  if (o.corpusModuleNamesOnly && (o.corpusRpcCompare || o.corpusInterfaceCompare))
    return '--corpus-module-names-only cannot be combined with --corpus-rpc-compare or --corpus-interface-compare';
  const selections = [o.corpusIdsFile, o.corpusSample, o.maxPackages].filter((v) => v !== undefined).length;
  if (selections > 1) return 'choose one of --corpus-ids-file, --corpus-sample and --max-packages';
  return null;
}

const absolute = (path: string | undefined) => (path === undefined ? undefined : resolve(path));

function jobOf(o: ExtractCorpusOptions): CorpusJob {
  const optional = <K extends string>(key: K, value: string | number | undefined) =>
    value === undefined ? {} : ({ [key]: value } as Record<K, string | number>);
  return {
    corpusRoot: resolve(o.bytecodeCorpusRoot),
    outDir: resolve(o.outDir as string),
    seed: o.corpusSeed,
    concurrency: o.concurrency,
    moduleNamesOnly: o.corpusModuleNamesOnly,
    bytesCheck: o.corpusLocalBytesCheck,
    bytesCheckMaxMismatches: o.corpusLocalBytesCheckMaxMismatches,
    rpcCompare: o.corpusRpcCompare,
    rpcUrl: o.rpcUrl,
    rpcProtocol: o.rpcProtocol,
    retry: { retries: o.retries, initialMs: o.retryInitialMs, maxMs: o.retryMaxMs },
    interfaceCompare: o.corpusInterfaceCompare,
    interfaceCompareMaxMismatches: o.corpusInterfaceCompareMaxMismatches,
    interfaceCompareIncludeValues: o.corpusInterfaceCompareIncludeValues,
    argv: process.argv.slice(1),
    ...optional('indexJsonl', absolute(o.corpusIndexJsonl)),
    ...optional('idsFile', absolute(o.corpusIdsFile)),
    ...optional('sample', o.corpusSample),
    ...optional('sampleIdsOut', absolute(o.corpusSampleIdsOut)),
    ...optional('maxPackages', o.maxPackages),
    ...optional('submissionSummary', absolute(o.emitSubmissionSummary)),
  };
}

/** The same corpus, output folder and options give the same workflow, so the command joins or resumes it. */
function workflowIdOf(job: CorpusJob): string {
  const { argv: _argv, ...identity } = job;
  const hash = createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 16);
  return `smi/extract-corpus/${hash}`;
}

/** The innermost message of a failed workflow: what went wrong, without Temporal's wrapping. */
function innermost(err: unknown): string {
  let current: unknown = err;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

/** Named here, before a server starts, rather than as a failed workflow. */
function missingInput(job: CorpusJob): string | null {
  if (!statSync(job.corpusRoot, { throwIfNoEntry: false })?.isDirectory())
    return `corpus root not found: ${job.corpusRoot}`;
  if (job.idsFile && !statSync(job.idsFile, { throwIfNoEntry: false })?.isFile())
    return `--corpus-ids-file ${job.idsFile} does not exist`;
  return null;
}

export async function runExtractCorpus(opts: ExtractCorpusOptions, io: CliIO): Promise<number> {
  const problem = flagProblem(opts);
  if (problem) throw new UsageError(problem);
  const job = jobOf(opts);
  const missing = missingInput(job);
  if (missing) throw new UsageError(missing);
  if (opts.corpusRpcCompare)
    await requireChainOver(opts.rpcProtocol, { url: opts.rpcUrl, network: opts.network });
  const workflowId = workflowIdOf(job);
  return withSession({ log: io.log, worker: 'auto' }, async (session) => {
    const handle = await session.client.workflow.start<typeof extractCorpus>('extractCorpus', {
      workflowId,
      taskQueue: TASK_QUEUES.orchestration,
      args: [job],
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
      staticSummary: `corpus report of ${job.corpusRoot}`,
    });
    io.log(`Corpus report ${workflowId}: ${job.corpusRoot} → ${job.outDir}`);
    let result;
    try {
      result = await watchWorkflow<Awaited<ReturnType<typeof extractCorpus>>>(
        handle,
        { showProgress: opts.progress, log: io.log },
        async () => {
          const p = await handle.query(corpusProgressQuery).catch(() => null);
          if (!p) return 'corpus: listing packages …';
          const done = Math.min(p.packages, p.pagesDone * PAGE_SIZE);
          return `corpus: ${done}/${p.packages} packages (${p.pagesDone}/${p.pages} pages)`;
        },
      );
    } catch (err) {
      if (err instanceof WorkflowFailedError) {
        const message = innermost(err);
        if (/^none of the ids/.test(message)) throw new UsageError(message);
        throw new Error(`corpus report failed: ${message}`, { cause: err });
      }
      throw err;
    }
    for (const skip of result.plan.skipped) io.log(`skipped ${skip.dir}: ${skip.reason}`);
    if (result.plan.skippedTotal > result.plan.skipped.length)
      io.log(`… and ${result.plan.skippedTotal - result.plan.skipped.length} more folders skipped`);
    const c = result.counters;
    io.log(
      `corpus done: total=${c.total} local_ok=${c.local_ok} problems=${c.problems} out_dir=${result.outDir}`,
    );
    return 0;
  });
}
