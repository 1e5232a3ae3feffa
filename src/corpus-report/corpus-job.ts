// Corpus mode of the extractor (spec/rust-contracts.md §2.1) as three steps a durable workflow runs: plan
// (discovery, index.jsonl, selection), one page of packages at a time, and finish (the report files in
// package order, the summary and the metadata). Each step is idempotent: a step run again after a crash
// rewrites the same files. Work in progress lives in <out>/.corpus-work/ and is removed at the end.
import { createReadStream, createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { discoverPackages, type SkippedDir } from '../package-store/discover.js';
import { mapLimited } from '../corpus/map-limited.js';
import { packageIdKey } from '../core/ids-file.js';
import { FNV_OFFSET_STANDARD, samplePackages } from '../core/sampling.js';
import type { PackageRef } from '../core/types.js';
import { sortKeysDeep } from '../move/index.js';
import { atomicWriteFile } from '../run-store/atomic-write.js';
import { corpusRow } from './package-row.js';
import type { CorpusModeFlags, CorpusRow } from './row.js';
import { nodePackages } from './node-packages.js';
import type { RetrySettings } from './rpc-modules.js';
import { corpusGit } from './run-metadata.js';
import { countRow, emptyCounters, type CorpusCounters } from './summary.js';
import type { RpcProtocol } from '../contracts/simulation.js';

/** Everything a corpus-mode run is, as plain data (a workflow's input). Paths are absolute. */
export interface CorpusJob {
  corpusRoot: string;
  outDir: string;
  indexJsonl?: string;
  idsFile?: string;
  sample?: number;
  seed: number;
  sampleIdsOut?: string;
  maxPackages?: number;
  concurrency: number;
  moduleNamesOnly: boolean;
  bytesCheck: boolean;
  bytesCheckMaxMismatches: number;
  rpcCompare: boolean;
  rpcUrl: string;
  /** Absent (jobs from before gRPC): gRPC. */
  rpcProtocol?: RpcProtocol;
  retry: RetrySettings;
  interfaceCompare: boolean;
  interfaceCompareMaxMismatches: number;
  interfaceCompareIncludeValues: boolean;
  submissionSummary?: string;
  argv: string[];
}

export interface CorpusPlan {
  packages: number;
  pages: number;
  /** Folders that are not packages (no usable metadata.json, duplicates), the first few. */
  skipped: SkippedDir[];
  skippedTotal: number;
}

export interface CorpusOutcome {
  counters: CorpusCounters;
  outDir: string;
}

/** Packages per page: a page is one activity, so this bounds both history size and work redone after a crash. */
export const PAGE_SIZE = 200;
const SKIPPED_SHOWN = 20;
const TOOL_VERSION = '0.1.0';

/** Why no package was selected: an error of the input, not of the machine (not retried). */
export class CorpusInputError extends Error {}

const workDir = (job: CorpusJob) => join(job.outDir, '.corpus-work');
const selectedFile = (job: CorpusJob) => join(workDir(job), 'selected.jsonl');
const pageFile = (job: CorpusJob, page: number) => join(workDir(job), `page-${page}.jsonl`);
const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const flagsOf = (job: CorpusJob): CorpusModeFlags => ({
  bytesCheck: job.bytesCheck,
  rpcCompare: job.rpcCompare,
  interfaceCompare: job.interfaceCompare,
});

function paths(job: CorpusJob) {
  // Key order of corpus_summary.json.
  return {
    report_jsonl: join(job.outDir, 'corpus_report.jsonl'),
    index_jsonl: job.indexJsonl ?? join(job.outDir, 'index.jsonl'),
    problems_jsonl: join(job.outDir, 'problems.jsonl'),
    sample_ids: job.sample !== undefined ? (job.sampleIdsOut ?? join(job.outDir, 'sample_ids.txt')) : null,
    run_metadata_json: join(job.outDir, 'run_metadata.json'),
  };
}

async function selectByIds(packages: PackageRef[], idsFile: string): Promise<PackageRef[]> {
  const wanted = new Set(
    (await readFile(idsFile, 'utf8'))
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'))
      .map(packageIdKey),
  );
  const selected = packages.filter((p) => wanted.has(packageIdKey(p.package_id)));
  if (selected.length === 0) throw new CorpusInputError(`none of the ids of ${idsFile} is in the corpus`);
  return selected;
}

export async function planCorpus(job: CorpusJob): Promise<CorpusPlan> {
  await rm(workDir(job), { recursive: true, force: true });
  await mkdir(workDir(job), { recursive: true });
  const found = await discoverPackages(job.corpusRoot).catch((err: Error) => {
    throw /^corpus root /.test(err.message) ? new CorpusInputError(err.message) : err;
  });
  const out = paths(job);
  await atomicWriteFile(
    out.index_jsonl,
    found.packages.map((p) => line({ package_id: p.package_id, package_dir: p.package_dir })).join(''),
  );
  let selected = found.packages;
  if (job.idsFile) selected = await selectByIds(selected, job.idsFile);
  else if (job.sample !== undefined) {
    selected = samplePackages(selected, job.sample, job.seed, FNV_OFFSET_STANDARD);
    await atomicWriteFile(out.sample_ids!, selected.map((p) => `${p.package_id}\n`).join(''));
  } else if (job.maxPackages !== undefined) selected = selected.slice(0, job.maxPackages);
  await atomicWriteFile(selectedFile(job), selected.map(line).join(''));
  await atomicWriteFile(join(workDir(job), 'started_at'), String(Math.floor(Date.now() / 1000)));
  return {
    packages: selected.length,
    pages: Math.ceil(selected.length / PAGE_SIZE),
    skipped: found.skipped.slice(0, SKIPPED_SHOWN),
    skippedTotal: found.skipped.length,
  };
}

async function* jsonLines<T>(file: string): AsyncGenerator<T> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const text of lines) if (text !== '') yield JSON.parse(text) as T;
}

