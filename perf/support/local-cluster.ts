// Drives deploy/local-cluster.sh for the cluster tests and the cluster benchmark: a cluster of its own
// (state folder, Temporal ports, PostgreSQL port), never one that happens to run on the default ports.
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from './project.js';

const execFileAsync = promisify(execFile);
export const CLUSTER_SCRIPT = join(PROJECT_ROOT, 'deploy', 'local-cluster.sh');

/** The server build is shared by every cluster made here, so only the first one pays for it. */
export const SHARED_SERVER_DIR = join(PROJECT_ROOT, '.smi-cluster', 'temporal-server-1.29.1');

/** The ports the script derives from TEMPORAL_PORT (see write_server_config there). */
const SERVER_PORT_OFFSETS = [0, 1, 2, 6, 10, -300, -299, -298, -294];

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A TEMPORAL_PORT whose derived ports are all free, and free ports for PostgreSQL and the Web UI. */
async function freeClusterPorts(): Promise<{ temporalPort: number; postgresPort: number; uiPort: number }> {
  for (let attempt = 0; attempt < 200; attempt++) {
    // Below 33000: the server's membership ports (300 below) must fit PostgreSQL's smallint.
    const base = 20_000 + Math.floor(Math.random() * 12_000);
    const ports = [...SERVER_PORT_OFFSETS.map((o) => base + o), base + 20, base + 21];
    const free = await Promise.all(ports.map(canListen));
    if (free.every(Boolean)) return { temporalPort: base, postgresPort: base + 20, uiPort: base + 21 };
  }
  throw new Error('no free block of ports for a cluster');
}

export class LocalCluster {
  private constructor(
    readonly stateDir: string,
    readonly address: string,
    readonly postgresPort: number,
    /** The Web UI's base URL. */
    readonly uiUrl: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /**
   * A cluster with its state in `stateDir` (made reachable for the `postgres` user when running as root).
   * `env` goes to the script and so to the workers it starts (the model key, concurrency settings).
   */
  static async create(stateDir: string, env: NodeJS.ProcessEnv = {}): Promise<LocalCluster> {
    mkdirSync(stateDir, { recursive: true });
    chmodSync(stateDir, 0o755);
    const { temporalPort, postgresPort, uiPort } = await freeClusterPorts();
    const uiUrl = `http://127.0.0.1:${uiPort}`;
    return new LocalCluster(stateDir, `127.0.0.1:${temporalPort}`, postgresPort, uiUrl, {
      ...process.env,
      ...env,
      SMI_CLUSTER_DIR: stateDir,
      SMI_CLUSTER_SERVER_DIR: process.env.SMI_CLUSTER_SERVER_DIR ?? SHARED_SERVER_DIR,
      TEMPORAL_PORT: String(temporalPort),
      SMI_CLUSTER_POSTGRES_PORT: String(postgresPort),
      TEMPORAL_UI_PORT: String(uiPort),
      SMI_PUBLISH_IP: '127.0.0.1',
    });
  }

  /** Runs `local-cluster.sh <args>`; rejects with its output when it fails. */
  async script(...args: string[]): Promise<{ stdout: string; stderr: string }> {
    try {
      return await execFileAsync('bash', [CLUSTER_SCRIPT, ...args], {
        env: this.env,
        cwd: PROJECT_ROOT,
        timeout: 30 * 60_000,
        maxBuffer: 64 << 20,
      });
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string; message: string };
      throw new Error(`local-cluster.sh ${args.join(' ')} failed: ${e.message}\n${e.stderr ?? ''}`);
    }
  }

  /** The exit code and output of `status` (0: everything runs). */
  async status(): Promise<{ code: number; text: string }> {
    try {
      return { code: 0, text: (await this.script('status')).stdout };
    } catch (err) {
      return { code: 1, text: (err as Error).message };
    }
  }

  /** Pids the script recorded for its processes (server, workers) plus PostgreSQL's postmaster. */
  pids(): Record<string, number> {
    const out: Record<string, number> = {};
    const runDir = join(this.stateDir, 'run');
    if (existsSync(runDir))
      for (const file of readdirSync(runDir).filter((f) => f.endsWith('.pid')))
        out[file.slice(0, -4)] = Number(readFileSync(join(runDir, file), 'utf8').trim());
    const postmaster = join(this.stateDir, 'postgresql', 'data', 'postmaster.pid');
    if (existsSync(postmaster)) out.postgresql = Number(readFileSync(postmaster, 'utf8').split('\n')[0]);
    return out;
  }

  /** Names of the running workers (`worker-N`). */
  workers(): string[] {
    return Object.entries(this.pids())
      .filter(([name, pid]) => name.startsWith('worker-') && isAlive(pid))
      .map(([name]) => name);
  }
}

/** Running, and not a zombie: a PostgreSQL that pg_ctl started is reaped by init, some time later. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
