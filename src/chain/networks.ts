// Sui's public full nodes, by network name. Since Sui turned JSON-RPC off (July 2026) these answer gRPC
// (`sui.rpc.v2`, also as gRPC-web, which is what `@mysten/sui/grpc` speaks over fetch) on the same URLs.
import { SUI_NETWORKS, type RpcProtocol, type SuiNetwork } from '../contracts/simulation.js';

export const NETWORK_URLS: Record<SuiNetwork, string> = {
  mainnet: 'https://fullnode.mainnet.sui.io:443',
  testnet: 'https://fullnode.testnet.sui.io:443',
  devnet: 'https://fullnode.devnet.sui.io:443',
};

/** Where chain commands go when neither `--rpc-url` nor `--network` says: upstream's choice, mainnet. */
export const DEFAULT_NETWORK: SuiNetwork = 'mainnet';

export function isSuiNetwork(name: string): name is SuiNetwork {
  return (SUI_NETWORKS as readonly string[]).includes(name);
}

/**
 * The endpoint a command talks to: `--rpc-url` when given, else the named network's public full node, else
 * `SMI_DEFAULT_RPC_URL`, else mainnet's. `network` is what the node must say it serves (GetServiceInfo's
 * `chain`), checked before the first real call; null when only a URL was given. Over JSON-RPC a named network
 * and a URL together are refused: that protocol has no way here to tell which network a node serves.
 */
export interface ChainEndpoint {
  url: string;
  network: SuiNetwork | null;
}

export function chainEndpoint(
  options: { rpcUrl?: string | null; network?: string | null; rpcProtocol?: RpcProtocol },
  defaultRpcUrl: string | undefined,
): ChainEndpoint {
  const network = options.network ?? null;
  if (network !== null && !isSuiNetwork(network))
    throw new Error(`unknown network ${JSON.stringify(network)}; expected one of ${SUI_NETWORKS.join(', ')}`);
  // Only gRPC's GetServiceInfo names the chain; the networks' JSON-RPC chain identifiers are not kept here.
  if (network && options.rpcUrl && options.rpcProtocol === 'json-rpc')
    throw new Error(
      '--network cannot be checked against a node over JSON-RPC: give --rpc-url alone, or --network alone',
    );
  if (options.rpcUrl) return { url: options.rpcUrl, network };
  if (network) return { url: NETWORK_URLS[network], network };
  if (defaultRpcUrl) return { url: defaultRpcUrl, network: null };
  return { url: NETWORK_URLS[DEFAULT_NETWORK], network: DEFAULT_NETWORK };
}
