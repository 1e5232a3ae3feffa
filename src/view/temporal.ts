// What the view asks Temporal, when a server answers: the state of a run's workflow and its progress. The
// view only reads: it never starts a server or a worker, connects only where the other commands would look
// (TEMPORAL_ADDRESS, else smi-bench's local port), and gives up quickly, so a page never waits on a server
// that is down; it tries again a little later.
import { Client, Connection } from '@temporalio/client';
import { namespaceFromEnv, parseRunWorkflowId, runWorkflowId } from '../temporal/names.js';
import { isPortOpen } from '../temporal/ports.js';
import { localServerPorts } from '../temporal/target.js';
import { temporalUiWorkflowUrl } from '../temporal/ui-url.js';
import type { RunProgress } from '../contracts/run.js';
import { queryProgress } from '../run-queries/watch.js';
import { PHASES, type Phase } from '../contracts/phases.js';
import { processConfig } from '../config/process-config.js';

const LOCAL_HOST = '127.0.0.1';
const CONNECT_TIMEOUT_MS = 2000;
const CALL_TIMEOUT_MS = 2000;
/** After a failed attempt, pages do without Temporal this long before the next one. */
const RETRY_AFTER_MS = 10_000;

export interface RunWorkflow {
  phase: Phase;
  /** Temporal's name for the state: RUNNING, COMPLETED, FAILED, TERMINATED … */
  status: string;
  startTime: Date;
  /** Where the run writes (its workflow's memo, set when it was started): known before any worker ran. */
  runDir: string | null;
  /** The agent and model it was started with (the memo's identity), when it says. */
  agent: string | null;
  model: string | null;
  /** The run's progress query, when a worker answered it in time. */
  progress: RunProgress | null;
}

/** A running run's workflow as the server lists it, before any worker may have touched it. */
export interface ListedRun {
  runId: string;
  phase: Phase;
  startTime: Date;
  runDir: string;
  /** The agent and model the run was started with (the memo's identity), when it says. */
  agent: string | null;
  model: string | null;
}

/** How many running runs the index asks the server for at most: past it, the rest are not listed. */
const MAX_LISTED_RUNS = 500;

/** What Temporal knows of a run: its workflow, `not-found`, or null when no server answered. */
export type RunLookup = RunWorkflow | 'not-found' | null;

export class TemporalReader {
  private connection: Promise<Connection | null> | null = null;
  private failedAt = 0;
  private localUiUrl: string | null = null;

  constructor(
    /** host:port of the frontend */
    readonly address: string,
    readonly namespace: string,
    /** The UI's address as configured (SMI_TEMPORAL_UI_URL); else the local UI port is tried. */
    private readonly configuredUiUrl: string | null,
    /** The local server's UI port, when the server is smi-bench's local one. */
    private readonly localUiPort: number | null,
  ) {}

  /** The server the other commands would use, from the same variables (see temporal/target.ts). */
  static fromEnv(env = process.env): TemporalReader {
    const namespace = namespaceFromEnv(env);
    if (env.TEMPORAL_ADDRESS)
      return new TemporalReader(
        env.TEMPORAL_ADDRESS,
        namespace,
        processConfig().SMI_TEMPORAL_UI_URL ?? null,
        null,
      );
    const { port, uiPort } = localServerPorts(processConfig());
    return new TemporalReader(`${LOCAL_HOST}:${port}`, namespace, null, uiPort);
  }

  /** A link to the workflow in the Temporal UI, when the UI's address is known. */
  workflowUrl(workflowId: string): string | null {
    const ui = this.configuredUiUrl ?? this.localUiUrl;
    return ui ? temporalUiWorkflowUrl(ui, this.namespace, workflowId) : null;
  }

  /** Whether the last attempt reached the server (pages say where their numbers come from). */
  async reachable(): Promise<boolean> {
    return (await this.connect()) !== null;
  }

