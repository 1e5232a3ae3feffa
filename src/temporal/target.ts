// Decides where the CLI talks to Temporal:
//  - TEMPORAL_ADDRESS set: that server, with separate `smi-bench worker` processes doing the work;
//  - else smi-bench's local port (SMI_TEMPORAL_PORT, default 7233) is free: an embedded dev server there
//    (state kept in .smi-bench/temporal.db) and an in-process worker, so one command works out of the box;
//  - else a smi-bench server is listening there (`smi-bench server`, or another command's embedded one):
//    that server, plus an in-process worker;
//  - else the port is taken by something else (not Temporal, or a Temporal server without smi-bench's
//    search attributes): refuse, and say how to use it on purpose or how to pick another port. A worker
//    polling a stranger's task queues, or runs landing on someone else's server, must never happen by chance.
import { join } from 'node:path';
import type { ProcessConfig } from '../config/variables.js';
import { smiHome } from '../smi-home.js';
import { Connection, isGrpcServiceError } from '@temporalio/client';
import { UsageError } from '../usage-error.js';
import { SEARCH_ATTRIBUTES } from './names.js';
import { ensureTemporalBinary, startDevServer, type DevServer } from './dev-server.js';
import { isPortOpen } from './ports.js';

const LOCAL_HOST = '127.0.0.1';
const SEARCH_ATTRIBUTE_NAMES = Object.values(SEARCH_ATTRIBUTES).map((k) => k.name);
/** gRPC status codes (grpc/doc/statuscodes.md). */
const GRPC_NOT_FOUND = 5;
const GRPC_UNIMPLEMENTED = 12;

/** Where the server came from: the user's TEMPORAL_ADDRESS, a smi-bench server found running, or ours. */
export type TargetKind = 'from-env' | 'existing' | 'embedded';

export interface TemporalTarget {
  kind: TargetKind;
  address: string;
  /** Present when this process started the server; stop it when done. */
  embedded: DevServer | null;
  /** Whether this process should run a worker itself. */
  inProcessWorker: boolean;
  uiUrl: string | null;
  /** The embedded server's database file. */
  dbFile: string | null;
}

export interface LocalServerPorts {
  port: number;
  uiPort: number;
}

/** The settings that say where smi-bench's own server is, and its Web UI. */
export type TargetConfig = Pick<
  ProcessConfig,
  'SMI_TEMPORAL_PORT' | 'SMI_TEMPORAL_UI_PORT' | 'SMI_TEMPORAL_UI_URL' | 'SMI_TEMPORAL_BIN'
>;

/** The ports of smi-bench's own local server (SMI_TEMPORAL_PORT and SMI_TEMPORAL_UI_PORT). */
export function localServerPorts(
  config: Pick<ProcessConfig, 'SMI_TEMPORAL_PORT' | 'SMI_TEMPORAL_UI_PORT'>,
): LocalServerPorts {
  return { port: config.SMI_TEMPORAL_PORT, uiPort: config.SMI_TEMPORAL_UI_PORT };
}

export async function resolveTemporalTarget(
  namespace: string,
  log: (line: string) => void,
  config: TargetConfig,
  temporalAddress: string | undefined,
): Promise<TemporalTarget> {
  if (temporalAddress) {
    return {
      kind: 'from-env',
      address: temporalAddress,
      embedded: null,
      inProcessWorker: false,
      uiUrl: config.SMI_TEMPORAL_UI_URL ?? null,
      dbFile: null,
    };
  }
  const { port, uiPort } = localServerPorts(config);
  const address = `${LOCAL_HOST}:${port}`;
  if (await isPortOpen(LOCAL_HOST, port)) {
    await checkIsSmiBenchServer(address, namespace);
    const uiUp = await isPortOpen(LOCAL_HOST, uiPort);
    return {
      kind: 'existing',
      address,
      embedded: null,
      inProcessWorker: true,
      uiUrl: uiUp ? `http://${LOCAL_HOST}:${uiPort}` : null,
      dbFile: null,
    };
  }
  const binary = await ensureTemporalBinary(log, config.SMI_TEMPORAL_BIN);
  const home = smiHome();
  const dbFile = join(home, 'temporal.db');
  const uiFree = !(await isPortOpen(LOCAL_HOST, uiPort));
  const server = await startDevServer({
    binary,
    port,
    uiPort: uiFree ? uiPort : null,
    dbFile,
    logFile: join(home, 'temporal-server.log'),
    ...(namespace === 'default' ? {} : { extraNamespaces: [namespace] }),
  });
  if (!uiFree) log(`note: port ${uiPort} (SMI_TEMPORAL_UI_PORT) is in use, so the embedded server has no UI`);
  return {
    kind: 'embedded',
    address: server.address,
    embedded: server,
    inProcessWorker: true,
    uiUrl: server.uiUrl,
    dbFile,
  };
}

