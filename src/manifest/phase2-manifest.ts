// `smi-bench phase2-manifest` (upstream smi-phase2-manifest, spec/harness.md §24.2): extract every package
// of a corpus in this process, keep those with a baseline candidate, and write their ids, a plan file that
// `--agent mock-planfile` reads, and the viability report. Run-all and targeted runs call it too.
import { basename, relative, resolve } from 'node:path';
import { discoverPackages, type SkippedDir } from '../package-store/discover.js';
import { layoutIdOf } from '../package-store/layout.js';
import { mapLimited } from '../corpus/map-limited.js';
import { compareCodePoints } from '../core/py-string.js';
import { pyDumps } from '../core/pyjson.js';
import { extractPackageInterface } from '../move/index.js';
import { describeThrown } from '../move/errors.js';
import { atomicWriteFile } from '../run-store/atomic-write.js';
import { idsText } from './ids-text.js';
import { ManifestTally, type ManifestPlan, type ManifestStats } from './manifest-tally.js';

export interface Phase2ManifestOptions {
  corpusRoot: string;
  outIds: string;
  outPlan: string;
  /** The viability report (schema_version 1); not written when absent. */
  outReport?: string;
  /** Candidate call sequences kept per package (default 1; 0 or less: all). */
  maxCallsPerPackage?: number;
  /** Only the first N packages by id (0 or absent: all). */
  limit?: number;
  /** Also write the ids of the packages (of those taken) that have at least one `key` struct. */
  outKeyStructIds?: string;
  /** Stops between packages (an activity's cancellation): rejects with its reason, writes no file. */
  signal?: AbortSignal;
}

export interface ManifestProgress {
  done: number;
  total: number;
  packageId: string;
  selected: number;
  failed: number;
}

export interface Phase2ManifestSummary {
  stats: ManifestStats;
  /** Packages with at least one `key` struct (counted whether or not they were selected). */
  packagesWithKeyStructs: number;
  /** Directories of the corpus that are not packages (no bytecode_modules/, duplicates, blacklisted). */
  skippedDirs: SkippedDir[];
}

interface Entry {
  packageId: string;
  packageDir: string;
  /** Set when discovery already found the package broken (its metadata.json). */
  brokenReason?: string;
}

/** The reasons discovery gives for a package folder whose metadata.json is missing or unusable. */
const METADATA_PROBLEM = /^(missing |unreadable |invalid JSON in )?metadata\.json\b/;

/** Packages extracted at the same time: enough to overlap file reads, few interfaces in memory. */
const WINDOW = 8;

/**
 * The id a broken package directory stands for in the sui-packages layout (`0xab/<62 hex digits>`), else
 * its path under the root, so the report still names it.
 */
function idFromLayout(root: string, dir: string): string {
  return layoutIdOf(dir) ?? relative(root, dir);
}

/**
 * Packages in id order. A directory whose metadata.json is missing or unreadable is a broken package (upstream
 * skipped it silently); other skipped directories are not packages and are returned apart.
 */
async function corpusEntries(corpusRoot: string): Promise<{ entries: Entry[]; skipped: SkippedDir[] }> {
  const root = resolve(corpusRoot);
  const found = await discoverPackages(root);
  const entries: Entry[] = found.packages.map((p) => ({
    packageId: p.package_id,
    packageDir: p.package_dir,
  }));
  const skipped: SkippedDir[] = [];
  for (const s of found.skipped) {
    if (METADATA_PROBLEM.test(s.reason))
      entries.push({ packageId: idFromLayout(root, s.dir), packageDir: s.dir, brokenReason: s.reason });
    else skipped.push(s);
  }
  entries.sort((a, b) => compareCodePoints(a.packageId, b.packageId));
  return { entries, skipped };
}

type Extracted = { iface: unknown } | { error: string };

async function extract(entry: Entry): Promise<Extracted> {
  if (entry.brokenReason !== undefined) return { error: entry.brokenReason };
  try {
    return { iface: await extractPackageInterface(entry.packageDir) };
  } catch (err) {
    return { error: describeThrown(err) };
  }
}

/**
 * Reads the corpus package by package (in id order, `limit` first), then writes the ids, the plan file and,
 * when asked, the report and the key-struct ids, each atomically. `onProgress` is called after every
 * package. A package that cannot be read is counted, never thrown; a missing corpus root is thrown.
 */
export async function buildPhase2Manifest(
  options: Phase2ManifestOptions,
  onProgress?: (progress: ManifestProgress) => void,
): Promise<Phase2ManifestSummary> {
  const startedAt = Math.floor(Date.now() / 1000);
  const maxCalls = options.maxCallsPerPackage ?? 1;
  const { entries: all, skipped } = await corpusEntries(options.corpusRoot);
  const limit = options.limit ?? 0;
  const entries = limit > 0 ? all.slice(0, limit) : all;

  const tally = new ManifestTally(maxCalls);
  const selectedIds: string[] = [];
  const plans: Record<string, ManifestPlan> = {};
  const keyStructIds: string[] = [];
  for (let start = 0; start < entries.length; start += WINDOW) {
    options.signal?.throwIfAborted();
    const window = entries.slice(start, start + WINDOW);
    const extracted = await mapLimited(window, WINDOW, extract);
    window.forEach((entry, i) => {
      const result = extracted[i]!;
      const outcome =
        'error' in result
          ? tally.addFailure(entry.packageId, result.error)
          : tally.addInterface(entry.packageId, result.iface);
      if (outcome.plan) {
        selectedIds.push(entry.packageId);
        plans[entry.packageId] = outcome.plan;
      }
      if (outcome.keyTargets > 0) keyStructIds.push(entry.packageId);
      onProgress?.({
        done: start + i + 1,
        total: entries.length,
        packageId: entry.packageId,
        selected: tally.stats.packages_selected,
        failed: tally.stats.packages_failed_interface,
      });
    });
  }

  options.signal?.throwIfAborted();
  await atomicWriteFile(resolve(options.outIds), idsText(selectedIds));
  await atomicWriteFile(resolve(options.outPlan), pyDumps(plans, { indent: 2, sortKeys: true }));
  if (options.outKeyStructIds !== undefined)
    await atomicWriteFile(resolve(options.outKeyStructIds), idsText(keyStructIds));
  if (options.outReport !== undefined) {
    const report = {
      schema_version: 1,
      started_at_unix_seconds: startedAt,
      finished_at_unix_seconds: Math.floor(Date.now() / 1000),
      corpus_root_name: basename(resolve(options.corpusRoot)),
      max_calls_per_package: maxCalls,
      stats: tally.stats,
      samples: tally.samples,
      rejected_samples: tally.rejectedSamples,
    };
    await atomicWriteFile(resolve(options.outReport), pyDumps(report, { indent: 2, sortKeys: true }));
  }
  return {
    stats: tally.stats,
    packagesWithKeyStructs: keyStructIds.length,
    skippedDirs: skipped,
  };
}
