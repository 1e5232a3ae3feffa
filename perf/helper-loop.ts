// Does --concurrency hide model latency in the helper benchmark's attempt loop? Each package costs two
// model calls answered by a stub after 500 ms (a helper that does not build, then one written against its
// diagnostics), two builds with Sui's compiler (WASM, in the worker's compiler threads) and one run of the built helper in the VM; the same
// synthetic corpus (copies of the shared corpus's non-framework packages) runs through
// `smi-bench helper --agent real-openai-compatible` with --concurrency 1 and --concurrency 16, against one
// dev server and one worker process. Target as Phase I's single model call: wall(16) / wall(1) ≤ 0.12.
//
//   node dist/perf/helper-loop.js [--corpus DIR] [--packages 64] [--concurrency 16] [--delay-ms 500]
import { dirname, join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { FRAMEWORK_IDS, normalizeId } from '../src/vm/package-bytes.js';
import { packageDirFor } from '../src/package-store/layout.js';
import { runScript } from './support/cleanup.js';
import { brokenThenGood } from './support/helper-answers.js';
import { parseOptions } from './support/options.js';
import {
  latencyUsage,
  measureLatencyHiding,
  reportLatencyHiding,
  startLatencyRig,
  type LatencyBench,
} from './support/phase1.js';
import { assertBuilt, resolveCorpus } from './support/project.js';
import { fmt, startRecord } from './support/report.js';
import { buildSyntheticCorpus, sourcePackages } from './support/synthetic-corpus.js';
import { makeWorkDir } from './support/workdir.js';

const USAGE = latencyUsage('helper-loop', 64);

const TARGET_RATIO = 0.12;
const CALLS_PER_PACKAGE = 2;

interface HelperResult {
  aggregate: { errors: number };
  packages: {
    package_id: string;
    error: string | null;
    attempts: number;
    successful_attempt: number | null;
  }[];
}

async function main(): Promise<number> {
  const opts = parseOptions(
    process.argv.slice(2),
    USAGE,
    { packages: 64, concurrency: 16, 'delay-ms': 500, 'timeout-seconds': 900 },
    ['db-dir'],
  );
  assertBuilt();
  const corpus = resolveCorpus(opts.corpus);
  const record = startRecord('helper-loop', { ...opts, corpus, target_ratio: TARGET_RATIO });
  const workDir = makeWorkDir('helper-loop', opts.keepTemp);
  const delayMs = opts['delay-ms'];
  // Copies of the framework at other addresses would be targets of their own: copy the other packages,
  // and build and run every helper against the corpus's framework.
  const framework = new Set(FRAMEWORK_IDS.map(normalizeId));
  const sources = (await sourcePackages(corpus)).filter((p) => !framework.has(normalizeId(p.package_id)));
  const synthetic = await buildSyntheticCorpus(sources, workDir, opts.packages);
  const frameworkDir = dirname(packageDirFor(corpus, '0x2'));
  const ids = synthetic.packages.map((p) => p.package_id);
  const idsFile = join(workDir, 'ids.txt');
  writeFileSync(idsFile, ids.join('\n') + '\n');

  const { stub, serverAddress, pids, env } = await startLatencyRig(
    workDir,
    opts['db-dir'],
    delayMs,
    (req) => ({ ...brokenThenGood(req.prompt), delayMs }),
    // Builds and runs are activities on the simulation queue: as many in flight as packages.
    { SMI_SIM_CONCURRENCY: String(opts.concurrency) },
  );

  const bench: LatencyBench<HelperResult> = {
    phase: 'helper',
    stub,
    serverAddress,
    pids,
    spec: { env, corpusRoot: synthetic.root, workDir, timeoutMs: opts['timeout-seconds'] * 1000 },
    runIdPrefix: 'perf-helper',
    extraArgs: ['--package-ids-file', idsFile, '--framework-dir', frameworkDir],
    ids,
    callsPerPackage: CALLS_PER_PACKAGE,
    delayMs,
    moreProblems: (result) => {
      const unbuilt = result.packages.filter((p) => p.successful_attempt !== CALLS_PER_PACKAGE);
      return unbuilt.length > 0 ? [`${unbuilt.length} packages whose second helper did not build`] : [];
    },
  };

  const { sequential, concurrent } = await measureLatencyHiding(bench, opts.concurrency);
  const n = ids.length;
  // What a package costs beyond its model calls, at --concurrency 1: the loop's own overhead.
  const overheadMs = sequential.wallMs / n - CALLS_PER_PACKAGE * delayMs;
  return reportLatencyHiding({
    record,
    title: `Helper attempt-loop latency hiding: ${n} packages × ${CALLS_PER_PACKAGE} calls, 2 builds and a run each, stub answers in ${delayMs} ms, 1 worker`,
    sequential,
    concurrent,
    packages: n,
    callsPerPackage: CALLS_PER_PACKAGE,
    delayMs,
    target: TARGET_RATIO,
    extra: {
      text: `orchestration, builds and run per package at --concurrency 1: ${fmt(overheadMs)} ms beyond its model calls\n`,
      line: `; ${fmt(overheadMs)} ms per package beyond the model at --concurrency 1`,
      record: { overhead_ms_per_package: overheadMs },
    },
  });
}

await runScript(main);
