// The chain's simulation modes, `dry-run` and `dev-inspect`, over the protocol the request names: gRPC by
// default, JSON-RPC only when asked for (`--rpc-protocol json-rpc`).
import { dryRunWithFallback, singleOutcome, type Simulator } from './attempts.js';
import { grpcPreflight, grpcSimulator } from './grpc-backends.js';
import { jsonRpcPreflight, jsonRpcSimulator } from './json-rpc-backends.js';
import type { PreflightReport, PreflightRequest, SimulationBackend, SimulationRequest } from './types.js';

function simulator(request: SimulationRequest, signal?: AbortSignal): Promise<Simulator> {
  return request.rpcProtocol === 'json-rpc'
    ? jsonRpcSimulator(request, signal)
    : grpcSimulator(request, signal);
}

function preflight(request: PreflightRequest, signal?: AbortSignal): Promise<PreflightReport> {
  return request.rpcProtocol === 'json-rpc'
    ? jsonRpcPreflight(request, signal)
    : grpcPreflight(request, signal);
}

export const dryRunBackend: SimulationBackend = {
  // A plan that cannot even be built (missing object, unsupported argument) fails the same way in
  // dev-inspect, so only failures of the dry-run itself fall back.
  simulate: async (request, signal) => dryRunWithFallback(await simulator(request, signal), request, signal),
  preflight,
};

export const devInspectBackend: SimulationBackend = {
  simulate: async (request, signal) => singleOutcome(await (await simulator(request, signal)).devInspect()),
  preflight,
};
