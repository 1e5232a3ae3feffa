// A Temporal dev server as someone else would run it: plain `temporal server start-dev`, without the search
// attributes that `smi-bench server` registers. It stands for "a server that was not started for smi-bench".
import { spawn, type ChildProcess } from 'node:child_process';
import { Connection } from '@temporalio/client';
import { findTemporalBinary } from '../../src/temporal/dev-server.js';

export interface ForeignTemporal {
  address: string;
  stop(): Promise<void>;
}

/** Early exits tried again: the server binds HTTP and metrics ports it picked at random, which a parallel
 * test may take first (the product's own start does the same, reading the reason from its log). */
const EARLY_EXIT_RETRIES = 3;

export async function startForeignTemporal(port: number): Promise<ForeignTemporal> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await startOnce(port);
    } catch (err) {
      if (!(err instanceof EarlyExit) || attempt === EARLY_EXIT_RETRIES) throw err;
    }
  }
}

class EarlyExit extends Error {}

async function startOnce(port: number): Promise<ForeignTemporal> {
  const binary = findTemporalBinary();
  if (!binary) throw new Error('the Temporal CLI is missing: run `bash scripts/install-temporal.sh`');
  const child: ChildProcess = spawn(
    binary,
    [
      'server',
      'start-dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--headless',
      '--log-level',
      'error',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise((res) => child.once('exit', res));
  const address = `127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new EarlyExit(`temporal server start-dev exited with ${child.exitCode}`);
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      try {
        await connection.workflowService.describeNamespace({ namespace: 'default' });
        break;
      } finally {
        await connection.close();
      }
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return {
    address,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
