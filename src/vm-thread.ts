// Runs inside a VM worker thread (src/vm-pool/pool.ts loads it by path; nothing imports it): one job at a
// time, with the VMs loaded by earlier jobs kept by the modules that load them (helpers, Phase II packages,
// a full node's packages).
import { FULLNODE_SIMULATION } from './fullnode/simulate-execution.js';
import { HELPER_ENTRYPOINT, HELPER_ENTRYPOINTS } from './helper/execute.js';
import { LOCAL_SIMULATION } from './sim/local.js';
import { serveThreadJobs } from './thread-pool/serve.js';
import type { VmJob, VmJobAnswer, VmJobKind } from './vm-pool/jobs.js';

const KINDS = new Map<string, VmJobKind<never, unknown>>(
  [HELPER_ENTRYPOINTS, HELPER_ENTRYPOINT, LOCAL_SIMULATION, FULLNODE_SIMULATION].map((kind) => [
    kind.name,
    kind as VmJobKind<never, unknown>,
  ]),
);

serveThreadJobs(async (job: VmJob): Promise<{ result: VmJobAnswer }> => {
  const kind = KINDS.get(job.kind);
  if (!kind) throw new Error(`no VM job is called ${job.kind}`);
  try {
    return { result: { ok: true, result: await kind.run(job.request as never) } };
  } catch (error) {
    const carried = kind.carry(error);
    if (!carried) throw error;
    return { result: { ok: false, error: carried } };
  }
});
