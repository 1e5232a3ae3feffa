// `corpus pull`: packages and their whole dependency closure (every storage id a linkage table names,
// transitively) from a Sui node into a corpus folder. A bounded number of packages are read at once; rate
// limits (429, with the node's Retry-After) and transient failures are waited out and tried again; a
// package that cannot be had is recorded with its reason and the others go on.
import type { SuiGrpcClient } from '@mysten/sui/grpc';
import { chainStepWithRetries } from '../chain/retry.js';
import { fetchPackage, type Step } from './fetch-package.js';
import { completePackageLinks, removeStaging, writePackage } from './layout.js';

export interface PullOptions {
  client: SuiGrpcClient;
  url: string;
  out: string;
  concurrency: number;
  /** Tries after the first, per request, for transient failures. */
  maxRetries: number;
  /** Waits between tries without a Retry-After: doubling from this, at most 30 s. */
  backoffMs?: number;
  onProgress?: (progress: PullProgress) => void;
  signal?: AbortSignal;
}

export interface PullProgress {
  pulled: number;
  skipped: number;
  failed: number;
  /** Packages known so far (asked for, and found in linkage tables). */
  known: number;
  /** Waits for a rate limit or a transient failure. */
  retries: number;
}

export interface PullSummary extends PullProgress {
  failures: { id: string; reason: string }[];
}

/** The longest back-off between tries when the node gives no Retry-After. */
const MAX_WAIT_MS = 30_000;

export async function pullPackages(ids: readonly string[], options: PullOptions): Promise<PullSummary> {
  const state: PullSummary = { pulled: 0, skipped: 0, failed: 0, known: 0, retries: 0, failures: [] };
  const seen = new Set<string>();
  const queue: string[] = [];
  const enqueue = (id: string) => {
    const key = id.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    queue.push(key);
    state.known += 1;
  };
  ids.forEach(enqueue);
  await removeStaging(options.out);
  const report = () => {
    const { failures: _failures, ...progress } = state;
    options.onProgress?.(progress);
  };

  const withRetries: Step = (what, call) =>
    chainStepWithRetries(options.url, what, call, {
      retries: options.maxRetries,
      initialMs: options.backoffMs ?? 500,
      maxMs: MAX_WAIT_MS,
      signal: options.signal,
      onRetry: () => {
        state.retries += 1;
        report();
      },
    });

  const pullOne = async (id: string) => {
    const links = completePackageLinks(options.out, id);
    if (links) {
      state.skipped += 1;
      links.forEach(enqueue);
      return;
    }
    try {
      const pkg = await fetchPackage(options.client, id, withRetries, options.signal);
      await writePackage(options.out, pkg);
      state.pulled += 1;
      pkg.linkage.forEach((l) => enqueue(l.upgradedId));
    } catch (error) {
      if (options.signal?.aborted) throw error;
      state.failed += 1;
      state.failures.push({ id, reason: error instanceof Error ? error.message : String(error) });
    }
  };

  // Workers take from the queue until it is empty and no package in flight can add to it.
  let inFlight = 0;
  await new Promise<void>((resolve, reject) => {
    const pump = () => {
      while (inFlight < options.concurrency && queue.length > 0) {
        const id = queue.shift()!;
        inFlight += 1;
        pullOne(id)
          .then(() => {
            inFlight -= 1;
            report();
            pump();
          })
          .catch(reject);
      }
      if (inFlight === 0 && queue.length === 0) resolve();
    };
    pump();
  });
  return state;
}
