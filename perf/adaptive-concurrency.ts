// Does a run find what a rate-limited provider allows by itself? A stub model accepts N requests per second
// (a sliding one-second window) and answers 429 with Retry-After: 1 beyond that; a Phase I run asks it with
// far more packages in flight than that (--concurrency 32, the worker's default 32 model calls in flight).
// The worker's adaptive limit per endpoint must settle near the allowed rate. Targets: accepted requests
// per second ≥ 0.85 × N over the run, and fewer than 10% of all requests refused. Exits 1 on FAIL.
//
//   node dist/perf/adaptive-concurrency.js [--corpus DIR] [--packages 300] [--rate 20] [--delay-ms 200]
import { startOpenAiStub } from './support/openai-stub.js';
import { onCleanup, runScript } from './support/cleanup.js';
import { parseOptions } from './support/options.js';
import { assertResult, runPhase1 } from './support/phase1.js';
import { childEnv, startWorker } from './support/processes.js';
import { assertBuilt, resolveCorpus } from './support/project.js';
import { fmt, fmtRatio, log, printTable, startRecord, writeRecord } from './support/report.js';
import { buildSyntheticCorpus, sourcePackages } from './support/synthetic-corpus.js';
import { startPerfServer } from './support/temporal.js';
import { makeWorkDir } from './support/workdir.js';

const USAGE = `usage: node dist/perf/adaptive-concurrency.js [--corpus DIR] [--packages N] [--rate N]
       [--delay-ms N] [--concurrency N] [--timeout-seconds N] [--db-dir DIR] [--keep-temp]
  --packages     synthetic packages (default 300)
  --rate         requests per second the stub accepts (default 20)
  --delay-ms     the stub's answer time (default 200)
  --concurrency  the run's --concurrency (default 32)`;

const TARGET_RATE_SHARE = 0.85;
const TARGET_REFUSED_SHARE = 0.1;
const API_KEY = 'perf-stub-key';

async function main(): Promise<number> {
  const opts = parseOptions(
    process.argv.slice(2),
    USAGE,
    { packages: 300, rate: 20, 'delay-ms': 200, concurrency: 32, 'timeout-seconds': 600 },
    ['db-dir'],
  );
  assertBuilt();
  const corpus = resolveCorpus(opts.corpus);
  const record = startRecord('adaptive-concurrency', { ...opts, corpus });
  const workDir = makeWorkDir('adaptive', opts.keepTemp);
  const synthetic = await buildSyntheticCorpus(await sourcePackages(corpus), workDir, opts.packages);
  const ids = synthetic.packages.map((p) => p.package_id);

  // The provider: at most `rate` accepted requests in any one-second window.
  const window: number[] = [];
  const acceptedTimes: number[] = [];
  let refused = 0;
  const stub = await startOpenAiStub({
    apiKey: API_KEY,
    handler: () => {
      const now = Date.now();
      while (window.length > 0 && window[0]! <= now - 1000) window.shift();
      if (window.length >= opts.rate) {
        refused++;
        return { status: 429, body: { error: { message: 'rate limit' } }, headers: { 'retry-after': '1' } };
      }
      window.push(now);
      acceptedTimes.push(now);
      return { content: '{"key_types": []}', delayMs: opts['delay-ms'] };
    },
  });
  onCleanup('model stub', () => stub.close());
  const server = await startPerfServer(workDir, opts['db-dir']);
  const worker = await startWorker(server.address, workDir, { SMI_API_KEY: API_KEY });
  log(`stub accepts ${opts.rate} requests/s at ${stub.baseUrl}; worker pid ${worker.pid}`);

  const run = await runPhase1({
    env: childEnv({
      TEMPORAL_ADDRESS: server.address,
      SMI_MODEL: 'perf-stub',
      SMI_API_BASE_URL: stub.baseUrl,
    }),
    corpusRoot: synthetic.root,
    agent: 'real-openai-compatible',
    concurrency: opts.concurrency,
    runId: 'perf-adaptive',
    workDir,
    timeoutMs: opts['timeout-seconds'] * 1000,
  });

  const spanS = (acceptedTimes.at(-1)! - acceptedTimes[0]!) / 1000;
  const rate = (acceptedTimes.length - 1) / spanS;
  const rateShare = rate / opts.rate;
  const refusedShare = refused / (refused + acceptedTimes.length);
  const pass = rateShare >= TARGET_RATE_SHARE && refusedShare < TARGET_REFUSED_SHARE;
  printTable(
    `Adaptive concurrency: ${opts.packages} packages, provider allows ${opts.rate}/s`,
    ['accepted', 'refused (429)', 'span s', 'accepted/s', 'share of allowed', 'refused share'],
    [[acceptedTimes.length, refused, spanS, rate, fmtRatio(rateShare), fmtRatio(refusedShare)]],
  );
  process.stdout.write(
    `\naccepted/s ÷ allowed = ${fmtRatio(rateShare)} (target ≥ ${TARGET_RATE_SHARE}); refused ` +
      `${fmtRatio(refusedShare)} of requests (target < ${TARGET_REFUSED_SHARE}): ${pass ? 'PASS' : 'FAIL'}\n`,
  );
  writeRecord(
    record,
    {
      accepted: acceptedTimes.length,
      refused,
      span_s: spanS,
      rate,
      rate_share: rateShare,
      refused_share: refusedShare,
      pass,
    },
    {
      lines: [
        `${fmt(rate)} accepted/s of ${opts.rate} allowed (${fmtRatio(rateShare)}), ${fmtRatio(refusedShare)} refused: ${pass ? 'PASS' : 'FAIL'}`,
      ],
      pass,
    },
  );
  assertResult('adaptive', run.result, ids);
  return pass ? 0 : 1;
}

await runScript(main);
