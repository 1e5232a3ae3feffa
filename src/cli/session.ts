// A CLI command's connection to Temporal: finds or starts the server, connects a client, runs an
// in-process worker when nobody else will, and tears it all down afterwards (also on Ctrl-C).
import { Client, Connection } from '@temporalio/client';
import { processConfig } from '../config/process-config.js';
import { namespaceFromEnv } from '../temporal/names.js';
import { connectOrExplain } from '../temporal/connect.js';
import {
  describeTarget,
  describedHere,
  ensureSearchAttributes,
  resolveTemporalTarget,
  type TemporalTarget,
} from '../temporal/target.js';
import type { RunningWorkers } from '../worker.js';
import type { LlmActivityDeps } from '../activities/index.js';

export interface Session {
  client: Client;
  connection: Connection;
  target: TemporalTarget;
  workers: RunningWorkers | null;
  searchAttributes: boolean;
}

export interface SessionOptions {
  log: (line: string) => void;
  /**
   * Workers in this process: `auto` when no one else will (no TEMPORAL_ADDRESS), `always` for commands
   * whose point is to do the work here, `never` for commands that only read.
   */
  worker: 'auto' | 'always' | 'never' | WorkerChoice;
  llm?: LlmActivityDeps;
}

/**
 * For a command that learns from the server what it works on (`resume` of a run or of a set): whether to
 * run workers here, asked once connected; `inProcessWorker` is what `auto` would do.
 */
export type WorkerChoice = (client: Client, inProcessWorker: boolean) => Promise<boolean>;

const NO_KEY: LlmActivityDeps = {
  resolveApiKey: () => {
    throw new Error('no model API key is available to this worker');
  },
};

export async function withSession<T>(
  opts: SessionOptions,
  body: (session: Session) => Promise<T>,
): Promise<T> {
  const namespace = namespaceFromEnv();
  const target = await resolveTemporalTarget(
    namespace,
    opts.log,
    processConfig(),
    process.env.TEMPORAL_ADDRESS,
  );
  let workerHere = opts.worker === 'always' || (opts.worker === 'auto' && target.inProcessWorker);
  if (typeof opts.worker !== 'function' && !describedHere(target))
    opts.log(describeTarget(target, namespace, workerHere));
  let connection: Connection | null = null;
  let workers: RunningWorkers | null = null;
  const cleanup = async () => {
    if (workers) {
      await workers.shutdown().catch(() => undefined);
      // The workers are gone and the SDK's last log lines written: say if it warned, and where.
      const notice = (await import('../worker.js')).sdkLogNotice();
      if (notice) opts.log(notice);
    }
    await connection?.close().catch(() => undefined);
    if (target.embedded) {
      await target.embedded.stop();
      // Commands that work on a run printed links to it in the UI: say that they are dead now, and how to
      // keep a UI up.
      if (target.uiUrl && workerHere) {
        opts.log(
          `Stopped the Temporal dev server this command started; its UI (${target.uiUrl}) is gone with it. ` +
            'To browse runs there, keep `smi-bench server` running in another terminal (every command then ' +
            'uses it), or run the demo with --keep-server.',
        );
      }
    }
  };
  const onSignal = () => {
    opts.log('\nInterrupted. Progress is saved in Temporal; run the same command again to continue.');
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    connection = await connectOrExplain(target.address);
    // Servers found on the local port were checked to have them; ours get them when they start.
    // (Commands that only read start nothing that needs them: they skip the round trip.)
    const searchAttributes =
      target.kind === 'from-env' && opts.worker !== 'never'
        ? await ensureSearchAttributes(connection, namespace, opts.log)
        : true;
    const client = new Client({ connection, namespace });
    if (typeof opts.worker === 'function') {
      workerHere = await opts.worker(client, target.inProcessWorker);
      opts.log(describeTarget(target, namespace, workerHere));
    }
    if (workerHere) {
      // Loaded only here: the worker side of the SDK (native bridge, bundler) takes a while to load.
      const { startWorkers, workerSettings } = await import('../worker.js');
      workers = await startWorkers(
        workerSettings(target.address, namespace, opts.llm ?? NO_KEY, processConfig()),
      );
    }
    return await body({ client, connection, target, workers, searchAttributes });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup();
  }
}
