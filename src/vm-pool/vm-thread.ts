// Runs inside a VM worker thread (pool.ts): one job at a time, with the VMs loaded by earlier jobs kept
// by the modules that load them (helpers, Phase II packages, a full node's packages).
import { simulateOnNode } from '../fullnode/simulate-execution.js';
import { helperEntrypoints, runHelperEntrypoint } from '../helper/execute.js';
import { simulateLocal } from '../sim/local.js';
import { serveThreadJobs } from '../thread-pool/serve.js';
import { carriedError } from './carried-errors.js';
import type { VmJob, VmJobAnswer, VmJobKind, VmJobs } from './jobs.js';

type Handlers = { [K in VmJobKind]: (request: VmJobs[K]['request']) => Promise<VmJobs[K]['result']> };

const handlers: Handlers = {
  'helper-entrypoints': helperEntrypoints,
  'helper-entrypoint': (request) => runHelperEntrypoint(request.helper, request.index),
  'local-simulation': simulateLocal,
  'fullnode-simulation': simulateOnNode,
};

serveThreadJobs(async (job: VmJob): Promise<{ result: VmJobAnswer }> => {
  const handle = handlers[job.kind] as (request: VmJob['request']) => Promise<VmJobs[VmJobKind]['result']>;
  try {
    return { result: { ok: true, result: await handle(job.request) } };
  } catch (error) {
    const carried = carriedError(error);
    if (!carried) throw error;
    return { result: { ok: false, error: carried } };
  }
});
