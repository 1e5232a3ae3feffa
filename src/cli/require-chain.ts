// A chain command's first step: the node answers gRPC and serves the network asked for, else a usage error
// before anything is read or written.
import type { GrpcTypes, SuiGrpcClient } from '@mysten/sui/grpc';
import { checkChain } from '../chain/check-chain.js';
import { ChainError, createChainClient } from '../chain/grpc-client.js';
import type { ChainEndpoint } from '../chain/networks.js';
import { UsageError } from '../usage-error.js';
import type { RpcProtocol } from '../contracts/simulation.js';

export async function requireChain(
  endpoint: ChainEndpoint,
  client: SuiGrpcClient = createChainClient(endpoint.url),
): Promise<GrpcTypes.GetServiceInfoResponse> {
  try {
    return await checkChain(client, endpoint.url, endpoint.network, 'asking the node what it serves');
  } catch (error) {
    if (error instanceof ChainError) throw new UsageError(error.message);
    throw error;
  }
}

/** The check where the protocol allows it: JSON-RPC names no chain (a --network with --rpc-url is refused). */
export async function requireChainOver(
  protocol: RpcProtocol | undefined,
  endpoint: ChainEndpoint,
): Promise<void> {
  if (protocol !== 'json-rpc') await requireChain(endpoint);
}
