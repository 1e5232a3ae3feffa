// phase2-manifest at two corpus sizes: time per package and peak memory should not grow with the corpus
// (the manifest keeps counts and plans, never every interface). The baseline, measured in the same run on
// the same corpora, is plain extraction of every package in a loop: the least work per package.
//
//   node dist/perf/manifest-scale.js [--corpus DIR] [--small 250] [--factor 4] [--rounds 3]
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runScript } from './support/cleanup.js';
import { parseOptions } from './support/options.js';
import { assertBuilt, resolveCorpus } from './support/project.js';
import { describeFailure, runTimed } from './support/processes.js';
import { fmt, fmtRatio, log, median, printTable, startRecord, writeRecord } from './support/report.js';
import { buildSyntheticCorpus, sourcePackages } from './support/synthetic-corpus.js';
import { makeWorkDir } from './support/workdir.js';

const USAGE = `usage: node dist/perf/manifest-scale.js [--corpus DIR] [--small N] [--factor F] [--rounds N]
  --small    packages of the small synthetic corpus (default 250)
  --factor   the large corpus has this many times more (default 4)
  --rounds   interleaved rounds; each measures both designs on both corpora (default 3)`;

/** Peak memory of the large corpus over the small one's: above this, memory grows with the corpus. */
const MAX_RSS_GROWTH = 1.5;

interface Pass {
  ms: number;
  packages: number;
  max_rss_kb: number;
}

const CHILD = join(fileURLToPath(new URL('.', import.meta.url)), 'support', 'manifest-child.js');

async function measure(args: string[]): Promise<Pass> {
  const run = await runTimed(process.execPath, [CHILD, ...args], { timeoutMs: 30 * 60_000 });
  if (run.code !== 0) throw new Error(describeFailure(`manifest-child ${args[0]}`, run));
  return JSON.parse(run.stdout.toString('utf8')) as Pass;
}

async function main(): Promise<number> {
  const opts = parseOptions(process.argv.slice(2), USAGE, { small: 250, factor: 4, rounds: 3 });
  assertBuilt();
  const corpus = resolveCorpus(opts.corpus);
  const record = startRecord('manifest-scale', { ...opts, corpus });
  const work = makeWorkDir('manifest-scale', opts.keepTemp);
  const sources = await sourcePackages(corpus);
  const sizes = { small: opts.small, large: opts.small * opts.factor };
  const roots: Record<string, string> = {};
  for (const [name, count] of Object.entries(sizes)) {
    const built = await buildSyntheticCorpus(sources, join(work, name), count);
    roots[name] = built.root;
    log(`${name} corpus: ${count} packages (${fmt(built.buildMs / 1000)} s to write)`);
  }

  const passes: Record<string, Pass[]> = {};
  for (let round = 0; round < opts.rounds; round++) {
    log(`round ${round + 1}/${opts.rounds}`);
    for (const name of Object.keys(sizes))
      for (const mode of ['manifest', 'extract']) {
        const pass = await measure([mode, roots[name]!, join(work, `${name}-out`)]);
        (passes[`${mode}/${name}`] ??= []).push(pass);
      }
  }

  const msPerPackage = (key: string) => median(passes[key]!.map((p) => p.ms / p.packages));
  const rssMb = (key: string) => median(passes[key]!.map((p) => p.max_rss_kb / 1024));
  const rows = Object.keys(passes).map((key) => [
    key,
    passes[key]![0]!.packages,
    msPerPackage(key),
    rssMb(key),
  ]);
  printTable(
    'phase2-manifest and plain extraction (medians)',
    ['pass', 'packages', 'ms/package', 'peak RSS MB'],
    rows,
  );

  const ratios = {
    time_per_package_large_over_small: msPerPackage('manifest/large') / msPerPackage('manifest/small'),
    rss_large_over_small: rssMb('manifest/large') / rssMb('manifest/small'),
    manifest_over_extraction_time_large: msPerPackage('manifest/large') / msPerPackage('extract/large'),
    manifest_over_extraction_rss_large: rssMb('manifest/large') / rssMb('extract/large'),
  };
  const pass = ratios.rss_large_over_small <= MAX_RSS_GROWTH;
  process.stdout.write(
    `\ntime per package, ${opts.factor}× the packages: ${fmtRatio(ratios.time_per_package_large_over_small)}\n` +
      `peak memory, ${opts.factor}× the packages: ${fmtRatio(ratios.rss_large_over_small)} ` +
      `(target ≤ ${MAX_RSS_GROWTH}: ${pass ? 'PASS' : 'FAIL'})\n` +
      `manifest over plain extraction: time ${fmtRatio(ratios.manifest_over_extraction_time_large)}, ` +
      `memory ${fmtRatio(ratios.manifest_over_extraction_rss_large)}\n`,
  );
  writeRecord(
    record,
    { sizes, passes, ratios },
    {
      lines: [
        `time per package at ${opts.factor}× the packages ${fmtRatio(ratios.time_per_package_large_over_small)}`,
        `peak memory at ${opts.factor}× the packages ${fmtRatio(ratios.rss_large_over_small)}`,
        `manifest over extraction: time ${fmtRatio(ratios.manifest_over_extraction_time_large)}`,
      ],
      pass,
    },
  );
  return pass ? 0 : 1;
}

await runScript(main);
