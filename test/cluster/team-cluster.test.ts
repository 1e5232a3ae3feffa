// The team topology for real (deploy/local-cluster.sh): PostgreSQL, the Temporal server built from its Go
// module, the compose file's init scripts, and `smi-bench worker` processes that each have a working folder
// and SMI_HOME of their own (as on separate hosts), sharing only the corpus and the log folder.
// A 500-package Phase I run must survive kill -9 of a worker, a worker joining, a restart of the Temporal
// server and one of PostgreSQL, with the rows of an uninterrupted run and no finished package asked again.
// Run by `npm run test:cluster` (the first start builds the server: minutes).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Connection } from '@temporalio/client';
import { loadRealAgentSettings } from '../../src/agents/config.js';
import { SEARCH_ATTRIBUTES, TASK_QUEUES, runWorkflowId } from '../../src/temporal/names.js';
import type { benchmarkRun } from '../../src/workflows/benchmark-run.js';
import type { Phase1PackageRow } from '../../src/core/types.js';
import { LocalCluster, isAlive } from '../../perf/support/local-cluster.js';
import { startOpenAiStub, type RunningOpenAiStub } from '../support/openai-stub.js';
import { makeSyntheticCorpus, type SyntheticCorpus } from '../support/synthetic-corpus.js';
import { testRunInput } from '../support/run-input.js';
import { smiBench } from '../support/cli.js';
import {
  comparableRows,
  finishedPackages,
  requestsPerPackage,
  waitForRows,
  waitForWorkflow,
} from '../support/run-checks.js';
import { runSearchAttributes } from '../../src/temporal/names.js';
import { PROJECT_ROOT } from '../support/paths.js';

const PACKAGES = 500;
const WORKERS = 3;

let dir: string;
let logDir: string;
let cluster: LocalCluster;
let connection: Connection;
let client: Client;
let stub: RunningOpenAiStub;
let corpus: SyntheticCorpus;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'smi-cluster-test-'));
  chmodSync(dir, 0o755); // as root, PostgreSQL runs as `postgres`, which must reach its data folder in here
  logDir = join(dir, 'logs');
  corpus = await makeSyntheticCorpus(PACKAGES);
  // A deterministic, imperfect answer per package, slow enough that the faults land mid-run.
  stub = await startOpenAiStub({
    handler: (req) => {
      const truth = corpus.truth.get(req.packageId ?? '') ?? [];
      return { content: JSON.stringify({ key_types: [...truth.slice(1), '0xdead::m::Fake'] }), delayMs: 150 };
    },
  });
  cluster = await LocalCluster.create(join(dir, 'cluster'), { SMI_API_KEY: 'cluster-key' });
  await cluster.script('up', '--workers', String(WORKERS));
  connection = await Connection.connect({ address: cluster.address });
  client = new Client({ connection, namespace: 'default' });
});

