// Does an evaluation set scale to a large corpus on one machine? A set over a synthetic corpus of 10,000
// packages (`smi-bench corpus synth`), each model a stub answering at once (a mock model: Phase I names no
// key type, Phase II plans no call), through Phase I and Phase II (`build-only`), on one dev server and one
// worker process. While it runs: the worker's resident memory every second, and `smi-bench status SET`
// timed every few seconds. After: history bytes on the server (set, runs across continue-as-new, package
// workflows) and run-directory bytes, per package. Targets: worker peak RSS < 1 GB, every status < 1 s.
// Exits 1 on FAIL.
//
//   node dist/perf/eval-set-scale.js [--packages 10000] [--models 1] [--concurrency 32]
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { evalSetId, readEvalSetConfig } from '../src/evalset/config.js';
import { evalSetWorkflowId, runWorkflowId } from '../src/temporal/names.js';
import { startOpenAiStub } from './support/openai-stub.js';
import { onCleanup, runScript } from './support/cleanup.js';
import { exitedChildrenCpuSeconds } from './support/cpu.js';
import { memoryOf } from './support/memory.js';
import { parseOptions } from './support/options.js';
import { childEnv, describeFailure, runCli, startWorker, type TimedRun } from './support/processes.js';
import { assertBuilt, resolveCorpus } from './support/project.js';
import { fmt, log, median, printTable, startRecord, writeRecord } from './support/report.js';
import { startPerfServer } from './support/temporal.js';
import { makeWorkDir } from './support/workdir.js';

const USAGE = `usage: node dist/perf/eval-set-scale.js [--corpus DIR] [--packages N] [--models N] [--concurrency N]
       [--status-every-seconds N] [--timeout-seconds N] [--db-dir DIR] [--keep-temp]
  --packages              synthetic packages (default 10000)
  --models                models in the set, each through both phases (default 1)
  --concurrency           packages in flight per run (default 32)
  --status-every-seconds  how often \`smi-bench status SET\` is timed (default 10)
  --timeout-seconds       give up after this long (default 10800)`;

const RSS_LIMIT_BYTES = 1024 ** 3;
const STATUS_LIMIT_MS = 1000;
const API_KEY = 'perf-stub-key';
const PHASES = ['phase1', 'phase2'] as const;

/** Bytes and files under a directory. */
function treeSize(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = treeSize(path);
      bytes += sub.bytes;
      files += sub.files;
    } else {
      bytes += statSync(path).size;
      files++;
    }
  }
  return { bytes, files };
}

/** History events and bytes of every execution whose id matches `query` (a run's continue-as-new chain). */
async function histories(
  client: Client,
  query: string,
): Promise<{ executions: number; events: number; bytes: number }> {
  const sum = { executions: 0, events: 0, bytes: 0 };
  for await (const wf of client.workflow.list({ query })) {
    sum.executions++;
    sum.events += wf.historyLength;
    sum.bytes += wf.historySize ?? 0;
  }
  return sum;
}

