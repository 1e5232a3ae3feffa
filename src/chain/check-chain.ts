// Before a command's first real call: the node answers gRPC, and serves the network the user named
// (GetServiceInfo's `chain`), so a node of the wrong network is refused before anything is read or written.
import type { GrpcTypes, SuiGrpcClient } from '@mysten/sui/grpc';
import { ChainError, chainStep } from './grpc-client.js';
import type { SuiNetwork } from '../contracts/simulation.js';

/** What the node says it serves; a ChainError when it does not answer or serves another network. */
export async function checkChain(
  client: SuiGrpcClient,
  url: string,
  network: SuiNetwork | null,
  what: string,
  signal?: AbortSignal,
): Promise<GrpcTypes.GetServiceInfoResponse> {
  const { response: info } = await chainStep(url, what, signal, () =>
    client.ledgerService.getServiceInfo({}, { abort: signal }),
  );
  if (network && info.chain !== network)
    throw new ChainError(
      'rejected',
      `wrong network: the node at ${url} serves ${info.chain ?? 'an unnamed chain'}, not ${network} ` +
        `(chain id ${info.chainId ?? '?'})`,
    );
  return info;
}
