// The simulation backends by mode. Workflows only ever pass a mode's name: a new backend (such as an
// in-process Move VM) is a new entry here and a name in SIMULATION_MODES, nothing else.
import { buildOnlyBackend } from './build-only.js';
import { externalBackend } from './external.js';
import { devInspectBackend, dryRunBackend } from './rpc-backends.js';
import { rejected } from './errors.js';
import {
  SIMULATION_MODES,
  type PreflightReport,
  type PreflightRequest,
  type SimulationBackend,
  type SimulationMode,
  type SimulationOutcome,
  type SimulationRequest,
} from './types.js';

const BACKENDS: Record<SimulationMode, SimulationBackend> = {
  'build-only': buildOnlyBackend,
  'dry-run': dryRunBackend,
  'dev-inspect': devInspectBackend,
  external: externalBackend,
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

/** Checks only what the mode needs: nothing for build-only, the RPC for RPC modes, the binary for external. */
export async function preflightSimulation(
  request: PreflightRequest,
  signal?: AbortSignal,
): Promise<PreflightReport> {
  return backendFor(request.mode).preflight(request, signal);
}