async function main(): Promise<number> {
  const opts = parseOptions(
    process.argv.slice(2),
    USAGE,
    { packages: 10_000, models: 1, concurrency: 32, 'status-every-seconds': 10, 'timeout-seconds': 10_800 },
    ['db-dir'],
  );
  assertBuilt();
  const corpus = resolveCorpus(opts.corpus);
  const record = startRecord('eval-set-scale', { ...opts, corpus });
  const workDir = makeWorkDir('evalset-scale', opts.keepTemp);

  const synthRoot = join(workDir, 'corpus');
  log(`smi-bench corpus synth: ${opts.packages} packages …`);
  const synth = await runCli(
    ['corpus', 'synth', '--from', corpus, '--count', String(opts.packages), '--out', synthRoot],
    { cwd: workDir },
  );
  if (synth.code !== 0) throw new Error(describeFailure('corpus synth', synth));
  log(`  ${fmt(synth.wallMs / 1000)} s`);

  const stubUrls: string[] = [];
  for (let i = 0; i < opts.models; i++) {
    const stub = await startOpenAiStub({
      apiKey: API_KEY,
      handler: (req) => ({
        content: req.prompt.includes('target_key_types') ? '{"calls": []}' : '{"key_types": []}',
      }),
    });
    onCleanup(`model stub ${i}`, () => stub.close());
    stubUrls.push(stub.baseUrl);
  }
  const server = await startPerfServer(workDir, opts['db-dir']);
  const worker = await startWorker(server.address, workDir, { SMI_API_KEY: API_KEY });
  log(`Temporal dev server on ${server.address}, worker pid ${worker.pid}`);

  const configFile = join(workDir, 'scale.yaml');
  const models = stubUrls.map(
    (url, i) =>
      `  - { name: m${i}, model: m${i}, base_url: "${url}", api_key_env: SMI_API_KEY, ` +
      `concurrency: ${opts.concurrency}, temperature: 0.5 }`,
  );
  writeFileSync(
    configFile,
    [
      'name: scale',
      `corpus_root: ${synthRoot}`,
      'samples: 0',
      'log_dir: logs',
      'models:',
      ...models,
      'phases:',
      '  - phase: phase1',
      '  - { phase: phase2, simulation_mode: build-only, max_plan_attempts: 1 }',
      '',
    ].join('\n'),
  );
  const setId = evalSetId(readEvalSetConfig(configFile));
  const env = childEnv({ TEMPORAL_ADDRESS: server.address });
  const runs = opts.models * PHASES.length;
  log(`set ${setId}: ${opts.models} model(s) × ${PHASES.length} phases × ${opts.packages} packages …`);

  // The set, and beside it the samplers: memory every second, `status SET` every few seconds.
  const started = performance.now();
  let done = false;
  const set = runCli(['eval-set', configFile, '--no-progress', '--skip-preflight'], {
    env,
    cwd: workDir,
    timeoutMs: opts['timeout-seconds'] * 1000,
  }).finally(() => {
    done = true;
  });
  const rss: number[] = [];
  const memory = setInterval(() => {
    const m = memoryOf(worker.pid);
    if (m) rss.push(m.rss);
  }, 1000);
  const statusMs: number[] = [];
  // The command's own CPU: with the set using both cores, its wall time is mostly waiting for a core.
  const statusCpuMs: number[] = [];
  const slowStatus: string[] = [];
  const sampleStatus = async () => {
    while (!done) {
      const cpuBefore = exitedChildrenCpuSeconds();
      const status: TimedRun = await runCli(['status', setId], { env, cwd: workDir, timeoutMs: 60_000 });
      const cpuAfter = exitedChildrenCpuSeconds();
      if (done) break;
      // Until the set's workflow exists, status has nothing to show: those tries are not samples.
      const started = status.code === 0 || statusMs.length > 0;
      if (started) statusMs.push(status.wallMs);
      if (started && cpuBefore !== null && cpuAfter !== null) statusCpuMs.push((cpuAfter - cpuBefore) * 1000);
      const text = status.stdout.toString('utf8');
      if (started && (status.code !== 0 || status.wallMs > STATUS_LIMIT_MS))
        slowStatus.push(
          `${fmt(status.wallMs)} ms, exit ${status.code}: ${text.split('\n').slice(1, 3).join(' / ')}`,
        );
      if (statusMs.length % 30 === 1)
        log(`  status ${fmt(status.wallMs)} ms: ${text.split('\n')[1]?.trim() ?? ''}`);
      await new Promise((resolve) => setTimeout(resolve, opts['status-every-seconds'] * 1000));
    }
  };
  const [result] = await Promise.all([set, sampleStatus()]);
  clearInterval(memory);
  const wallS = (performance.now() - started) / 1000;
  const peak = Math.max(memoryOf(worker.pid)?.peak ?? 0, ...rss);
  if (result.code !== 0) throw new Error(describeFailure('eval-set', result));
  log(`set finished in ${fmt(wallS)} s`);

  // Every run recorded every package?
  const logs = join(workDir, 'logs');
  // (beside them the set's own result file, `<set>.set_result.json`)
  const runDirs = readdirSync(logs).filter(
    (name) => name.startsWith(`${setId}.`) && statSync(join(logs, name)).isDirectory(),
  );
  for (const name of runDirs) {
    const samples = (JSON.parse(readFileSync(join(logs, name, 'result.json'), 'utf8')) as { samples: number })
      .samples;
    if (samples !== opts.packages) throw new Error(`${name}: ${samples} rows of ${opts.packages}`);
  }
  const packagesInAll = runs * opts.packages;
  const dirs = runDirs.map((name) => ({ name, ...treeSize(join(logs, name)) }));
  const artifacts = runDirs.map((name) => treeSize(join(logs, name, 'artifacts')).bytes);
  const dirBytes = dirs.reduce((s, d) => s + d.bytes, 0);
  const dirFiles = dirs.reduce((s, d) => s + d.files, 0);

  const connection = await Connection.connect({ address: server.address });
  const client = new Client({ connection, namespace: 'default' });
  const setHistory = await histories(client, `WorkflowId = "${evalSetWorkflowId(setId)}"`);
  const runHistory = { executions: 0, events: 0, bytes: 0 };
  const packageHistory = { executions: 0, events: 0, bytes: 0 };
  for (const name of runDirs) {
    const phase = name.endsWith('.phase1') ? 'phase1' : 'phase2';
    const id = runWorkflowId(phase, name);
    for (const [sum, query] of [
      [runHistory, `WorkflowId = "${id}"`],
      [packageHistory, `WorkflowId STARTS_WITH "${id}/"`],
    ] as const) {
      const h = await histories(client, query);
      sum.executions += h.executions;
      sum.events += h.events;
      sum.bytes += h.bytes;
    }
  }
  await connection.close();
  const historyBytes = setHistory.bytes + runHistory.bytes + packageHistory.bytes;

  const statusMax = Math.max(0, ...statusMs);
  const rssOk = peak < RSS_LIMIT_BYTES;
  const statusOk = statusMs.length > 0 && statusMax < STATUS_LIMIT_MS;
  const pass = rssOk && statusOk;
  const mb = (b: number) => b / 1024 ** 2;
  const perPackage = (b: number) => b / packagesInAll;
  printTable(
    `Evaluation set at scale: ${opts.models} model(s) × 2 phases × ${opts.packages} packages = ${packagesInAll}`,
    ['measure', 'value'],
    [
      ['wall s', wallS],
      ['packages/s (all runs)', packagesInAll / wallS],
      ['worker peak RSS MB', mb(peak)],
      ['status samples', statusMs.length],
      ['status median ms', median(statusMs)],
      ['status max ms', statusMax],
      ['status CPU median ms', median(statusCpuMs)],
      ['status CPU max ms', Math.max(0, ...statusCpuMs)],
      ['history bytes per package (set + runs + packages)', perPackage(historyBytes)],
      ['  package workflow bytes per package', perPackage(packageHistory.bytes)],
      ['  run workflow bytes per package', perPackage(runHistory.bytes)],
      ['  run executions (continue-as-new chain, all runs)', runHistory.executions],
      [
        'history events per package',
        perPackage(setHistory.events + runHistory.events + packageHistory.events),
      ],
      ['run directory bytes per package', perPackage(dirBytes)],
      ['  of which artifacts', perPackage(artifacts.reduce((s, b) => s + b, 0))],
      ['run directory files per package', perPackage(dirFiles)],
    ],
  );
  for (const line of slowStatus.slice(0, 10)) process.stdout.write(`slow or failed status: ${line}\n`);
  process.stdout.write(
    `\nworker peak RSS ${fmt(mb(peak))} MB (target < 1024): ${rssOk ? 'PASS' : 'FAIL'}; ` +
      `status max ${fmt(statusMax)} ms over ${statusMs.length} samples (target < ${STATUS_LIMIT_MS}): ${statusOk ? 'PASS' : 'FAIL'}\n`,
  );
  writeRecord(
    record,
    {
      wall_s: wallS,
      packages: packagesInAll,
      worker_peak_rss_bytes: peak,
      worker_rss_bytes_every_10_s: rss.filter((_, i) => i % 10 === 0),
      status_ms: statusMs,
      status_cpu_ms: statusCpuMs,
      slow_status: slowStatus,
      history: { set: setHistory, runs: runHistory, packages: packageHistory },
      history_bytes_per_package: perPackage(historyBytes),
      run_dir_bytes_per_package: perPackage(dirBytes),
      run_dir_files_per_package: perPackage(dirFiles),
      artifact_bytes_per_package: perPackage(artifacts.reduce((s, b) => s + b, 0)),
      pass,
    },
    {
      lines: [
        `${packagesInAll} packages in ${fmt(wallS)} s; worker peak RSS ${fmt(mb(peak))} MB; status max ${fmt(statusMax)} ms`,
        `per package: ${fmt(perPackage(historyBytes) / 1024)} KiB of history, ${fmt(perPackage(dirBytes) / 1024)} KiB of run directory`,
      ],
      pass,
    },
  );
  return pass ? 0 : 1;
}

await runScript(main);
