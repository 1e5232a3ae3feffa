// The simulation backends by mode. Workflows only ever pass a mode's name: a new backend (such as an
// in-process Move VM) is a new entry here and a name in SIMULATION_MODES, nothing else.
import { buildOnlyBackend } from './build-only.js';
import { externalBackend } from './external.js';
import { localBackend } from './local-backend.js';
import { devInspectBackend, dryRunBackend } from './chain-backends.js';
import { rejected, SimulationError } from './errors.js';
import {
  type PreflightReport,
  type PreflightRequest,
  type SimulationBackend,
  type SimulationOutcome,
  type SimulationRequest,
} from './types.js';
import { SIMULATION_MODES, type SimulationMode } from '../contracts/simulation.js';

const BACKENDS: Record<SimulationMode, SimulationBackend> = {
  'build-only': buildOnlyBackend,
  'dry-run': dryRunBackend,
  'dev-inspect': devInspectBackend,
  external: externalBackend,
  local: localBackend,
};

export function isSimulationMode(mode: string): mode is SimulationMode {
  return (SIMULATION_MODES as readonly string[]).includes(mode);
}

function backendFor(mode: string): SimulationBackend {
  if (!isSimulationMode(mode)) {
    throw rejected(
      `unknown simulation mode ${JSON.stringify(mode)}; expected one of ${SIMULATION_MODES.join(', ')}`,
    );
  }
  return BACKENDS[mode];
}

/**
 * Simulates one plan in the request's mode.
 * @throws SimulationError: `rejected` (the plan cannot run as given), `unavailable`, `timeout`
 */
export async function simulatePlan(
  request: SimulationRequest,
  signal?: AbortSignal,
): Promise<SimulationOutcome> {
  return backendFor(request.mode).simulate(request, signal);
}

/** A plan's simulation, or why the simulator refused it. */
export type PlanResult =
  { outcome: SimulationOutcome; rejection: null } | { outcome: null; rejection: string };

/**
 * Simulates plans one after another, so that a package's candidates and variants can share one
 * activity (build-only takes well under a millisecond per plan). A plan the simulator rejects gets its
 * reason; an unreachable RPC or a timeout fails the whole batch, since a retry may help.
 */
export async function simulatePlans(
  requests: readonly SimulationRequest[],
  signal?: AbortSignal,
): Promise<PlanResult[]> {
  const results: PlanResult[] = [];
  for (const request of requests) {
    try {
      results.push({ outcome: await simulatePlan(request, signal), rejection: null });
    } catch (error) {
      if (!(error instanceof SimulationError) || error.kind !== 'rejected') throw error;
      results.push({ outcome: null, rejection: error.message });
    }
  }
  return results;
}

/** Checks only what the mode needs: nothing for build-only, the RPC for RPC modes, the binary for external. */
export async function preflightSimulation(
  request: PreflightRequest,
  signal?: AbortSignal,
): Promise<PreflightReport> {
  return backendFor(request.mode).preflight(request, signal);
}
