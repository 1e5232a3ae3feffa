// Corpus mode (`smi-bench extract --bytecode-corpus-root`) over a large synthetic corpus, as a user runs it:
// the CLI with its embedded Temporal server and worker, every package analysed in pages. Baseline, in the
// same run on the same corpus: in-process extraction of every package in a loop, the least work per
// package. Reports packages/s, the ratio of the two, and the CLI's peak memory (which must not grow
// with the corpus: pages are streamed).
//
//   node dist/perf/extract-corpus.js [--corpus DIR] [--packages 10000] [--keep-temp]
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/temporal/ports.js';
import { runScript, trackChild } from './support/cleanup.js';
import { memoryOf } from './support/memory.js';
import { parseOptions } from './support/options.js';
import { childEnv, describeFailure, runTimed } from './support/processes.js';
import { assertBuilt, CLI_PATH, resolveCorpus } from './support/project.js';
import { fmt, fmtRatio, log, printTable, startRecord, writeRecord } from './support/report.js';
import { buildSyntheticCorpus, sourcePackages } from './support/synthetic-corpus.js';
import { makeWorkDir } from './support/workdir.js';

const USAGE = `usage: node dist/perf/extract-corpus.js [--corpus DIR] [--packages N] [--keep-temp]
  --packages  synthetic packages (default 10000)`;

/** The CLI holds a page or two of rows, never the corpus: its peak memory stays under this. */
const RSS_LIMIT_BYTES = 1024 ** 3;
const EXTRACT_CHILD = join(fileURLToPath(new URL('.', import.meta.url)), 'support', 'manifest-child.js');

interface CorpusPass {
  ms: number;
  peakBytes: number;
  rows: number;
}

/** Runs the CLI and samples its memory every half second (the embedded worker runs in this process). */
async function runCorpusMode(root: string, out: string, home: string): Promise<CorpusPass> {
  const env = childEnv({
    SMI_HOME: home,
    SMI_TEMPORAL_PORT: String(await freePort()),
    SMI_TEMPORAL_UI_PORT: String(await freePort()),
  });
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [CLI_PATH, 'extract', '--bytecode-corpus-root', root, '--out-dir', out, '--no-progress'],
    { env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  trackChild(child);
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(child.pid!)?.peak ?? 0);
  }, 500);
  const code = await new Promise<number | null>((done) => child.once('close', done));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`extract --bytecode-corpus-root exited ${code}:\n${stderr.slice(-2000)}`);
  const rows = readFileSync(join(out, 'corpus_report.jsonl'), 'utf8').split('\n').filter(Boolean).length;
  return { ms: performance.now() - started, peakBytes: peak, rows };
}

async function main(): Promise<number> {
  const opts = parseOptions(process.argv.slice(2), USAGE, { packages: 10_000 });
  assertBuilt();
  const corpus = resolveCorpus(opts.corpus);
  const record = startRecord('extract-corpus', { ...opts, corpus });
  const work = makeWorkDir('extract-corpus', opts.keepTemp);
  const built = await buildSyntheticCorpus(await sourcePackages(corpus), join(work, 'synth'), opts.packages);
  log(`corpus: ${opts.packages} packages (${fmt(built.buildMs / 1000)} s to write)`);

  const loop = await runTimed(process.execPath, [EXTRACT_CHILD, 'extract', built.root], {
    timeoutMs: 60 * 60_000,
  });
  if (loop.code !== 0) throw new Error(describeFailure('in-process extraction', loop));
  const baseline = JSON.parse(loop.stdout.toString('utf8')) as {
    ms: number;
    packages: number;
    max_rss_kb: number;
  };
  log(`in-process extraction: ${fmt(baseline.ms / 1000)} s`);
  const corpusMode = await runCorpusMode(built.root, join(work, 'out'), join(work, 'home'));
  log(`corpus mode: ${fmt(corpusMode.ms / 1000)} s, ${corpusMode.rows} rows`);

  const rate = (packages: number, ms: number) => packages / (ms / 1000);
  printTable(
    'corpus mode against in-process extraction',
    ['pass', 'packages', 'packages/s', 'peak RSS MB'],
    [
      [
        'in-process extraction loop',
        baseline.packages,
        rate(baseline.packages, baseline.ms),
        baseline.max_rss_kb / 1024,
      ],
      [
        'extract --bytecode-corpus-root',
        corpusMode.rows,
        rate(corpusMode.rows, corpusMode.ms),
        corpusMode.peakBytes / 1024 ** 2,
      ],
    ],
  );
  const ratio = corpusMode.ms / baseline.ms;
  const pass = corpusMode.rows === opts.packages && corpusMode.peakBytes < RSS_LIMIT_BYTES;
  process.stdout.write(
    `\ncorpus mode takes ${fmtRatio(ratio)} the time of the bare extraction loop; ` +
      `peak memory ${fmt(corpusMode.peakBytes / 1024 ** 2)} MB (limit ${RSS_LIMIT_BYTES / 1024 ** 2} MB: ${pass ? 'PASS' : 'FAIL'})\n`,
  );
  writeRecord(
    record,
    { baseline, corpusMode, ratio },
    {
      lines: [
        `${opts.packages} packages: ${fmt(rate(corpusMode.rows, corpusMode.ms))}/s, ${fmtRatio(ratio)} the extraction loop's time`,
        `peak memory ${fmt(corpusMode.peakBytes / 1024 ** 2)} MB`,
      ],
      pass,
    },
  );
  return pass ? 0 : 1;
}

await runScript(main);
