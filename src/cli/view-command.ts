// `smi-bench view`: a local web server over the run directories of a log dir, until Ctrl-C.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { startViewServer } from '../view/server.js';
import { TemporalReader } from '../view/temporal.js';
import { UsageError } from '../usage-error.js';
import type { CliIO } from './run-common.js';

export interface ViewCliOptions {
  logDir: string;
  port: string;
  host: string;
}

function parsePort(raw: string): number {
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(port >= 0 && port <= 65535))
    throw new UsageError(`--port must be a port number from 0 (any free port) to 65535, got "${raw}"`);
  return port;
}

/** Why the server could not listen, said as what to do about it. */
function listenProblem(err: NodeJS.ErrnoException, host: string, port: number): UsageError {
  if (err.code === 'EADDRINUSE')
    return new UsageError(`port ${port} on ${host} is in use; choose another with --port (0: any free port)`);
  if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN')
    return new UsageError(`--host ${host} is not an address of this machine (${err.code})`);
  if (err.code === 'EACCES')
    return new UsageError(`not allowed to listen on port ${port} (choose one above 1023)`);
  return new UsageError(`cannot listen on ${host}:${port}: ${err.message}`);
}

export async function runView(opts: ViewCliOptions, io: CliIO): Promise<number> {
  const port = parsePort(opts.port);
  const logDir = resolve(opts.logDir);
  if (!existsSync(logDir) || !statSync(logDir).isDirectory())
    throw new UsageError(`no log directory ${logDir} (runs write there; give it with --log-dir)`);
  const temporal = TemporalReader.fromEnv();
  const view = await startViewServer({ logDir, host: opts.host, port, temporal }).catch((err: unknown) => {
    throw listenProblem(err as NodeJS.ErrnoException, opts.host, port);
  });
  // The warning comes before the address, so whoever (or whatever) waits for the address has seen it.
  if (!view.loopbackOnly)
    io.log(
      `warning: listening on ${opts.host}, not only on loopback: anyone who can reach this machine can read these runs`,
    );
  io.log(`smi-bench view: ${view.url} (runs in ${logDir})`);
  io.log(
    `Temporal: progress of running runs from ${temporal.address} when it answers, else from the run directories`,
  );
  await new Promise<void>((res) => {
    process.once('SIGINT', res);
    process.once('SIGTERM', res);
  });
  await view.close();
  await temporal.close();
  return 0;
}
