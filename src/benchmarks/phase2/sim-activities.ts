// Activities on the smi-sim queue: simulating plans, the sender's inventory, and the pre-flight check.
// They heartbeat while they run; errors become typed failures so that a plan the simulator rejects is
// not retried while an unreachable RPC is.
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import {
  fetchInventory,
  preflightSimulation,
  SimulationError,
  simulatePlan,
  simulatePlans,
  type Inventory,
  type PlanResult,
  type PreflightReport,
  type PreflightRequest,
  type SimulationErrorKind,
  type SimulationOutcome,
  type SimulationRequest,
} from '../../sim/index.js';
import { toFailure } from '../../activity-support/failures.js';
import { withHeartbeat } from '../../activity-support/heartbeat.js';
import type { RpcProtocol } from '../../contracts/simulation.js';
import { FailureType } from '../../contracts/failure-types.js';

const FAILURE_TYPES: Record<SimulationErrorKind, string> = {
  rejected: FailureType.SimulationRejected,
  unavailable: FailureType.SimulationUnavailable,
  timeout: FailureType.SimulationTimeout,
};

function toSimulationFailure(error: unknown): unknown {
  if (!(error instanceof SimulationError)) return toFailure(error);
  return ApplicationFailure.create({
    type: FAILURE_TYPES[error.kind],
    message: error.message,
    nonRetryable: error.kind === 'rejected',
  });
}

async function asSimActivity<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = Context.current().cancellationSignal;
  try {
    return await withHeartbeat(() => work(signal));
  } catch (error) {
    throw toSimulationFailure(error);
  }
}

export function createSimActivities() {
  return {
    /** One plan through the backend its `mode` names. */
    simulatePlan: (request: SimulationRequest): Promise<SimulationOutcome> =>
      asSimActivity((signal) => simulatePlan(request, signal)),
    /** Several plans in one activity; rejected plans come back with their reason. */
    simulatePlans: (requests: SimulationRequest[]): Promise<PlanResult[]> =>
      asSimActivity((signal) => simulatePlans(requests, signal)),
    /** What the sender owns, by normalized type (§8.1). */
    fetchSenderInventory: (args: {
      rpcUrl: string;
      sender: string;
      rpcProtocol?: RpcProtocol;
    }): Promise<Inventory> =>
      asSimActivity((signal) =>
        fetchInventory(args.rpcUrl, args.sender, { signal, protocol: args.rpcProtocol }),
      ),
    /** Before a run: only what the chosen mode needs. */
    preflightSimulation: (request: PreflightRequest): Promise<PreflightReport> =>
      asSimActivity((signal) => preflightSimulation(request, signal)),
  };
}

export type SimActivities = ReturnType<typeof createSimActivities>;
