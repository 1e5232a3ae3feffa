// The options every command that talks to a Sui node shares: which network, or which node, and (only for
// providers that still serve it) JSON-RPC instead of gRPC.
import { Option } from 'commander';
import { NETWORK_URLS } from '../chain/networks.js';
import { RPC_PROTOCOLS, SUI_NETWORKS } from '../contracts/simulation.js';

export function networkOption(): Option {
  return new Option(
    '--network <name>',
    `Sui's public full node of this network (${SUI_NETWORKS.map((n) => `${n}: ${NETWORK_URLS[n]}`).join(', ')}); ` +
      'with --rpc-url, the network that node must serve',
  ).choices([...SUI_NETWORKS]);
}

export function rpcProtocolOption(): Option {
  return new Option(
    '--rpc-protocol <protocol>',
    "how to talk to the node: gRPC (sui.rpc.v2, what Sui's full nodes serve since July 2026) or JSON-RPC " +
      '(only providers that still run it)',
  )
    .choices([...RPC_PROTOCOLS])
    .default('grpc');
}
