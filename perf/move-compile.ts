// Speed of the Move compiler (src/move-compiler): one package of helper modules like the ones a model
// writes (about 150 lines, against the Sui framework), compiled many times in one process.
//
// Reports the cold first build (dependency loading included), the median warm build (target <= 20 ms),
// a second loadDependencies call (the framework is read and indexed once per process, so ~0 ms), and
// a baseline measured in the same run: parsing the same sources alone. Every build must at least lex
// and parse its text, so compile / parse says what the remaining stages (names, types, abilities,
// codegen, the bytecode verifier, serialization) cost on top of reading the source, on this machine,
// under its current load.
//
//   node dist/perf/move-compile.js [--corpus DIR] [--builds 200] [--warmup 20]
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compilePackage, type CompileRequest } from '../src/move-compiler/compile.js';
import { loadDependencies } from '../src/move-compiler/check/deps.js';
import { DiagnosticBag } from '../src/move-compiler/diagnostics.js';
import { parseFile } from '../src/move-compiler/parser/index.js';
import { runScript } from './support/cleanup.js';
import { parseOptions } from './support/options.js';
import { PROJECT_ROOT, resolveCorpus } from './support/project.js';
import { fmt, fmtRatio, median, printTable, startRecord, writeRecord } from './support/report.js';

const USAGE = `usage: node dist/perf/move-compile.js [--corpus DIR] [--builds N] [--warmup N]
  --builds   measured builds (default 200)
  --warmup   unmeasured builds first, so V8 optimises the compiler (default 20)`;

const TARGET_MS = 20;
const HELPERS_DIR = join(PROJECT_ROOT, 'test', 'move-compiler', 'helpers');
/** Helpers whose modules together make a typical package: a table, an NFT collection, vector code. */
const PACKAGE_HELPERS = ['05-table-basics', '59-nft-collection', '12-vectors'];

function readSources(): { path: string; text: string }[] {
  return PACKAGE_HELPERS.flatMap((helper) => {
    const dir = join(HELPERS_DIR, helper, 'sources');
    return readdirSync(dir)
      .filter((f) => f.endsWith('.move'))
      .map((f) => ({ path: `sources/${f}`, text: readFileSync(join(dir, f), 'utf8') }));
  });
}

function timeMs(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** Median ms of `run` over `builds` calls after `warmup` unmeasured ones. */
function measure(run: () => void, builds: number, warmup: number): number {
  for (let i = 0; i < warmup; i++) run();
  return median(Array.from({ length: builds }, () => timeMs(run)));
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2), USAGE, { builds: 200, warmup: 20 });
  const corpus = resolveCorpus(options.corpus);
  const record = startRecord('move-compile', { corpus, builds: options.builds, warmup: options.warmup });
  const files = readSources();
  const lines = files.reduce((n, f) => n + f.text.split('\n').length, 0);

  const coldStart = performance.now();
  const dependencies = await loadDependencies({ corpusRoot: corpus });
  const request: CompileRequest = {
    packageName: 'PerfHelpers',
    addresses: { helpers: '0x0' },
    files,
    dependencies,
  };
  const build = () => {
    const result = compilePackage(request);
    const errors = result.diagnostics.filter((d) => d.code.severity === 'error');
    if (errors.length > 0 || result.modules.length === 0) {
      throw new Error(
        `the perf package does not compile: ${errors.map((d) => `${d.code.code} ${d.primary.message}`).join('; ')}`,
      );
    }
  };
  build();
  const coldMs = performance.now() - coldStart;

  const reloadStart = performance.now();
  await loadDependencies({ corpusRoot: corpus });
  const reloadMs = performance.now() - reloadStart;

  const warmMs = measure(build, options.builds, options.warmup);
  const parseMs = measure(
    () => files.forEach((f) => parseFile(f.path, f.text, new DiagnosticBag())),
    options.builds,
    options.warmup,
  );

  printTable(
    `Move compiler: ${files.length} modules, ${lines} lines, against the Sui framework`,
    ['measure', 'ms'],
    [
      ['cold first build (loads the framework)', coldMs],
      ['second loadDependencies (cached per process)', reloadMs],
      [`warm build, median of ${options.builds}`, warmMs],
      ['baseline: parse the same sources, median', parseMs],
      ['warm build / parse', fmtRatio(warmMs / parseMs)],
    ],
  );
  const summaryLines = [
    `warm build ${fmt(warmMs)} ms (target <= ${TARGET_MS}), ${lines} lines in ${files.length} modules`,
    `cold first build ${fmt(coldMs)} ms; second loadDependencies ${fmt(reloadMs)} ms`,
    `build / parse-only baseline ${fmtRatio(warmMs / parseMs)} (parse ${fmt(parseMs)} ms)`,
  ];
  writeRecord(
    record,
    {
      results: {
        lines,
        modules: files.length,
        cold_ms: coldMs,
        second_load_dependencies_ms: reloadMs,
        warm_median_ms: warmMs,
        parse_median_ms: parseMs,
        build_to_parse_ratio: warmMs / parseMs,
        target_ms: TARGET_MS,
      },
    },
    { lines: summaryLines, pass: warmMs <= TARGET_MS },
  );
  return 0;
}

await runScript(main);
