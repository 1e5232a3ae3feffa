// The setting of the crash tests: a Temporal dev server of their own (restartable on the same port and
// database file), a client, and `smi-bench worker` processes that can be killed.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { findTemporalBinary, startDevServer, type DevServer } from '../../src/temporal/dev-server.js';
import { DEFAULT_NAMESPACE } from '../../src/temporal/names.js';
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

  async close(): Promise<void> {
    await Promise.all(this.workers.map(stopProcess));
    await this.connection.close();
    await this.server.stop();
  }
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
