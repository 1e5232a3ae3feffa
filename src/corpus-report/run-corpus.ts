// Corpus mode of the extractor (spec/rust-contracts.md §2.1): every package of a sui-packages corpus
// analysed, written as index.jsonl, corpus_report.jsonl, problems.jsonl, corpus_summary.json and
// run_metadata.json. Rows are written a window at a time, so memory does not grow with the corpus.
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { discoverPackages, type SkippedDir } from '../corpus/discover.js';
import { mapLimited } from '../corpus/map-limited.js';
import { FNV_OFFSET_STANDARD, samplePackages } from '../core/sampling.js';
import type { PackageRef } from '../core/types.js';
import { sortKeysDeep } from '../move/index.js';
import { atomicWriteFile } from '../run-store/atomic-write.js';
import { corpusRow, type PackageRowOptions } from './package-row.js';
import type { CorpusModeFlags } from './row.js';
import { corpusGit } from './run-metadata.js';
import { countRow, emptyCounters, type CorpusCounters } from './summary.js';

export interface CorpusRunOptions extends PackageRowOptions {
  corpusRoot: string;
  outDir: string;
  indexJsonl?: string;
  idsFile?: string;
  sample?: number;
  seed: number;
  sampleIdsOut?: string;
  maxPackages?: number;
  concurrency: number;
  submissionSummary?: string;
  rpcUrl: string;
  argv: string[];
}

export interface CorpusProgress {
  done: number;
  total: number;
  problems: number;
}

export class CorpusInputError extends Error {}

/** Packages between two writes: enough to keep `concurrency` busy, few rows in memory. */
const WINDOW = 256;
const TOOL_VERSION = '0.1.0';

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

async function write(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

async function close(stream: WriteStream): Promise<void> {
  stream.end();
  await once(stream, 'finish');
}

/** The ids file's ids (stripped; blank and `#` lines skipped), matched exactly as strings. */
async function selectByIds(
  packages: PackageRef[],
  idsFile: string,
  log: (l: string) => void,
): Promise<PackageRef[]> {
  const wanted = new Set(
    (await readFile(idsFile, 'utf8'))
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#')),
  );
  const selected = packages.filter((p) => wanted.has(p.package_id));
  log(`corpus ids: ${selected.length} selected, ${wanted.size - selected.length} not in the corpus`);
  if (selected.length === 0) throw new CorpusInputError(`none of the ids of ${idsFile} is in the corpus`);
  return selected;
}

export interface CorpusRunResult {
  counters: CorpusCounters;
  skipped: SkippedDir[];
  paths: Record<'report_jsonl' | 'index_jsonl' | 'problems_jsonl' | 'run_metadata_json', string> & {
    sample_ids: string | null;
  };
}

export async function runCorpus(
  opts: CorpusRunOptions,
  log: (line: string) => void,
  onProgress: (p: CorpusProgress) => void = () => undefined,
): Promise<CorpusRunResult> {
  const startedAt = Math.floor(Date.now() / 1000);
  await mkdir(opts.outDir, { recursive: true });
  const found = await discoverPackages(opts.corpusRoot);
  // Key order of corpus_summary.json.
  const paths = {
    report_jsonl: join(opts.outDir, 'corpus_report.jsonl'),
    index_jsonl: opts.indexJsonl ?? join(opts.outDir, 'index.jsonl'),
    problems_jsonl: join(opts.outDir, 'problems.jsonl'),
    sample_ids: null as string | null,
    run_metadata_json: join(opts.outDir, 'run_metadata.json'),
  };
  await atomicWriteFile(
    paths.index_jsonl,
    found.packages.map((p) => line({ package_id: p.package_id, package_dir: p.package_dir })).join(''),
  );
  let selected = found.packages;
  if (opts.idsFile) selected = await selectByIds(selected, opts.idsFile, log);
  else if (opts.sample !== undefined) {
    selected = samplePackages(selected, opts.sample, opts.seed, FNV_OFFSET_STANDARD);
    paths.sample_ids = opts.sampleIdsOut ?? join(opts.outDir, 'sample_ids.txt');
    await atomicWriteFile(paths.sample_ids, selected.map((p) => `${p.package_id}\n`).join(''));
  } else if (opts.maxPackages !== undefined) selected = selected.slice(0, opts.maxPackages);

  const flags: CorpusModeFlags = {
    bytesCheck: opts.bytesCheck,
    rpcCompare: opts.rpc !== null,
    interfaceCompare: opts.interfaceCompare,
  };
  const counters = emptyCounters(flags);
  const report = createWriteStream(paths.report_jsonl);
  const problems = createWriteStream(paths.problems_jsonl);
  for (let start = 0; start < selected.length; start += WINDOW) {
    const window = selected.slice(start, start + WINDOW);
    const rows = await mapLimited(window, opts.concurrency, (ref) => corpusRow(ref, opts));
    for (const row of rows) {
      const text = line(row);
      await write(report, text);
      if (countRow(counters, row, flags)) await write(problems, text);
    }
    onProgress({ done: counters.total, total: selected.length, problems: counters.problems });
  }
  await Promise.all([close(report), close(problems)]);

  const finishedAt = Math.floor(Date.now() / 1000);
  const git = await corpusGit(opts.corpusRoot);
  await atomicWriteFile(
    paths.run_metadata_json,
    `${JSON.stringify(
      {
        started_at_unix_seconds: startedAt,
        finished_at_unix_seconds: finishedAt,
        argv: opts.argv,
        rpc_url: opts.rpcUrl,
        bytecode_corpus_root: opts.corpusRoot,
        sui_packages_git: git,
      },
      null,
      2,
    )}\n`,
  );
  await atomicWriteFile(
    join(opts.outDir, 'corpus_summary.json'),
    `${JSON.stringify({ ...counters, ...paths }, null, 2)}\n`,
  );
  if (opts.submissionSummary) {
    const submission = {
      corpus_name: opts.corpusRoot.replace(/\/+$/, '').split('/').pop(),
      finished_at_unix_seconds: finishedAt,
      rpc_url: opts.rpcUrl,
      started_at_unix_seconds: startedAt,
      stats: counters,
      sui_packages_git: git ? { head: git.head, head_commit_time: git.head_commit_time } : null,
      tool: 'sui-move-interface-extractor',
      tool_version: TOOL_VERSION,
    };
    await atomicWriteFile(opts.submissionSummary, `${JSON.stringify(sortKeysDeep(submission), null, 2)}\n`);
  }
  return { counters, skipped: found.skipped, paths };
}
