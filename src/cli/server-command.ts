// `smi-bench server`: a Temporal dev server that keeps its state in a file and serves the Web UI.
import { join, resolve } from 'node:path';
import { ensureTemporalBinary, startDevServer } from '../temporal/dev-server.js';
import { smiHome } from '../temporal/target.js';
import type { CliIO } from './run-phase1.js';

export interface ServerCliOptions {
  port: number;
  uiPort: number;
  headless: boolean;
  ip: string;
  dbFile?: string;
}

export async function runServer(opts: ServerCliOptions, io: CliIO): Promise<number> {
  const binary = await ensureTemporalBinary(io.log);
  const dbFile = resolve(opts.dbFile ?? join(smiHome(), 'temporal.db'));
  const server = await startDevServer({
    binary,
    port: opts.port,
    uiPort: opts.headless ? null : opts.uiPort,
    dbFile,
    ip: opts.ip,
    logFile: join(smiHome(), 'temporal-server.log'),
  });
  io.log(`Temporal dev server on ${server.address} (state in ${dbFile})`);
  if (server.uiUrl) io.log(`Web UI: ${server.uiUrl}`);
  io.log(
    `Point other commands at it with TEMPORAL_ADDRESS=${server.address}, and start workers with \`smi-bench worker\`.`,
  );
  io.log('Press Ctrl-C to stop.');
  const exitCode = await new Promise<number>((res) => {
    const stop = () => void server.stop().then(() => res(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    server.process.once('exit', (code) => res(code ?? 1));
  });
  return exitCode;
}
