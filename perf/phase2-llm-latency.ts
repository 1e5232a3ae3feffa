// Does --concurrency hide model latency in Phase II's planning loop? Each package costs four model calls
// (three need_more rounds, then a plan) answered by a stub after 500 ms; the same synthetic corpus runs
// through `smi-bench phase2 --agent real-openai-compatible` with --concurrency 1 and --concurrency 16,
// against one dev server and one worker process. Target: wall(16) / wall(1) ≤ 0.09.
//
//   node dist/perf/phase2-llm-latency.js [--corpus DIR] [--packages 100] [--concurrency 16] [--delay-ms 500]
import { runScript } from './support/cleanup.js';
import type { StubReply } from './support/openai-stub.js';
import { parseOptions } from './support/options.js';
import {
  latencyUsage,
  measureLatencyHiding,
  reportLatencyHiding,
  startLatencyRig,
  type LatencyBench,
} from './support/phase1.js';
import { assertBuilt, resolveCorpus } from './support/project.js';
import { startRecord } from './support/report.js';
import { buildSyntheticCorpus, sourcePackages } from './support/synthetic-corpus.js';
import { makeWorkDir } from './support/workdir.js';

const USAGE = latencyUsage('phase2-llm-latency', 100);

const TARGET_RATIO = 0.09;
const CALLS_PER_PACKAGE = 4;

interface Phase2Result {
  aggregate: { errors: number };
  packages: { package_id: string; error: string | null; plan_attempts: number }[];
}

/** Call n of a package (1-based): a need_more naming a new function, until the last call plans. */
function plannerReply(packageId: string, call: number, delayMs: number): StubReply {
  const content =
    call < CALLS_PER_PACKAGE
      ? JSON.stringify({ need_more: [`${packageId}::m${call}::f`] })
      : JSON.stringify({ calls: [] });
  return { content, delayMs };
}

async function main(): Promise<number> {
  const opts = parseOptions(
    process.argv.slice(2),
    USAGE,
    { packages: 100, concurrency: 16, 'delay-ms': 500, 'timeout-seconds': 900 },
    ['db-dir'],
  );
  assertBuilt();
  const corpus = resolveCorpus(opts.corpus);
  const record = startRecord('phase2-llm-latency', { ...opts, corpus, target_ratio: TARGET_RATIO });
  const workDir = makeWorkDir('p2llm', opts.keepTemp);
  const delayMs = opts['delay-ms'];
  const synthetic = await buildSyntheticCorpus(await sourcePackages(corpus), workDir, opts.packages);
  const ids = synthetic.packages.map((p) => p.package_id);

  const callsSoFar = new Map<string, number>();
  const { stub, serverAddress, pids, env } = await startLatencyRig(
    workDir,
    opts['db-dir'],
    delayMs,
    (req) => {
      const key = req.packageId ?? '?';
      const call = (callsSoFar.get(key) ?? 0) + 1;
      callsSoFar.set(key, call % CALLS_PER_PACKAGE); // each run asks every package four times
      return plannerReply(key, call, delayMs);
    },
  );

  const bench: LatencyBench<Phase2Result> = {
    phase: 'phase2',
    stub,
    serverAddress,
    pids,
    spec: { env, corpusRoot: synthetic.root, workDir, timeoutMs: opts['timeout-seconds'] * 1000 },
    runIdPrefix: 'perf-p2llm',
    extraArgs: ['--max-plan-attempts', '1'],
    ids,
    callsPerPackage: CALLS_PER_PACKAGE,
    delayMs,
  };

  const { sequential, concurrent } = await measureLatencyHiding(bench, opts.concurrency);
  const n = ids.length;
  return reportLatencyHiding({
    record,
    title: `Planning-loop latency hiding: ${n} packages × ${CALLS_PER_PACKAGE} calls, stub answers in ${delayMs} ms, 1 worker`,
    sequential,
    concurrent,
    packages: n,
    callsPerPackage: CALLS_PER_PACKAGE,
    delayMs,
    target: TARGET_RATIO,
  });
}

await runScript(main);
