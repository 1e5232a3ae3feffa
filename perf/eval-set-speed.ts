// Do the runs of an evaluation set really run side by side? One model alone, then a set of four (each its
// own stub, answering in 500 ms), Phase I over the same synthetic corpus, through `smi-bench eval-set`,
// against one dev server and one worker process. Target: wall(set of 4) ≤ 1.3 × wall(set of 1). Exits 1
// on FAIL. Each set's CPU (worker + server) over the machine's cores is its CPU floor: a set cannot end
// sooner, so when the floor is near its wall time the machine, not the orchestration, sets the pace.
//
//   node dist/perf/eval-set-speed.js [--corpus DIR] [--packages 100] [--models 4] [--delay-ms 500]
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { startOpenAiStub, type RunningOpenAiStub } from './support/openai-stub.js';
import { onCleanup, runScript } from './support/cleanup.js';
import { measureCpu } from './support/cpu.js';
import { parseOptions } from './support/options.js';
import { childEnv, describeFailure, runCli, startWorker } from './support/processes.js';
import { assertBuilt, resolveCorpus } from './support/project.js';
import { fmt, fmtRatio, log, printTable, startRecord, writeRecord } from './support/report.js';
import { buildSyntheticCorpus, sourcePackages } from './support/synthetic-corpus.js';
import { startPerfServer } from './support/temporal.js';
import { makeWorkDir } from './support/workdir.js';

const USAGE = `usage: node dist/perf/eval-set-speed.js [--corpus DIR] [--packages N] [--models N] [--delay-ms N]
       [--concurrency N] [--timeout-seconds N] [--db-dir DIR] [--keep-temp]
  --packages     synthetic packages (default 100)
  --models       models in the set (default 4)
  --delay-ms     the stubs' answer time (default 500)
  --concurrency  packages in flight per model's run (default 8)`;

const TARGET_RATIO = 1.3;
const API_KEY = 'perf-stub-key';

async function main(): Promise<number> {
  const opts = parseOptions(
    process.argv.slice(2),
    USAGE,
    { packages: 100, models: 4, 'delay-ms': 500, concurrency: 8, 'timeout-seconds': 900 },
    ['db-dir'],
  );
  assertBuilt();
  const corpus = resolveCorpus(opts.corpus);
  const record = startRecord('eval-set-speed', { ...opts, corpus, target_ratio: TARGET_RATIO });
  const workDir = makeWorkDir('evalset', opts.keepTemp);
  const synthetic = await buildSyntheticCorpus(await sourcePackages(corpus), workDir, opts.packages);
  const stubs: RunningOpenAiStub[] = [];
  for (let i = 0; i < opts.models; i++) {
    const stub = await startOpenAiStub({
      apiKey: API_KEY,
      handler: () => ({ content: '{"key_types": []}', delayMs: opts['delay-ms'] }),
    });
    onCleanup(`model stub ${i}`, () => stub.close());
    stubs.push(stub);
  }
  const server = await startPerfServer(workDir, opts['db-dir']);
  const worker = await startWorker(server.address, workDir, { SMI_API_KEY: API_KEY });
  const serverPid = server.process.pid!;
  const cores = availableParallelism();
  log(
    `${opts.models} stub models answering in ${opts['delay-ms']} ms; worker pid ${worker.pid}; ${cores} cores`,
  );

  const runSet = async (name: string, models: number) => {
    const file = join(workDir, `${name}.yaml`);
    const lines = [
      `name: ${name}`,
      `corpus_root: ${synthetic.root}`,
      'samples: 0',
      'log_dir: logs',
      'models:',
    ];
    for (let i = 0; i < models; i++)
      lines.push(
        `  - { name: m${i}, model: m${i}, base_url: "${stubs[i]!.baseUrl}", api_key_env: SMI_API_KEY, ` +
          `concurrency: ${opts.concurrency}, temperature: 0.5 }`,
      );
    writeFileSync(file, [...lines, 'phases:', '  - phase: phase1', ''].join('\n'));
    log(`${name}: ${models} model(s) × ${opts.packages} packages …`);
    const { value: run, cpuSeconds } = await measureCpu({ worker: worker.pid, server: serverPid }, () =>
      runCli(['eval-set', file, '--no-progress', '--skip-preflight'], {
        env: childEnv({ TEMPORAL_ADDRESS: server.address }),
        cwd: workDir,
        timeoutMs: opts['timeout-seconds'] * 1000,
      }),
    );
    if (run.code !== 0) throw new Error(describeFailure(`eval-set ${name}`, run));
    const cpu = (cpuSeconds.worker ?? NaN) + (cpuSeconds.server ?? NaN);
    return { wallMs: run.wallMs, cpuSeconds: cpu, floorMs: (cpu / cores) * 1000 };
  };

  await runSet('warmup', 1);
  const alone = await runSet('alone', 1);
  const set = await runSet('set', opts.models);
  const ratio = set.wallMs / alone.wallMs;
  const pass = ratio <= TARGET_RATIO;
  // How close the set came to what the cores allow: 1 means it could not have ended sooner on this machine.
  const floorShare = set.floorMs / set.wallMs;
  printTable(
    `Evaluation set: ${opts.models} models side by side vs one alone (${opts.packages} packages each)`,
    ['set', 'wall s', 'worker+server CPU s', `CPU floor s (${cores} cores)`],
    [
      ['1 model', alone.wallMs / 1000, alone.cpuSeconds, alone.floorMs / 1000],
      [`${opts.models} models`, set.wallMs / 1000, set.cpuSeconds, set.floorMs / 1000],
    ],
  );
  process.stdout.write(
    `\nwall(${opts.models} models) / wall(1 model) = ${fmtRatio(ratio)} (target ≤ ${TARGET_RATIO}): ${pass ? 'PASS' : 'FAIL'}\n` +
      `the set's CPU floor is ${fmtRatio(floorShare)} of its wall time ` +
      `(${fmt((set.cpuSeconds / (opts.models * opts.packages)) * 1000)} ms of worker and server CPU per package)\n`,
  );
  writeRecord(
    record,
    {
      alone_ms: alone.wallMs,
      set_ms: set.wallMs,
      alone_cpu_seconds: alone.cpuSeconds,
      set_cpu_seconds: set.cpuSeconds,
      cores,
      set_floor_share: floorShare,
      ratio,
      pass,
    },
    {
      lines: [
        `${fmt(set.wallMs / 1000)} s for ${opts.models} models vs ${fmt(alone.wallMs / 1000)} s alone: ratio ${fmtRatio(ratio)}; ` +
          `the set's CPU floor ${fmtRatio(floorShare)} of its wall time`,
      ],
      pass,
    },
  );
  return pass ? 0 : 1;
}

await runScript(main);