async function pageRefs(job: CorpusJob, page: number): Promise<PackageRef[]> {
  const refs: PackageRef[] = [];
  let index = 0;
  for await (const ref of jsonLines<PackageRef>(selectedFile(job))) {
    if (index >= page * PAGE_SIZE && index < (page + 1) * PAGE_SIZE) refs.push(ref);
    index++;
  }
  return refs;
}

/**
 * Analyses one page of the selected packages into its own file; returns how many it holds. A page file
 * already there was written whole by this plan (the plan empties the work dir, pages are written
 * atomically): the activity ran but its completion was lost in a crash, so the page is not done again.
 */
export async function analysePage(job: CorpusJob, page: number): Promise<number> {
  if (existsSync(pageFile(job, page))) {
    return (await readFile(pageFile(job, page), 'utf8')).split('\n').filter((l) => l !== '').length;
  }
  const rpc = job.rpcCompare ? nodePackages(job.rpcUrl, job.retry, job.rpcProtocol) : null;
  const refs = await pageRefs(job, page);
  const rows = await mapLimited(refs, job.concurrency, (ref) =>
    corpusRow(ref, {
      moduleNamesOnly: job.moduleNamesOnly,
      bytesCheck: job.bytesCheck,
      bytesCheckMaxMismatches: job.bytesCheckMaxMismatches,
      rpc,
      interfaceCompare: job.interfaceCompare,
      interfaceCompareMaxMismatches: job.interfaceCompareMaxMismatches,
      interfaceCompareIncludeValues: job.interfaceCompareIncludeValues,
    }),
  );
  await atomicWriteFile(pageFile(job, page), rows.map(line).join(''));
  return rows.length;
}

async function write(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

async function close(stream: WriteStream): Promise<void> {
  stream.end();
  await once(stream, 'finish');
}

/** The report files from the pages, in package order, then the summary and the metadata. */
export async function finishCorpus(job: CorpusJob, pages: number): Promise<CorpusOutcome> {
  const out = paths(job);
  const summaryFile = join(job.outDir, 'corpus_summary.json');
  // Finished already (this step ran to its end before a crash): its files are the result.
  if (!existsSync(workDir(job)) && existsSync(summaryFile)) {
    const summary = JSON.parse(await readFile(summaryFile, 'utf8')) as CorpusCounters;
    return { counters: summary, outDir: job.outDir };
  }
  const flags = flagsOf(job);
  const counters = emptyCounters(flags);
  const report = createWriteStream(out.report_jsonl);
  const problems = createWriteStream(out.problems_jsonl);
  for (let page = 0; page < pages; page++) {
    for await (const row of jsonLines<CorpusRow>(pageFile(job, page))) {
      const text = line(row);
      await write(report, text);
      if (countRow(counters, row, flags)) await write(problems, text);
    }
  }
  await Promise.all([close(report), close(problems)]);
  const startedAt = Number(await readFile(join(workDir(job), 'started_at'), 'utf8'));
  const finishedAt = Math.floor(Date.now() / 1000);
  const git = await corpusGit(job.corpusRoot);
  const metadata = {
    started_at_unix_seconds: startedAt,
    finished_at_unix_seconds: finishedAt,
    argv: job.argv,
    rpc_url: job.rpcUrl,
    bytecode_corpus_root: job.corpusRoot,
    sui_packages_git: git,
  };
  await atomicWriteFile(out.run_metadata_json, `${JSON.stringify(metadata, null, 2)}\n`);
  if (job.submissionSummary) {
    const submission = {
      corpus_name: job.corpusRoot.replace(/\/+$/, '').split('/').pop(),
      finished_at_unix_seconds: finishedAt,
      rpc_url: job.rpcUrl,
      started_at_unix_seconds: startedAt,
      stats: counters,
      sui_packages_git: git ? { head: git.head, head_commit_time: git.head_commit_time } : null,
      tool: 'sui-move-interface-extractor',
      tool_version: TOOL_VERSION,
    };
    await atomicWriteFile(job.submissionSummary, `${JSON.stringify(sortKeysDeep(submission), null, 2)}\n`);
  }
  await atomicWriteFile(summaryFile, `${JSON.stringify({ ...counters, ...out }, null, 2)}\n`);
  await rm(workDir(job), { recursive: true, force: true });
  return { counters, outDir: job.outDir };
}
