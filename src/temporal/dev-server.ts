// Finds, starts and stops the `temporal server start-dev` process (the Temporal CLI's dev server).
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Connection } from '@temporalio/client';
import { DEFAULT_NAMESPACE, SEARCH_ATTRIBUTES } from './names.js';
import { stopWhenThisProcessDies } from './parent-watchdog.js';
import { isPortOpen } from './ports.js';
import { PROJECT_ROOT } from '../project-root.js';

/** `pinned` (SMI_TEMPORAL_BIN), then the project's own install in `.tools/bin`, then `temporal` on PATH. */
export function findTemporalBinary(pinned?: string): string | undefined {
  if (pinned) return existsSync(pinned) ? pinned : undefined;
  const local = join(PROJECT_ROOT, '.tools', 'bin', 'temporal');
  if (existsSync(local)) return local;
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const candidate = join(dir, 'temporal');
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Installs the CLI with the project's script when it is missing (first run on a fresh clone). */
export async function ensureTemporalBinary(
  log: (line: string) => void,
  pinned: string | undefined,
): Promise<string> {
  const found = findTemporalBinary(pinned);
  if (found) return found;
  log('The Temporal CLI is not installed yet; installing it into .tools/ (one time, about 10 s) ...');
  // Loaded only here: execa takes longer to load than most commands take to run (status, results).
  const { execa } = await import('execa');
  await execa('bash', [join(PROJECT_ROOT, 'scripts', 'install-temporal.sh')], { stdio: 'inherit' });
  const installed = findTemporalBinary(pinned);
  if (!installed) throw new Error('the Temporal CLI could not be installed; run scripts/install-temporal.sh');
  return installed;
}

export interface DevServerOptions {
  binary: string;
  port: number;
  /** Web UI port; `null` runs headless. */
  uiPort: number | null;
  /** SQLite file that keeps the server's state across restarts. */
  dbFile: string;
  logFile?: string;
  ip?: string;
  /** Namespaces to create besides `default`. */
  extraNamespaces?: string[];
}

export interface DevServer {
  address: string;
  uiUrl: string | null;
  process: ChildProcess;
  stop(): Promise<void>;
}

export function devServerArgs(opts: DevServerOptions): string[] {
  const args = [
    'server',
    'start-dev',
    '--ip',
    opts.ip ?? '127.0.0.1',
    '--port',
    String(opts.port),
    '--db-filename',
    opts.dbFile,
    '--log-level',
    'warn',
    // Write-ahead logging without an fsync per commit: several times the throughput, and still safe
    // when the server process is killed (only a power loss can drop the last commits).
    '--sqlite-pragma',
    'journal_mode=wal',
    '--sqlite-pragma',
    'synchronous=normal',
    // One partition per task queue instead of four: a dev server is one process with a handful of
    // workers, so more partitions only add forwarding between them (CPU, and latency for each task).
    '--dynamic-config-value',
    'matching.numTaskqueueReadPartitions=1',
    '--dynamic-config-value',
    'matching.numTaskqueueWritePartitions=1',
  ];
  for (const ns of opts.extraNamespaces ?? []) args.push('--namespace', ns);
  args.push(...(opts.uiPort === null ? ['--headless'] : ['--ui-port', String(opts.uiPort)]));
  for (const key of Object.values(SEARCH_ATTRIBUTES)) {
    args.push('--search-attribute', `${key.name}=Keyword`);
  }
  return args;
}

/** How long a server asked to stop may take before it is killed. */
const STOP_GRACE_MS = 10_000;

/** How many times a server that lost a race for one of its internal ports is started again. */
const PORT_RACE_RETRIES = 3;

/**
 * Starts the dev server and waits until its frontend answers. The server picks its HTTP, metrics and
 * cluster ports itself ("a random free port"), so another process may take one between its pick and its
 * bind; such a start is tried again. Any other early exit is reported with the log's last error.
 */
export async function startDevServer(opts: DevServerOptions, timeoutMs = 60_000): Promise<DevServer> {
  for (let attempt = 0; ; attempt++) {
    const logStart = opts.logFile && existsSync(opts.logFile) ? statSync(opts.logFile).size : 0;
    try {
      return await startOnce(opts, timeoutMs);
    } catch (err) {
      if (!(err instanceof EarlyExitError)) throw err;
      const failure = opts.logFile ? startFailure(opts.logFile, logStart) : undefined;
      if (failure?.portTaken && attempt < PORT_RACE_RETRIES) continue;
      const cause = failure?.cause;
      throw new Error(
        `the Temporal dev server exited with code ${err.code} while starting` +
          (cause ? `: ${cause}` : '') +
          (opts.logFile ? ` (see ${opts.logFile})` : ''),
      );
    }
  }
}

/** Go's text for a bind that lost: `listen tcp 127.0.0.1:41915: bind: address already in use`. */
const PORT_TAKEN = /listen \S+ \S+: bind: address already in use|address already in use/i;

class EarlyExitError extends Error {
  constructor(readonly code: number | null) {
    super(`exited with code ${code}`);
  }
}

interface StartFailure {
  /** The error for a message: the lost bind itself when that was it, else the last error line. */
  cause: string | undefined;
  portTaken: boolean;
}

const MAX_CAUSE_CHARS = 400;

/**
 * Reads why a start failed from what the server wrote after `from`. The lost bind is looked for in whole
 * lines: the server wraps it in a dependency-injection chain whose text runs to several kilobytes before
 * the bind's own words.
 */
function startFailure(logFile: string, from: number): StartFailure | undefined {
  let text: string;
  try {
    text = readFileSync(logFile, 'utf8').slice(from);
  } catch {
    return undefined;
  }
  const lines = text.split('\n').filter((l) => /error|fatal|panic|unable|failed/i.test(l));
  const bind = lines.map((l) => PORT_TAKEN.exec(l)?.[0]).find((m) => m !== undefined);
  if (bind) return { cause: bind, portTaken: true };
  const last = lines.at(-1)?.trim();
  const cause = last && last.length > MAX_CAUSE_CHARS ? `${last.slice(0, MAX_CAUSE_CHARS)}…` : last;
  return { cause, portTaken: false };
}

async function startOnce(opts: DevServerOptions, timeoutMs: number): Promise<DevServer> {
  const host = opts.ip ?? '127.0.0.1';
  if (await isPortOpen(host, opts.port)) {
    throw new Error(`cannot start the Temporal dev server: port ${opts.port} is already in use`);
  }
  mkdirSync(dirname(opts.dbFile), { recursive: true });
  const out = opts.logFile ? openSync(opts.logFile, 'a') : 'ignore';
  const child = spawn(opts.binary, devServerArgs(opts), { stdio: ['ignore', out, out], detached: false });
  if (typeof out === 'number') closeSync(out); // the child holds its own copy
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
  // The server never outlives the process that started it, however that process ends.
  stopWhenThisProcessDies(child, STOP_GRACE_MS);
  const address = `${host}:${opts.port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const early = await Promise.race([exited, sleep(250).then(() => 'running' as const)]);
    if (early !== 'running') throw new EarlyExitError(early);
    if (await frontendReady(address)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `the Temporal dev server did not become ready on ${address} within ${timeoutMs / 1000}s`,
      );
    }
  }
  return {
    address,
    uiUrl: opts.uiPort === null ? null : `http://${host === '0.0.0.0' ? 'localhost' : host}:${opts.uiPort}`,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(force);
    },
  };
}

async function frontendReady(address: string): Promise<boolean> {
  try {
    const connection = await Connection.connect({ address, connectTimeout: 1000 });
    try {
      await connection.workflowService.describeNamespace({ namespace: DEFAULT_NAMESPACE });
      return true;
    } finally {
      await connection.close();
    }
  } catch {
    return false;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((res) => setTimeout(res, ms));
}
