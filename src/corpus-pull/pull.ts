// `corpus pull`: packages and their dependency closure (every storage id a linkage table names,
// transitively, up to `maxPackages` in all) from a Sui node into a corpus folder. A bounded number of packages
// are read at once; rate limits (429, with the node's Retry-After) and transient failures are waited out and
// tried again. Whatever goes wrong with one package (the node, its answer, the folder it would go to) is
// recorded with its reason and the others go on.
import { join } from 'node:path';
import type { SuiGrpcClient } from '@mysten/sui/grpc';
import { chainStepWithRetries } from '../chain/retry.js';
import { normalizePackageId } from '../core/ids-file.js';
import { packageDirFor } from '../package-store/layout.js';
import { checkAnswer } from './check-answer.js';
import { existingPackage, holdsExactly } from './existing-package.js';
import { fetchPackage, type Step } from './fetch-package.js';
import { installPackage, removeStaging } from '../package-store/write-package.js';
import { moduleFiles, packageFiles } from '../package-store/chain-package.js';

export interface PullOptions {
  client: SuiGrpcClient;
  url: string;
  out: string;
  concurrency: number;
  /** Tries after the first, per request, for transient failures. */
  maxRetries: number;
  /** Packages in all, asked and linked; the closure stops growing there. */
  maxPackages: number;
  /** Overwrite a copy of a package already in `out` whose files differ from the node's answer. */
  replace?: boolean;
  /** Waits between tries without a Retry-After: doubling from this, at most 30 s. */
  backoffMs?: number;
  onProgress?: (progress: PullProgress) => void;
  signal?: AbortSignal;
}

export interface PullProgress {
  /** Written where nothing was. */
  pulled: number;
  /** Already there and whole, not asked for again. */
  skipped: number;
  /** Written over a different copy of the same package (`replace`). */
  replaced: number;
  /** Asked for again and found to have the bytecode already there (with `replace`: every file). */
  unchanged: number;
  /** Every failure, those refused to replace included. */
  failed: number;
  /** Failures because something else, or another copy without `replace`, is where the package would go. */
  refused: number;
  /** Packages known so far (asked for, and found in linkage tables). */
  known: number;
  /** Waits for a rate limit or a transient failure. */
  retries: number;
}

export interface PullSummary extends PullProgress {
  failures: { id: string; reason: string }[];
  /** The closure named more packages than `maxPackages`; those beyond were not pulled. */
  truncated: boolean;
}

/** The longest back-off between tries when the node gives no Retry-After. */
const MAX_WAIT_MS = 30_000;

export async function pullPackages(ids: readonly string[], options: PullOptions): Promise<PullSummary> {
  const state: PullSummary = {
    pulled: 0,
    skipped: 0,
    replaced: 0,
    unchanged: 0,
    failed: 0,
    refused: 0,
    known: 0,
    retries: 0,
    failures: [],
    truncated: false,
  };
  const fail = (id: string, reason: string) => {
    state.failed += 1;
    state.failures.push({ id, reason });
  };
  const seen = new Set<string>();
  const queue: string[] = [];
  /** @param id a full id */
  const enqueue = (id: string) => {
    if (seen.has(id)) return;
    if (seen.size >= options.maxPackages) {
      state.truncated = true;
      return;
    }
    seen.add(id);
    queue.push(id);
    state.known += 1;
  };
  for (const id of ids) {
    const full = normalizePackageId(id);
    if (full) enqueue(full);
    else fail(id, 'not a package id');
  }
  await removeStaging(options.out);
  const report = () => {
    const { failures: _failures, truncated: _truncated, ...progress } = state;
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

  const refuse = (id: string, reason: string) => {
    state.refused += 1;
    fail(id, `refused to replace ${packageDirFor(options.out, id)}: ${reason}`);
  };

  const pullOne = async (id: string) => {
    const existing = existingPackage(options.out, id);
    if (existing.kind === 'foreign') return refuse(id, existing.why);
    if (existing.kind === 'whole' && !options.replace) {
      state.skipped += 1;
      existing.links.forEach(enqueue);
      return;
    }
    const pkg = checkAnswer(id, await fetchPackage(options.client, id, withRetries, options.signal));
    const files = packageFiles(pkg);
    const dir = packageDirFor(options.out, id);
    if (existing.kind === 'absent') {
      await installPackage(options.out, id, files);
      state.pulled += 1;
    } else if (
      holdsExactly(dir, files) ||
      // A copy from elsewhere (no bcs.json, other metadata) with the node's very bytecode is this package.
      (!options.replace && holdsExactly(join(dir, 'bytecode_modules'), moduleFiles(pkg)))
    )
      state.unchanged += 1;
    else if (!options.replace)
      return refuse(
        id,
        'it holds other bytecode for this package than the node serves (--replace overwrites it)',
      );
    else {
      await installPackage(options.out, id, files);
      state.replaced += 1;
    }
    pkg.linkage.forEach((l) => enqueue(l.upgradedId));
  };

  // Workers take from the queue until it is empty and no package in flight can add to it.
  let inFlight = 0;
  await new Promise<void>((resolve, reject) => {
    const pump = () => {
      while (inFlight < options.concurrency && queue.length > 0) {
        const id = queue.shift()!;
        inFlight += 1;
        pullOne(id)
          .catch((error: unknown) => {
            if (options.signal?.aborted) throw error;
            fail(id, error instanceof Error ? error.message : String(error));
          })
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
