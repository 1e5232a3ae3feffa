// `smi-bench corpus pull`: a dataset's packages (or an ids file's, or single ids) and everything they link
// to, from a Sui node over gRPC into a corpus folder any command can use.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chainEndpoint } from '../chain/networks.js';
import { createChainClient } from '../chain/grpc-client.js';
import { normalizePackageId } from '../core/ids-file.js';
import { resolveDataset } from '../corpus/ids-file.js';
import { plural } from '../core/plural.js';
import { pullPackages, type PullProgress } from '../corpus-pull/pull.js';
import { UsageError } from '../usage-error.js';
import { ProgressPrinter } from '../run-queries/progress.js';
import { requireChain } from './require-chain.js';
import { checkIdsFile, datasetSearchDirs } from '../benchmarks/run-input.js';
import type { CliIO } from './run-common.js';
import { processConfig } from '../config/process-config.js';

export interface CorpusPullOptions {
  dataset?: string;
  packageIdsFile?: string;
  packageId?: string[];
  out: string;
  network?: string;
  rpcUrl?: string;
  concurrency: number;
  maxRetries: number;
  maxPackages: number;
  replace: boolean;
  timeoutSeconds: number;
  progress: boolean;
}

async function requestedIds(opts: CorpusPullOptions): Promise<string[]> {
  const given = [opts.dataset, opts.packageIdsFile, opts.packageId?.length ? opts.packageId : undefined];
  if (given.filter((g) => g !== undefined).length !== 1)
    throw new UsageError('say what to pull with one of --dataset, --package-ids-file or --package-id');
  const raw = opts.packageId?.length
    ? opts.packageId
    : checkIdsFile(
        opts.packageIdsFile
          ? resolve(opts.packageIdsFile)
          : await resolveDataset(opts.dataset!, datasetSearchDirs(processConfig().SMI_DATASETS_DIR)).catch(
              (err: unknown) => {
                throw new UsageError((err as Error).message);
              },
            ),
      );
  return raw.map((id) => {
    const normalized = normalizePackageId(id);
    if (!normalized) throw new UsageError(`not a package id: ${JSON.stringify(id)}`);
    return normalized;
  });
}

function progressLine(p: PullProgress): string {
  const done = p.pulled + p.skipped + p.replaced + p.unchanged + p.failed;
  return (
    `corpus pull: ${done}/${p.known} packages (${p.pulled} pulled, ${p.skipped} already there, ` +
    `${p.replaced} replaced, ${p.unchanged} unchanged, ${p.failed} failed)` +
    (p.retries > 0 ? `, ${plural(p.retries, 'retry', 'retries')}` : '')
  );
}

export async function runCorpusPull(opts: CorpusPullOptions, io: CliIO): Promise<number> {
  const ids = await requestedIds(opts);
  if (ids.length > opts.maxPackages)
    throw new UsageError(
      `${plural(ids.length, 'package')} asked for, more than --max-packages ${opts.maxPackages} lets a pull hold`,
    );
  let endpoint;
  try {
    endpoint = chainEndpoint(opts, processConfig().SMI_DEFAULT_RPC_URL);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const out = resolve(opts.out);
  const client = createChainClient(endpoint.url, { timeoutMs: opts.timeoutSeconds * 1000 });
  // The node must answer, and serve the network asked for, before anything is written.
  const info = await requireChain(endpoint, client);
  mkdirSync(out, { recursive: true });
  io.log(
    `corpus pull: ${plural(ids.length, 'package')} and their dependencies from ${endpoint.url} (${info.chain ?? 'chain ?'}) into ${out}`,
  );
  const printer = opts.progress ? new ProgressPrinter(process.stderr) : null;
  const started = Date.now();
  const summary = await pullPackages(ids, {
    client,
    url: endpoint.url,
    out,
    concurrency: opts.concurrency,
    maxRetries: opts.maxRetries,
    maxPackages: opts.maxPackages,
    replace: opts.replace,
    onProgress: (p) => printer?.update(progressLine(p)),
  });
  printer?.finish();
  io.out(
    `corpus pull: ${plural(summary.pulled, 'package')} pulled, ${summary.skipped} already there and whole, ` +
      `${summary.failed} failed, in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      (summary.retries > 0
        ? ` (${plural(summary.retries, 'retry', 'retries')} after rate limits or dropped connections)`
        : ''),
  );
  if (opts.replace || summary.refused > 0)
    io.out(
      `corpus pull: ${summary.replaced} replaced, ${summary.unchanged} kept unchanged, ` +
        `${summary.refused} refused to replace`,
    );
  for (const failure of summary.failures) io.out(`  failed ${failure.id}: ${failure.reason}`);
  if (summary.truncated)
    io.out(
      `corpus pull: stopped at --max-packages ${opts.maxPackages}: the packages linked beyond it were not ` +
        'pulled (raise --max-packages to pull them)',
    );
  if (summary.failed > 0)
    io.out('Run the same command again to retry the failed packages; whole ones are kept.');
  return summary.failed > 0 || summary.truncated ? 1 : 0;
}