  /** The run's workflow; `phase` when known, else each phase's workflow id is tried. */
  async lookUpRun(runId: string, phase: Phase | null): Promise<RunLookup> {
    const connection = await this.connect();
    if (!connection) return null;
    const client = new Client({ connection, namespace: this.namespace });
    try {
      for (const candidate of phase ? [phase] : PHASES) {
        const handle = client.workflow.getHandle(runWorkflowId(candidate, runId));
        const description = await connection
          .withDeadline(Date.now() + CALL_TIMEOUT_MS, () => handle.describe())
          .catch((err: unknown) => {
            if ((err as Error).name === 'WorkflowNotFoundError') return null;
            throw err;
          });
        if (!description) continue;
        const status = description.status.name;
        const progress = status === 'RUNNING' ? await queryProgress(handle, CALL_TIMEOUT_MS) : null;
        const runDir = memoRunDir(description.memo);
        const { startTime, memo } = description;
        return { phase: candidate, status, startTime, runDir, ...startedWith(memo), progress };
      }
      return 'not-found';
    } catch {
      this.forget(connection);
      return null;
    }
  }

  /**
   * The running runs the server has (as `status` sees them: its workflows, whatever any worker did): a run
   * started with --detach is RUNNING from the moment it is started, before a worker writes its directory.
   * At most MAX_LISTED_RUNS of them. Empty when no server answers, or when listing fails part way, as
   * `lookUpRun` says nothing on failure: half a list would pass for all the runs.
   */
  async runningRuns(): Promise<ListedRun[]> {
    const connection = await this.connect();
    if (!connection) return [];
    const client = new Client({ connection, namespace: this.namespace });
    const runs: ListedRun[] = [];
    try {
      await connection.withDeadline(Date.now() + CALL_TIMEOUT_MS, async () => {
        const query = 'WorkflowType = "benchmarkRun" AND ExecutionStatus = "Running"';
        for await (const execution of client.workflow.list({ query, pageSize: 100 })) {
          const listed = listedRun(execution.workflowId, execution.startTime, execution.memo);
          if (listed) runs.push(listed);
          if (runs.length >= MAX_LISTED_RUNS) break;
        }
      });
      return runs;
    } catch {
      this.forget(connection);
      return [];
    }
  }

  async close(): Promise<void> {
    const connection = await this.connection;
    this.connection = null;
    await connection?.close().catch(() => undefined);
  }

  private connect(): Promise<Connection | null> {
    if (!this.connection && Date.now() - this.failedAt >= RETRY_AFTER_MS) {
      const attempt = this.open();
      this.connection = attempt;
      void attempt.then((connection) => {
        if (!connection && this.connection === attempt) this.forget(null);
      });
    }
    return this.connection ?? Promise.resolve(null);
  }

  private async open(): Promise<Connection | null> {
    const [host, port] = splitAddress(this.address);
    // A closed local port answers at once; connect() would keep trying until its timeout.
    if (host === LOCAL_HOST && !(await isPortOpen(host, port))) return null;
    try {
      const connection = await Connection.connect({
        address: this.address,
        connectTimeout: CONNECT_TIMEOUT_MS,
      });
      if (this.localUiPort !== null)
        this.localUiUrl = (await isPortOpen(LOCAL_HOST, this.localUiPort))
          ? `http://${LOCAL_HOST}:${this.localUiPort}`
          : null;
      return connection;
    } catch {
      return null;
    }
  }

  /** Drops the connection after a failure; pages do without Temporal for a while. */
  private forget(connection: Connection | null): void {
    this.failedAt = Date.now();
    this.connection = null;
    void connection?.close().catch(() => undefined);
  }
}

function memoRunDir(memo: Record<string, unknown> | undefined): string | null {
  const runDir = memo?.['runDir'];
  return typeof runDir === 'string' ? runDir : null;
}

/** `smi/<phase>/<run-id>` with its memo's run directory; null for anything else. */
function listedRun(
  workflowId: string,
  startTime: Date,
  memo: Record<string, unknown> | undefined,
): ListedRun | null {
  const run = parseRunWorkflowId(workflowId);
  const runDir = memoRunDir(memo);
  if (!run || !runDir) return null;
  return { ...run, startTime, runDir, ...startedWith(memo) };
}

/** The agent and model in a run's memo (its identity, as `start` recorded it). */
function startedWith(memo: Record<string, unknown> | undefined): {
  agent: string | null;
  model: string | null;
} {
  const identity = (memo?.['identity'] ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    agent: text(identity['options.agent']),
    model: text(identity['options.agentSettings.model']),
  };
}

function splitAddress(address: string): [string, number] {
  const colon = address.lastIndexOf(':');
  return [address.slice(0, colon), Number(address.slice(colon + 1))];
}
