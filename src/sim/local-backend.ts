// `local` mode's backend: each plan runs in a VM thread (src/vm-pool/, the code in local.ts), so a plan
// whose execution kills its thread (the heap filled, the stack overflowed, a bug) or passes the time
// limit is that simulation's failure, with the reason, and never the worker's.
import { checkFrameworkLocation } from '../package-store/framework-check.js';
import { unansweredExecution, vmPool } from '../vm-pool/pool.js';
import { rejected } from './errors.js';
import { LOCAL_SIMULATION } from './local.js';
import { scanStaticTypes } from './static-scan.js';
import type { SimulationBackend, SimulationOutcome, SimulationRequest } from './types.js';

async function simulateInThread(request: SimulationRequest): Promise<SimulationOutcome> {
  const outcome = await vmPool().run(LOCAL_SIMULATION, request);
  if (outcome.ok) return outcome.result;
  return {
    modeUsed: 'local',
    createdTypes: [],
    staticCreatedTypes: await scanStaticTypes(request),
    txBuildOk: true,
    execOk: false,
    failure: {
      status: 'failure',
      effectsError: unansweredExecution(outcome),
      abortCode: null,
      abortLocation: null,
    },
    fellBack: false,
    dryRunError: null,
    bcsBase64: null,
    gasBudgetUsed: null,
    attempts: 1,
  };
}

export const localBackend: SimulationBackend = {
  simulate: simulateInThread,
  preflight: async (request) => {
    if (!request.corpusRoot && !request.frameworkDir)
      return {
        mode: 'local',
        checked: ['nothing: local runs offline, with the framework of each package’s corpus'],
        chainId: null,
      };
    const found = await checkFrameworkLocation({
      corpusRoot: request.corpusRoot ?? '',
      frameworkDir: request.frameworkDir ?? null,
    });
    if (!found.ok) throw rejected(`${found.problem}\n${found.fix}`);
    return {
      mode: 'local',
      checked: [`the Move framework (${found.ids.join(', ')}) reads from ${found.source}`],
      chainId: null,
    };
  },
};
