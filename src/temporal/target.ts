// Decides where the CLI talks to Temporal:
//  - TEMPORAL_ADDRESS set: that server, with separate `smi-bench worker` processes doing the work;
//  - something already listening on localhost:7233 (e.g. `smi-bench server`): that server, plus an
//    in-process worker;
//  - otherwise: an embedded dev server (state kept in .smi-bench/temporal.db) and an in-process worker,
//    so one command works out of the box.
import { join, resolve } from 'node:path';
import { Connection } from '@temporalio/client';
import { SEARCH_ATTRIBUTES } from './names.js';
import { ensureTemporalBinary, startDevServer, type DevServer } from './dev-server.js';
import { isPortOpen } from './ports.js';

export const DEFAULT_PORT = 7233;
export const DEFAULT_UI_PORT = 8233;

export interface TemporalTarget {
  address: string;
  /** Present when this process started the server; stop it when done. */
  embedded: DevServer | null;
  /** Whether this process should run a worker itself. */
  inProcessWorker: boolean;
  uiUrl: string | null;
}

/** Where smi-bench keeps its local state (the embedded server's database, its log). */
export function smiHome(env = process.env): string {
  return resolve(env.SMI_HOME ?? '.smi-bench');
}

export async function resolveTemporalTarget(
  log: (line: string) => void,
  env = process.env,
): Promise<TemporalTarget> {
  if (env.TEMPORAL_ADDRESS) {
    return {
      address: env.TEMPORAL_ADDRESS,
      embedded: null,
      inProcessWorker: false,
      uiUrl: env.SMI_TEMPORAL_UI_URL ?? null,
    };
  }
  if (await isPortOpen('127.0.0.1', DEFAULT_PORT)) {
    const uiUp = await isPortOpen('127.0.0.1', DEFAULT_UI_PORT);
    return {
      address: `127.0.0.1:${DEFAULT_PORT}`,
      embedded: null,
      inProcessWorker: true,
      uiUrl: uiUp ? `http://localhost:${DEFAULT_UI_PORT}` : null,
    };
  }
  const binary = await ensureTemporalBinary(log);
  const home = smiHome(env);
  const uiFree = !(await isPortOpen('127.0.0.1', DEFAULT_UI_PORT));
  const server = await startDevServer({
    binary,
    port: DEFAULT_PORT,
    uiPort: uiFree ? DEFAULT_UI_PORT : null,
    dbFile: join(home, 'temporal.db'),
    logFile: join(home, 'temporal-server.log'),
  });
  log(
    `Started a local Temporal dev server on ${server.address} (state in ${join(home, 'temporal.db')})` +
      (server.uiUrl ? `; UI at ${server.uiUrl}` : '; UI port busy, running headless'),
  );
  return { address: server.address, embedded: server, inProcessWorker: true, uiUrl: server.uiUrl };
}

/**
 * Registers smi-bench's search attributes on a server that lacks them (dev servers we start get them on the
 * command line). Returns false when that is not allowed, so runs start without them rather than fail.
 */
export async function ensureSearchAttributes(
  connection: Connection,
  namespace: string,
  log: (line: string) => void,
): Promise<boolean> {
  try {
    const { customAttributes } = await connection.operatorService.listSearchAttributes({
      namespace,
    });
    const missing = Object.values(SEARCH_ATTRIBUTES).filter((k) => !(k.name in (customAttributes ?? {})));
    if (missing.length === 0) return true;
    await connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(missing.map((k) => [k.name, 2 /* INDEXED_VALUE_TYPE_KEYWORD */])),
    });
    return true;
  } catch (err) {
    log(
      `warning: could not register search attributes (${(err as Error).message}); runs will not be searchable by them`,
    );
    return false;
  }
}
