// `smi-bench phase2-manifest` (upstream smi-phase2-manifest): the executable-subset manifest of a corpus.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildPhase2Manifest, type ManifestProgress } from '../manifest/phase2-manifest.js';
import { UsageError } from '../usage-error.js';
import type { CliIO } from './run-common.js';

export interface Phase2ManifestCliOptions {
  corpusRoot: string;
  outIds: string;
  outPlan: string;
  outReport?: string;
  outKeyStructIds?: string;
  maxCallsPerPackage: number;
  limit?: number;
  progress: boolean;
}

/** One progress line at most every few seconds, and the last one: enough for a corpus of 100 000. */
const PROGRESS_EVERY_MS = 2000;

function progressLogger(io: CliIO): (p: ManifestProgress) => void {
  let last = Date.now();
  return (p) => {
    const now = Date.now();
    if (p.done < p.total && now - last < PROGRESS_EVERY_MS) return;
    last = now;
    io.log(
      `phase2-manifest: ${p.done}/${p.total} packages, ${p.selected} selected, ${p.failed} failed interface`,
    );
  };
}

/** The files the command writes, by flag. */
function outputs(opts: Phase2ManifestCliOptions): Record<string, string> {
  const files: Record<string, string | undefined> = {
    '--out-ids': opts.outIds,
    '--out-plan': opts.outPlan,
    '--out-report': opts.outReport,
    '--out-key-struct-ids': opts.outKeyStructIds,
  };
  return Object.fromEntries(Object.entries(files).filter((e): e is [string, string] => e[1] !== undefined));
}

export async function runPhase2Manifest(opts: Phase2ManifestCliOptions, io: CliIO): Promise<number> {
  const root = resolve(opts.corpusRoot);
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw new UsageError(`--corpus-root: no such folder: ${root}`);
  // Checked first: a wrong output path should not be found out after the whole corpus has been read.
  for (const [flag, path] of Object.entries(outputs(opts)))
    if (existsSync(resolve(path)) && statSync(resolve(path)).isDirectory())
      throw new UsageError(`${flag}: ${resolve(path)} is a folder; give a file name`);
  const summary = await buildPhase2Manifest(
    {
      corpusRoot: root,
      outIds: opts.outIds,
      outPlan: opts.outPlan,
      maxCallsPerPackage: opts.maxCallsPerPackage,
      ...(opts.outReport !== undefined ? { outReport: opts.outReport } : {}),
      ...(opts.outKeyStructIds !== undefined ? { outKeyStructIds: opts.outKeyStructIds } : {}),
      ...(opts.limit !== undefined ? { limit: opts.limit } : {}),
    },
    opts.progress ? progressLogger(io) : undefined,
  );
  const [first, ...others] = summary.skippedDirs;
  if (first)
    io.log(
      `skipped ${first.dir} (${first.reason})` +
        (others.length > 0 ? ` and ${others.length} more folders that are not packages` : ': not a package'),
    );
  const s = summary.stats;
  io.out(
    `packages_total=${s.packages_total} packages_selected=${s.packages_selected} ` +
      `packages_failed_interface=${s.packages_failed_interface} packages_no_candidates=${s.packages_no_candidates} ` +
      `candidate_functions_total=${s.candidate_functions_total}`,
  );
  for (const path of Object.values(outputs(opts))) io.log(`wrote ${resolve(path)}`);
  return 0;
}
