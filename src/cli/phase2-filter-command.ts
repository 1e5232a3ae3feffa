// `smi-bench phase2-filter-manifest` (upstream smi-phase2-filter-manifest) and `phase2-filter-hit-rate`
// (upstream scripts/filter_packages_by_hit_rate.py, plus the top-N dataset builder): package ids picked from
// the rows of a Phase II result, given as a result file, a run directory or a finished run's id.
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { BENCHMARKS } from '../benchmarks/registry.js';
import { resultScoreField } from '../benchmarks/display.js';
import { isRecord } from '../core/phase2/json-copy.js';
import { idsText } from '../manifest/ids-text.js';
import {
  idsWithMinHits,
  idsWithMinTargets,
  topDatasetHeader,
  topIdsByHitRate,
} from '../manifest/result-filters.js';
import { atomicWriteFile } from '../run-store/atomic-write.js';
import { UsageError } from '../usage-error.js';
import type { CliIO } from './run-common.js';
import { readFinishedRun } from '../run-queries/run-lookup.js';

/** The result file an argument names: the file itself, `<run dir>/result.json`, or a finished run's. */
async function resultPathOf(arg: string, logDir: string): Promise<string> {
  const path = resolve(arg);
  if (existsSync(path)) {
    if (!statSync(path).isDirectory()) return path;
    const result = join(path, 'result.json');
    if (!existsSync(result))
      throw new UsageError(`${path} has no result.json: not a finished run's directory`);
    return result;
  }
  const finished = await readFinishedRun(logDir, arg).catch(() => null);
  if (finished) return finished.resultPath;
  throw new UsageError(
    `${arg}: no results file, run directory or finished run of that name (in ${resolve(logDir)})`,
  );
}

/**
 * The benchmark a result's aggregate says it comes from when that is not Phase II, else null: told by the
 * field each benchmark keeps its score in (the first of its display's aggregate), not by schema_version, since
 * upstream's own Phase II example file says schema_version 1.
 */
function otherBenchmark(aggregate: unknown): string | null {
  if (!isRecord(aggregate) || resultScoreField(BENCHMARKS.phase2.display) in aggregate) return null;
  const other = Object.values(BENCHMARKS).find((b) => resultScoreField(b.display) in aggregate);
  return other?.title ?? null;
}

/** The rows of a Phase II result; anything else is refused with one line. */
async function readPhase2Rows(arg: string, logDir: string): Promise<unknown[]> {
  const path = await resultPathOf(arg, logDir);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code ?? 'not JSON';
    throw new UsageError(`Could not read results from ${path} (${why})`);
  }
  if (!isRecord(json) || !Array.isArray(json['packages']))
    throw new UsageError(`invalid out json: missing packages[] in ${path}`);
  const other = otherBenchmark(json['aggregate']);
  if (other !== null)
    throw new UsageError(
      `${path} is a ${other} result, not a Phase II one: this command reads Phase II results`,
    );
  return json['packages'];
}

export interface FilterManifestCliOptions {
  minTargets: number;
  outManifest: string;
  logDir: string;
}

export async function runFilterManifest(
  result: string,
  opts: FilterManifestCliOptions,
  io: CliIO,
): Promise<number> {
  const rows = await readPhase2Rows(result, opts.logDir);
  const ids = idsWithMinTargets(rows, opts.minTargets);
  await atomicWriteFile(resolve(opts.outManifest), idsText(ids));
  io.log(`packages_kept=${ids.length}`);
  io.log(`wrote ${resolve(opts.outManifest)}`);
  return 0;
}

export interface FilterHitRateCliOptions {
  minHits: number;
  top?: number;
  out?: string;
  logDir: string;
}

export async function runFilterHitRate(
  result: string,
  opts: FilterHitRateCliOptions,
  io: CliIO,
): Promise<number> {
  const rows = await readPhase2Rows(result, opts.logDir);
  let text: string;
  if (opts.top === undefined) text = idsText(idsWithMinHits(rows, opts.minHits));
  else {
    const ids = topIdsByHitRate(rows, opts.top, opts.minHits);
    text = topDatasetHeader(ids.length, basename(resolve(result)), new Date()) + idsText(ids);
  }
  if (opts.out === undefined) process.stdout.write(text);
  else {
    await atomicWriteFile(resolve(opts.out), text);
    io.log(`wrote ${resolve(opts.out)}`);
  }
  return 0;
}
