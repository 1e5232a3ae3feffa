// The setting of the crash tests: a Temporal dev server of their own (restartable on the same port and
// database file), a client, and `smi-bench worker` processes that can be killed.
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { runningPackageLines } from '../../src/cli/package-details.js';
import { findTemporalBinary, startDevServer, type DevServer } from '../../src/temporal/dev-server.js';
import {
  DEFAULT_NAMESPACE,
  runSearchAttributes,
  runWorkflowId,
  TASK_QUEUES,
} from '../../src/temporal/names.js';
import type { benchmarkRun } from '../../src/workflows/benchmark-run.js';
import type { RunInput } from '../../src/contracts/run.js';
import { freePort } from '../../src/temporal/ports.js';
import { spawnWorker, stopProcess } from './cli.js';

export class CrashLab {
  private readonly workers: ChildProcess[] = [];

  private constructor(
    readonly dir: string,
    private readonly port: number,
    public server: DevServer,
    private readonly connection: Connection,
    readonly client: Client,
  ) {}

  static async open(prefix: string): Promise<CrashLab> {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    const port = await freePort();
    const server = await startServer(dir, port);
    const connection = await Connection.connect({ address: server.address });
    return new CrashLab(
      dir,
      port,
      server,
      connection,
      new Client({ connection, namespace: DEFAULT_NAMESPACE }),
    );
  }

  /** Starts the server again, on its port and database file (after a crash). */
  async restartServer(): Promise<void> {
    this.server = await startServer(this.dir, this.port);
  }

  startWorker(): ChildProcess {
    const worker = spawnWorker({ TEMPORAL_ADDRESS: this.server.address, SMI_API_KEY: 'crash-key' });
    this.workers.push(worker);
    return worker;
  }

  /** The environment of a command that runs against this lab's server with a stub model at `baseUrl`. */
  stubModelEnv(baseUrl: string): Record<string, string> {
    return { TEMPORAL_ADDRESS: this.server.address, SMI_MODEL: 'stub', SMI_API_BASE_URL: baseUrl };
  }

  /** Starts a run as the CLI does, with the search attributes `status` looks for. */
  startRun(input: RunInput) {
    return this.client.workflow.start<typeof benchmarkRun>('benchmarkRun', {
      workflowId: runWorkflowId(input.phase, input.runId),
      taskQueue: TASK_QUEUES.orchestration,
      args: [input],
      typedSearchAttributes: runSearchAttributes(input),
    });
  }

  /** The run's running packages as status lists them (visibility is updated asynchronously). */
  async runningPackagesEventually(runId: string): Promise<string[]> {
    for (let i = 0; ; i++) {
      const lines = await runningPackageLines(this.client, runId);
      if (lines.length > 0 || i === 30) return lines;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map(stopProcess));
    await this.connection.close();
    await this.server.stop();
  }
}

/** The key a stub counts a prompt's requests under. */
export const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A run's first row without what differs between two runs of the same conversation (timing). */
export function comparableRow(runDir: string): Record<string, unknown> {
  const result = JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8')) as {
    packages: Record<string, unknown>[];
  };
  const { elapsed_seconds: _elapsed, ...row } = result.packages[0]!;
  return row;
}

/** kill -9, and wait until the process is gone. */
export async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

function startServer(dir: string, port: number): Promise<DevServer> {
  return startDevServer({
    binary: findTemporalBinary()!,
    port,
    uiPort: null,
    dbFile: join(dir, 'temporal.db'),
    logFile: join(dir, 'server.log'),
  });
}
