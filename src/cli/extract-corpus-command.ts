// `smi-bench extract --bytecode-corpus-root ROOT --out-dir OUT`: the extractor's corpus mode, with its flag
// rules checked before anything is read.
import { resolve } from 'node:path';
import { CorpusInputError, runCorpus } from '../corpus-report/run-corpus.js';
import { RpcModules } from '../corpus-report/rpc-modules.js';
import { UsageError } from './errors.js';
import type { CliIO } from './run-common.js';

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

export async function runExtractCorpus(opts: ExtractCorpusOptions, io: CliIO): Promise<number> {
  const problem = flagProblem(opts);
  if (problem) throw new UsageError(problem);
  const outDir = opts.outDir as string;
  const rpc = opts.corpusRpcCompare
    ? new RpcModules(opts.rpcUrl, {
        retries: opts.retries,
        initialMs: opts.retryInitialMs,
        maxMs: opts.retryMaxMs,
      })
    : null;
  let lastShown = 0;
  const started = Date.now();
  try {
    const result = await runCorpus(
      {
        corpusRoot: opts.bytecodeCorpusRoot,
        outDir,
        seed: opts.corpusSeed,
        concurrency: opts.concurrency,
        rpcUrl: opts.rpcUrl,
        argv: process.argv.slice(1),
        moduleNamesOnly: opts.corpusModuleNamesOnly,
        bytesCheck: opts.corpusLocalBytesCheck,
        bytesCheckMaxMismatches: opts.corpusLocalBytesCheckMaxMismatches,
        rpc,
        interfaceCompare: opts.corpusInterfaceCompare,
        interfaceCompareMaxMismatches: opts.corpusInterfaceCompareMaxMismatches,
        interfaceCompareIncludeValues: opts.corpusInterfaceCompareIncludeValues,
        ...(opts.corpusIndexJsonl !== undefined ? { indexJsonl: opts.corpusIndexJsonl } : {}),
        ...(opts.corpusIdsFile !== undefined ? { idsFile: opts.corpusIdsFile } : {}),
        ...(opts.corpusSample !== undefined ? { sample: opts.corpusSample } : {}),
        ...(opts.corpusSampleIdsOut !== undefined ? { sampleIdsOut: opts.corpusSampleIdsOut } : {}),
        ...(opts.maxPackages !== undefined ? { maxPackages: opts.maxPackages } : {}),
        ...(opts.emitSubmissionSummary !== undefined
          ? { submissionSummary: opts.emitSubmissionSummary }
          : {}),
      },
      io.log,
      (p) => {
        if (!opts.progress || (Date.now() - lastShown < 2000 && p.done < p.total)) return;
        lastShown = Date.now();
        const rate = p.done / Math.max(0.001, (Date.now() - started) / 1000);
        io.log(`corpus: ${p.done}/${p.total} packages, ${p.problems} problems, ${rate.toFixed(0)}/s`);
      },
    );
    for (const skip of result.skipped) io.log(`skipped ${skip.dir}: ${skip.reason}`);
    const c = result.counters;
    io.log(
      `corpus done: total=${c.total} local_ok=${c.local_ok} problems=${c.problems} ` +
        `out_dir=${resolve(outDir)}`,
    );
    return 0;
  } catch (err) {
    if (err instanceof CorpusInputError) throw new UsageError(err.message);
    if (err instanceof Error && /^corpus root (not found|is not a directory)/.test(err.message))
      throw new UsageError(err.message);
    throw err;
  }
}
