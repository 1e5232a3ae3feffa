// `smi-bench server`: a Temporal dev server that keeps its state in a file and serves the Web UI.
import { join, resolve } from 'node:path';
import { ensureTemporalBinary, startDevServer, type DevServer } from '../temporal/dev-server.js';
import { processConfig } from '../config/process-config.js';
import { rawValue } from '../config/read.js';
import { namespaceFromEnv } from '../temporal/names.js';
import { smiHome } from '../smi-home.js';
import { localServerPorts } from '../temporal/target.js';
import type { CliIO } from './run-common.js';

export interface ServerCliOptions {
  /** Default: SMI_TEMPORAL_PORT, else 7233, the port other commands look at. */
  port?: number;
  /** Default: SMI_TEMPORAL_UI_PORT, else 8233. */
  uiPort?: number;
  headless: boolean;
  ip: string;
  dbFile?: string;
}

function dbFileOf(opts: ServerCliOptions): string {
  return resolve(opts.dbFile ?? join(smiHome(), 'temporal.db'));
}

/** A dev server with smi-bench's search attributes (so other commands recognise it as smi-bench's). */
export async function startSmiBenchServer(
  opts: ServerCliOptions,
  log: (line: string) => void,
): Promise<DevServer> {
  const config = processConfig();
  const ports = localServerPorts(config);
  const namespace = namespaceFromEnv();
  return startDevServer({
    binary: await ensureTemporalBinary(log, config.SMI_TEMPORAL_BIN),
    port: opts.port ?? ports.port,
    uiPort: opts.headless ? null : (opts.uiPort ?? ports.uiPort),
    dbFile: dbFileOf(opts),
    ip: opts.ip,
    logFile: join(smiHome(), 'temporal-server.log'),
    ...(namespace === 'default' ? {} : { extraNamespaces: [namespace] }),
  });
}

/** Keeps the server up until Ctrl-C (or until it exits by itself); resolves to the exit status. */
export function serveUntilStopped(server: DevServer): Promise<number> {
  return new Promise<number>((res) => {
    const stop = () => void server.stop().then(() => res(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    server.process.once('exit', (code) => res(code ?? 1));
  });
}

/** The variables that lead another command to this server: it finds it only when it sees the same. */
function findingVariables(env = process.env): string {
  const port = rawValue('SMI_TEMPORAL_PORT', env, {});
  return [
    port ? `SMI_TEMPORAL_PORT=${port}` : 'no SMI_TEMPORAL_PORT',
    'no TEMPORAL_ADDRESS',
    env.TEMPORAL_NAMESPACE ? `TEMPORAL_NAMESPACE=${env.TEMPORAL_NAMESPACE}` : 'no TEMPORAL_NAMESPACE',
  ].join(', ');
}

export async function runServer(opts: ServerCliOptions, io: CliIO): Promise<number> {
  const server = await startSmiBenchServer(opts, io.log);
  io.log(`Temporal dev server on ${server.address} (state in ${dbFileOf(opts)})`);
  if (server.uiUrl) io.log(`Web UI: ${server.uiUrl}`);
  const { port } = localServerPorts(processConfig());
  io.log(
    (opts.port === undefined || opts.port === port
      ? `Other commands on this machine find it on port ${port} by themselves when their environment says what this one's does (${findingVariables()})`
      : `Other commands on this machine use it with SMI_TEMPORAL_PORT=${opts.port}`) +
      `; elsewhere, set TEMPORAL_ADDRESS=${server.address} and start workers with \`smi-bench worker\`.`,
  );
  io.log('Press Ctrl-C to stop.');
  return serveUntilStopped(server);
}
