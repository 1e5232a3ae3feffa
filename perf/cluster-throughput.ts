// Phase I on the team cluster (deploy/local-cluster.sh: Temporal on PostgreSQL) with 1, 2 and 3 workers,
// in one sitting: the same synthetic corpus, `mock-perfect` (no model, so the work is extraction plus
// orchestration), a fresh run id each time. The baseline is the 1-worker run; figures are ratios to it,
// with CPU per package for each part (workers, Temporal server, PostgreSQL), since this machine may have
// fewer cores than the processes that want them.
//
//   node dist/perf/cluster-throughput.js [--corpus DIR] [--packages 300] [--concurrency 32] [--workers 3]
import { chmodSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runScript, onCleanup } from './support/cleanup.js';
import { cpuSeconds } from './support/cpu.js';
import { LocalCluster } from './support/local-cluster.js';
import { parseOptions } from './support/options.js';
import { assertResult, runPhase1, warmUpPhase1 } from './support/phase1.js';
import { childEnv } from './support/processes.js';
import { assertBuilt, resolveCorpus } from './support/project.js';
import { fmt, fmtRatio, log, printTable, startRecord, writeRecord } from './support/report.js';
import { buildSyntheticCorpus, sourcePackages } from './support/synthetic-corpus.js';
import { makeWorkDir } from './support/workdir.js';

const USAGE = `usage: node dist/perf/cluster-throughput.js [--corpus DIR] [--packages N] [--concurrency N]
       [--workers N] [--timeout-seconds N] [--keep-temp]
  --corpus           real packages to copy (default ../shared/corpus beside the project)
  --packages         size of the synthetic corpus (default 300)
  --concurrency      smi-bench phase1 --concurrency (default 32)
  --workers          measure 1..N workers (default 3)
  --timeout-seconds  give up on one run after this long (default 900)
  --keep-temp        keep the work dir (corpus, cluster state and logs)
The first use builds the Temporal server from its Go module (minutes); later ones reuse the build.`;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** PostgreSQL's postmaster and its backends (each connection is a process of its own). */
function postgresPids(postmaster: number): number[] {
  const pids = [postmaster];
  for (const entry of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) pids.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

/** CPU seconds so far of each part of the cluster, processes alive at both readings. */
function cpuByPart(cluster: LocalCluster): Map<number, { part: string; seconds: number }> {
  const out = new Map<number, { part: string; seconds: number }>();
  for (const [name, pid] of Object.entries(cluster.pids())) {
    const part = name.startsWith('worker-') ? 'workers' : name;
    const pids = name === 'postgresql' ? postgresPids(pid) : [pid];
    for (const p of pids) {
      const seconds = cpuSeconds(p);
      if (seconds !== null) out.set(p, { part, seconds });
    }
  }
  return out;
}

function cpuDelta(
  before: Map<number, { part: string; seconds: number }>,
  after: Map<number, { part: string; seconds: number }>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [pid, { part, seconds }] of after)
    out[part] = (out[part] ?? 0) + seconds - (before.get(pid)?.seconds ?? 0);
  return out;
}

async function main(): Promise<number> {
  const opts = parseOptions(process.argv.slice(2), USAGE, {
    packages: 300,
    concurrency: 32,
    workers: 3,
    'timeout-seconds': 900,
  });
  assertBuilt();
  const corpus = resolveCorpus(opts.corpus);
  const record = startRecord('cluster-throughput', { ...opts, corpus });
  const workDir = makeWorkDir('cluster', opts.keepTemp);
  chmodSync(workDir, 0o755); // as root, PostgreSQL runs as `postgres`, which must reach its data folder in here

  const sources = await sourcePackages(corpus);
  const synthetic = await buildSyntheticCorpus(sources, workDir, opts.packages);
  const ids = synthetic.packages.map((p) => p.package_id);

  const cluster = await LocalCluster.create(join(workDir, 'cluster'));
  onCleanup('the cluster', async () => {
    await cluster.script('down', '--volumes');
  });
  log('starting the cluster with 1 worker (the first time, this builds the Temporal server) …');
  const upStarted = performance.now();
  await cluster.script('up', '--workers', '1');
  const upMs = performance.now() - upStarted;
  log(`  up in ${fmt(upMs / 1000)} s`);
  const env = childEnv({ TEMPORAL_ADDRESS: cluster.address });
  const timeoutMs = opts['timeout-seconds'] * 1000;

  log('warm-up run on the real corpus …');
  await warmUpPhase1({ env, runId: 'perf-cluster-warmup', workDir, timeoutMs }, sources, corpus);

  const n = opts.packages;
  const measured: { workers: number; wallMs: number; cpu: Record<string, number> }[] = [];
  for (let workers = 1; workers <= opts.workers; workers++) {
    while (cluster.workers().length < workers) await cluster.script('add-worker');
    log(`${workers} worker(s): ${n} packages, --concurrency ${opts.concurrency} …`);
    const before = cpuByPart(cluster);
    const run = await runPhase1({
      env,
      corpusRoot: synthetic.root,
      agent: 'mock-perfect',
      concurrency: opts.concurrency,
      runId: `perf-cluster-${workers}w`,
      workDir,
      timeoutMs,
    });
    const cpu = cpuDelta(before, cpuByPart(cluster));
    assertResult(`${workers}-worker run`, run.result, ids, 1);
    measured.push({ workers, wallMs: run.run.wallMs, cpu });
  }

  const baseline = measured[0]!;
  const perSecond = (ms: number) => n / (ms / 1000);
  const parts = ['workers', 'temporal-server', 'postgresql'];
  printTable(
    `Phase I on the cluster, ${n} packages, mock-perfect, --concurrency ${opts.concurrency}`,
    [
      'workers',
      'seconds',
      'packages/s',
      'ratio to 1 worker',
      ...parts.map((p) => `${p} CPU ms/pkg`),
      'CPU ms/pkg',
    ],
    measured.map((m) => [
      m.workers,
      m.wallMs / 1000,
      perSecond(m.wallMs),
      perSecond(m.wallMs) / perSecond(baseline.wallMs),
      ...parts.map((p) => ((m.cpu[p] ?? 0) * 1000) / n),
      (sum(Object.values(m.cpu)) * 1000) / n,
    ]),
  );
  const cores = record.machine_at_start.cpus;
  const cpuPerPackage = sum(Object.values(baseline.cpu)) / n;
  process.stdout.write(
    `\nCPU per package (1 worker): ${fmt(cpuPerPackage * 1000)} ms, so ${cores} cores can carry at most ` +
      `${fmt(cores / cpuPerPackage)} packages/s whatever the number of workers\n` +
      `cluster up (with the server already built): ${fmt(upMs / 1000)} s\n`,
  );

  writeRecord(
    record,
    {
      cluster_up_ms: upMs,
      runs: measured.map((m) => ({
        workers: m.workers,
        wall_ms: m.wallMs,
        packages_per_s: perSecond(m.wallMs),
        cpu_seconds: m.cpu,
      })),
      ratios: Object.fromEntries(
        measured.map((m) => [
          `${m.workers}_workers_over_1`,
          perSecond(m.wallMs) / perSecond(baseline.wallMs),
        ]),
      ),
    },
    {
      lines: measured.map(
        (m) =>
          `${m.workers} worker(s): ${fmt(perSecond(m.wallMs))} packages/s, ratio ` +
          `${fmtRatio(perSecond(m.wallMs) / perSecond(baseline.wallMs))}, ` +
          `${fmt((sum(Object.values(m.cpu)) * 1000) / n)} CPU ms/package`,
      ),
      pass: null,
    },
  );
  return 0;
}

await runScript(main);