/** Servers this process started for runs of its own (the demo's) and has described itself. */
const startedHere = new Set<string>();

/** Marks a server this process started and described, so the commands it runs there do not call it found. */
export function noteServerStartedHere(address: string): void {
  startedHere.add(address);
}

/** Whether the target is a server this process started and has already described. */
export function describedHere(target: TemporalTarget): boolean {
  return target.kind === 'existing' && startedHere.has(target.address);
}

/** One line that says which server a command uses and how. */
export function describeTarget(target: TemporalTarget, namespace: string, workerHere: boolean): string {
  const where = {
    'from-env': `${target.address} from TEMPORAL_ADDRESS`,
    existing: `smi-bench server found running at ${target.address}`,
    embedded: `embedded dev server ${target.address} (started for this command, stops with it; state in ${target.dbFile})`,
  }[target.kind];
  return (
    `Temporal: ${where}, namespace "${namespace}"` +
    (target.uiUrl ? `, UI ${target.uiUrl}` : '') +
    (workerHere ? '; worker in this process' : '')
  );
}

const HOW_TO_CHOOSE =
  'To let smi-bench start its own server, choose a free port with SMI_TEMPORAL_PORT (and SMI_TEMPORAL_UI_PORT ' +
  'for its Web UI), e.g. SMI_TEMPORAL_PORT=7243 SMI_TEMPORAL_UI_PORT=8243.';

/**
 * A server on smi-bench's local port is used only when it is smi-bench's: a Temporal server whose namespace
 * has smi-bench's search attributes (`smi-bench server` and the embedded server register them).
 */
export async function checkIsSmiBenchServer(address: string, namespace: string): Promise<void> {
  let connection: Connection;
  try {
    connection = await Connection.connect({ address, connectTimeout: 3000 });
  } catch {
    throw new UsageError(
      `${address} is in use by something that is not a Temporal server (no Temporal answer within 3 s). ${HOW_TO_CHOOSE}`,
    );
  }
  try {
    // connect() takes UNIMPLEMENTED for an old Temporal server, so any gRPC server gets this far (a Sui
    // node, `smi-bench fullnode`): asked again here, only a Temporal frontend answers.
    await connection.workflowService.getSystemInfo({}).catch((err: unknown) => {
      if (!isGrpcServiceError(err) || err.code !== GRPC_UNIMPLEMENTED) throw err;
      throw new UsageError(
        `${address} answers gRPC but is not a Temporal server (its answer to Temporal's GetSystemInfo is ` +
          `UNIMPLEMENTED): is SMI_TEMPORAL_PORT the port of another gRPC service, such as a Sui full node? ` +
          HOW_TO_CHOOSE,
      );
    });
    const missing = await missingSearchAttributes(connection, namespace).catch((err: unknown) => {
      if (isGrpcServiceError(err) && err.code === GRPC_NOT_FOUND)
        throw new UsageError(
          `the Temporal server at ${address} has no namespace "${namespace}": give TEMPORAL_NAMESPACE the ` +
            `namespace it was started with (none for "default"). ${HOW_TO_CHOOSE}`,
        );
      throw new UsageError(
        `the Temporal server at ${address} did not list its search attributes (${(err as Error).message}). ${HOW_TO_CHOOSE}`,
      );
    });
    if (missing.length === 0) return;
    throw new UsageError(
      `the Temporal server at ${address} was not started by smi-bench (namespace "${namespace}" lacks ` +
        `smi-bench's search attributes ${missing.join(', ')}), so smi-bench will not run work on it unasked. ` +
        `To use it deliberately, set TEMPORAL_ADDRESS=${address} and start \`smi-bench worker\` processes ` +
        `(smi-bench then registers its search attributes there). ${HOW_TO_CHOOSE}`,
    );
  } finally {
    await connection.close();
  }
}

/** Names of smi-bench's search attributes that the namespace lacks. */
async function missingSearchAttributes(connection: Connection, namespace: string): Promise<string[]> {
  const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
  return SEARCH_ATTRIBUTE_NAMES.filter((name) => !(name in (customAttributes ?? {})));
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
    const missing = await missingSearchAttributes(connection, namespace);
    if (missing.length === 0) return true;
    await connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(missing.map((name) => [name, 2 /* INDEXED_VALUE_TYPE_KEYWORD */])),
    });
    return true;
  } catch (err) {
    log(
      `warning: could not register search attributes (${(err as Error).message}); runs will not be searchable by them`,
    );
    return false;
  }
}