afterAll(async () => {
  await connection?.close();
  await stub?.close();
  if (cluster) await cluster.script('down', '--volumes').catch((err: Error) => console.error(err.message));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function input(runId: string) {
  return testRunInput({
    runId,
    logDir,
    corpusRoot: corpus.root,
    input: { concurrency: 12 },
    options: {
      agent: 'real-openai-compatible',
      agentSettings: loadRealAgentSettings({ SMI_MODEL: 'stub-model', SMI_API_BASE_URL: stub.baseUrl }, {}),
    },
  });
}

/** Starts a run as the CLI does, search attributes included. */
function start(runId: string) {
  const runInput = input(runId);
  return client.workflow.start<typeof benchmarkRun>('benchmarkRun', {
    workflowId: runWorkflowId('phase1', runId),
    taskQueue: TASK_QUEUES.orchestration,
    args: [runInput],
    typedSearchAttributes: runSearchAttributes(runInput),
  });
}

const runDirOf = (runId: string) => join(logDir, runId);
const comparable = (runId: string) => comparableRows(join(runDirOf(runId), 'result.json'));
const requestsSince = (offset: number) => requestsPerPackage(stub.requests.slice(offset));
const resultOf = (runId: string) => waitForWorkflow(client, runWorkflowId('phase1', runId), 15 * 60_000);

/**
 * Watches a run's row files from now on: when each package's row first appeared (to within the poll
 * interval), so that a model request made after it shows a finished package computed again.
 */
function watchRows(runId: string): { finishedAt: Map<string, number>; stop: () => void } {
  const rowsDir = join(logDir, runId, 'rows');
  const finishedAt = new Map<string, number>();
  const seenFiles = new Set<string>();
  const poll = () => {
    if (!existsSync(rowsDir)) return;
    const now = Date.now();
    for (const file of readdirSync(rowsDir).filter((f) => f.endsWith('.json') && !seenFiles.has(f))) {
      try {
        const row = (JSON.parse(readFileSync(join(rowsDir, file), 'utf8')) as { row: Phase1PackageRow }).row;
        finishedAt.set(row.package_id, now);
        seenFiles.add(file);
      } catch {
        // being renamed into place: next poll
      }
    }
  };
  const timer = setInterval(poll, 50);
  return { finishedAt, stop: () => clearInterval(timer) };
}

/** Every line of every JSONL file of the run parses, and no package has two lines. */
function expectWholeLines(runId: string): void {
  const runDir = join(logDir, runId);
  const jsonl = readdirSync(runDir).filter((f) => f.endsWith('.jsonl'));
  expect(jsonl).toContain('packages.jsonl');
  for (const file of jsonl) {
    const text = readFileSync(join(runDir, file), 'utf8');
    expect(text.endsWith('\n'), `${file} ends in a partial line`).toBe(true);
    for (const [i, line] of text.trimEnd().split('\n').entries())
      expect(() => JSON.parse(line) as unknown, `${file} line ${i + 1}: ${line.slice(0, 120)}`).not.toThrow();
  }
  const ids = readFileSync(join(runDir, 'packages.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => (JSON.parse(l) as { package_id: string }).package_id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toHaveLength(PACKAGES);
  for (const file of readdirSync(runDir).filter((f) => f.endsWith('.json')))
    expect(() => JSON.parse(readFileSync(join(runDir, file), 'utf8')) as unknown, file).not.toThrow();
}

/** Processes whose command line or working folder is inside `folder`. */
function processesIn(folder: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (cmdline.includes(folder) || cwd.startsWith(folder)) found.push(`${pid}: ${cmdline}`);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

describe('the team cluster (deploy/local-cluster.sh)', () => {
  let baseline: ReturnType<typeof comparable>;

  it('brings up PostgreSQL, the Temporal server, the namespace and three workers; up again changes nothing', async () => {
    const status = await cluster.status();
    expect(status.code, status.text).toBe(0);
    expect(status.text).toMatch(/postgresql\s+running/);
    expect(status.text).toMatch(/temporal-server\s+running .*healthy/);
    expect(status.text).toMatch(/temporal-ui\s+running/);
    expect(cluster.workers()).toHaveLength(WORKERS);

    // The compose file's init job made every search attribute smi-bench sets.
    const list = execFileSync(
      join(PROJECT_ROOT, '.tools', 'bin', 'temporal'),
      ['operator', 'search-attribute', 'list', '--address', cluster.address, '--namespace', 'default'],
      { encoding: 'utf8' },
    );
    for (const key of Object.values(SEARCH_ATTRIBUTES)) expect(list).toContain(key.name);

    const pids = cluster.pids();
    await cluster.script('up', '--workers', String(WORKERS));
    expect(cluster.pids()).toEqual(pids);
  });

  it('runs 500 packages uninterrupted on three workers (the baseline)', async () => {
    const offset = stub.requests.length;
    await (await start('baseline')).result();
    baseline = comparable('baseline');
    expect(baseline).toHaveLength(PACKAGES);
    const counts = requestsSince(offset);
    expect(counts.size).toBe(PACKAGES);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expectWholeLines('baseline');

    // The server keeps its state in PostgreSQL: the run's workflows are rows of Temporal's tables there.
    const executions = execFileSync(
      'psql',
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(cluster.postgresPort),
        '-U',
        'temporal',
        '-d',
        'temporal',
        '-tAc',
        'SELECT count(*) FROM executions',
      ],
      { encoding: 'utf8', env: { ...process.env, PGPASSWORD: 'temporal' } },
    );
    expect(Number(executions.trim())).toBeGreaterThan(PACKAGES);

    // The Web UI reads the same server, and finds the run by its search attribute (visibility records
    // are written a moment after the run closes).
    const query = encodeURIComponent(
      `SmiRunId = "baseline" AND SmiModel = "stub-model" AND WorkflowType = "benchmarkRun"`,
    );
    let listedIds: string[] = [];
    for (let attempt = 0; attempt < 50 && listedIds.length === 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 200));
      const page = await fetch(`${cluster.uiUrl}/api/v1/namespaces/default/workflows?query=${query}`);
      expect(page.status).toBe(200);
      const listed = (await page.json()) as { executions?: { execution: { workflowId: string } }[] };
      listedIds = (listed.executions ?? []).map((e) => e.execution.workflowId);
    }
    expect(listedIds).toEqual([runWorkflowId('phase1', 'baseline')]);
  });

  it('completes the same run through kill -9 of a worker, a new worker, and restarts of the server and PostgreSQL', async () => {
    const offset = stub.requests.length;
    const runId = 'faults';
    const watcher = watchRows(runId);
    await start(runId);
    const fault = async (atRows: number, what: string, act: () => Promise<unknown>) => {
      const done = await waitForRows(runDirOf(runId), atRows, 10 * 60_000);
      expect(done.length, `${what} came after the run finished`).toBeLessThan(PACKAGES);
      console.log(`cluster test: ${what} at ${done.length} rows`);
      await act();
    };
    await fault(60, 'kill -9 worker-1', async () => {
      const inFlight = stub.requests.filter((r) => r.time > Date.now() - 150).length;
      await cluster.script('stop-worker', '1', '--kill');
      expect(cluster.workers()).not.toContain('worker-1');
      console.log(`cluster test: ${inFlight} model calls in flight across the workers at the kill`);
    });
    await fault(110, 'add a worker', () => cluster.script('add-worker'));
    await fault(160, 'restart the Temporal server', () => cluster.script('restart-server'));
    await fault(finishedPackages(runDirOf(runId)).length + 40, 'restart PostgreSQL', () =>
      cluster.script('restart-postgres'),
    );
    await resultOf(runId);
    watcher.stop();

    expect(comparable(runId)).toEqual(baseline);
    expectWholeLines(runId);
    // A package in flight at a fault may be asked again (its call is retried); one whose row was written
    // may not. The watcher sees a row up to 50 ms late, which only makes this check stricter.
    const requests = stub.requests.slice(offset).filter((r) => r.packageId);
    expect(watcher.finishedAt.size).toBe(PACKAGES);
    for (const r of requests) {
      const finished = watcher.finishedAt.get(r.packageId!);
      expect(finished, `package ${r.packageId} has no row`).toBeDefined();
      expect(r.time, `package ${r.packageId} was asked again after its row was written`).toBeLessThanOrEqual(
        finished!,
      );
    }
    const counts = requestsSince(offset);
    expect(counts.size).toBe(PACKAGES);
    const repeated = [...counts.values()].filter((n) => n > 1).length;
    console.log(
      `cluster test: no package asked again after it finished; ${requests.length - PACKAGES} calls ` +
        `repeated, for ${repeated} packages in flight at a fault`,
    );

    // The CLI on another "host" reads the run back through the cluster.
    const out = join(dir, 'faults-result.json');
    const results = await smiBench(['results', runId, '--log-dir', logDir, '--out', out], {
      TEMPORAL_ADDRESS: cluster.address,
      SMI_HOME: join(dir, 'cli-home'),
    });
    expect(results.exitCode, String(results.stderr)).toBe(0);
    expect(comparableRows(out)).toEqual(baseline);
  });

  it('kept each worker to its own folders: nothing of the runs was written there', () => {
    for (const n of readdirSync(join(cluster.stateDir, 'workers'))) {
      const own = readdirSync(join(cluster.stateDir, 'workers', n));
      expect(own.filter((f) => f !== 'smi-home')).toEqual([]);
    }
  });

  it('down stops every process of the cluster', async () => {
    const pids = cluster.pids();
    await cluster.script('down');
    for (const [name, pid] of Object.entries(pids)) expect(isAlive(pid), `${name} (${pid})`).toBe(false);
    expect(processesIn(cluster.stateDir)).toEqual([]);
    expect((await cluster.status()).code).toBe(1);
  });
});
