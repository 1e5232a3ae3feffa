// A dedicated Temporal dev server per perf script: headless, on a free port, with a throw-away database,
// so measurements never share a server (or its history) with anything else.
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { findTemporalBinary, startDevServer, type DevServer } from '../../src/temporal/dev-server.js';
import { freePort } from '../../src/temporal/ports.js';
import { runWorkflowId } from '../../src/temporal/names.js';
import { onCleanup } from './cleanup.js';
import { startWorker, type WorkerProcess } from './processes.js';
import { log } from './report.js';
import type { Phase } from '../../src/contracts/phases.js';

/** Product processes get no TEMPORAL_NAMESPACE (see childEnv), so they use the server's default one. */
const NAMESPACE = 'default';

/**
 * The server keeps its SQLite file in the work dir, unless `dbDir` names another place (e.g. /dev/shm,
 * to see how much of a run's time goes into disk syncs).
 */
export async function startPerfServer(workDir: string, dbDir?: string): Promise<DevServer> {
  const binary = findTemporalBinary();
  if (!binary) throw new Error('the Temporal CLI is missing: run `bash scripts/install-temporal.sh`');
  let dbParent = workDir;
  if (dbDir !== undefined) {
    dbParent = mkdtempSync(join(resolve(dbDir), 'smi-perf-db-'));
    onCleanup(`database dir ${dbParent}`, () => rmSync(dbParent, { recursive: true, force: true }));
  }
  const server = await startDevServer({
    binary,
    port: await freePort(),
    uiPort: null,
    dbFile: join(dbParent, 'temporal.db'),
    logFile: join(workDir, 'temporal-server.log'),
  });
  onCleanup('Temporal dev server', () => server.stop());
  return server;
}

export interface Span {
  startMs: number;
  closeMs: number;
}

export interface RunTimeline {
  /** First execution's start (a long run continues as new every 1000 packages) to the last one's close. */
  run: Span & { executions: number };
  /** One child workflow per package. */
  packages: Span[];
}

/** Start and close of every workflow whose id matches `query`, from the server's visibility store. */
async function spans(client: Client, query: string): Promise<Span[]> {
  const found: Span[] = [];
  for await (const wf of client.workflow.list({ query })) {
    if (!wf.closeTime) throw new Error(`workflow ${wf.workflowId} is still open`);
    found.push({ startMs: wf.startTime.getTime(), closeMs: wf.closeTime.getTime() });
  }
  return found;
}

/** What the server recorded about a finished run: millisecond timestamps of the run and of each package. */
export async function runTimeline(
  address: string,
  runId: string,
  phase: Phase = 'phase1',
): Promise<RunTimeline> {
  const connection = await Connection.connect({ address });
  try {
    const client = new Client({ connection, namespace: NAMESPACE });
    const id = runWorkflowId(phase, runId);
    const runs = await spans(client, `WorkflowId = "${id}"`);
    if (runs.length === 0) throw new Error(`the server knows no run workflow for ${runId}`);
    const packages = await spans(client, `WorkflowId STARTS_WITH "${id}/"`);
    return {
      run: {
        startMs: Math.min(...runs.map((r) => r.startMs)),
        closeMs: Math.max(...runs.map((r) => r.closeMs)),
        executions: runs.length,
      },
      packages,
    };
  } finally {
    await connection.close();
  }
}

/**
 * How many packages were really in flight: on average over the run (total package time / run time),
 * and at most.
 */
export function inFlight(timeline: RunTimeline): { mean: number; max: number } {
  const runMs = timeline.run.closeMs - timeline.run.startMs;
  const busyMs = timeline.packages.reduce((sum, p) => sum + (p.closeMs - p.startMs), 0);
  const edges = timeline.packages.flatMap((p) => [
    { t: p.startMs, d: 1 },
    { t: p.closeMs, d: -1 },
  ]);
  edges.sort((a, b) => a.t - b.t || a.d - b.d); // a close before a start at the same instant
  let now = 0;
  let max = 0;
  for (const e of edges) max = Math.max(max, (now += e.d));
  return { mean: runMs > 0 ? busyMs / runMs : 0, max };
}

/** A dev server and one `smi-bench worker` connected to it: the set-up of the Temporal benchmarks. */
export async function startServerWithWorker(
  workDir: string,
  dbDir?: string,
): Promise<{ server: DevServer; worker: WorkerProcess }> {
  const server = await startPerfServer(workDir, dbDir);
  const worker = await startWorker(server.address, workDir);
  log(`Temporal dev server on ${server.address}, worker pid ${worker.pid}`);
  return { server, worker };
}
