// `smi-bench worker`: a worker process for a shared server (scale out by starting more of them).
import { resolve } from 'node:path';
import { processConfig } from '../config/process-config.js';
import { namespaceFromEnv } from '../temporal/names.js';
import { checkIsSmiBenchServer, localServerPorts } from '../temporal/target.js';
import { sdkLogNotice, startWorkers, workerSettings } from '../worker.js';
import { workerModelDeps } from './model-access.js';
import { readDotenvFile, type CliIO } from './run-common.js';
import { STATUS_INTERVAL_MS, workerStatusLine } from './worker-status.js';

/**
 * TEMPORAL_ADDRESS, else smi-bench's local server (SMI_TEMPORAL_PORT), which must be one that smi-bench
 * started: a worker never polls a foreign server's queues unasked.
 */
async function workerAddress(): Promise<string> {
  if (process.env.TEMPORAL_ADDRESS) return process.env.TEMPORAL_ADDRESS;
  const address = `127.0.0.1:${localServerPorts(processConfig()).port}`;
  await checkIsSmiBenchServer(address, namespaceFromEnv());
  return address;
}

export async function runWorker(opts: { dotenv: string }, io: CliIO): Promise<number> {
  const address = await workerAddress();
  const dotenv = readDotenvFile(resolve(opts.dotenv));
  const llm = workerModelDeps(process.env, dotenv, io.log);
  const settings = workerSettings(address, namespaceFromEnv(), llm, processConfig());
  const workers = await startWorkers(settings);
  io.log(
    `smi-bench worker connected to ${address} (model calls in flight ≤ ${settings.llmConcurrency}` +
      (settings.llmRatePerSecond ? `, ≤ ${settings.llmRatePerSecond}/s across workers` : '') +
      '). Ctrl-C stops it; unfinished work moves to other workers.',
  );
  const stop = () => void workers.shutdown();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const status = setInterval(() => {
    const line = workerStatusLine(workers.inFlight());
    if (line) io.log(line);
  }, STATUS_INTERVAL_MS);
  try {
    await workers.done;
  } finally {
    clearInterval(status);
    const notice = sdkLogNotice();
    if (notice) io.log(notice);
  }
  return 0;
}
