// The options every command that talks to a Sui node shares: which network, or which node, and (only for
// providers that still serve it) JSON-RPC instead of gRPC. Written once, with Phase II's (src/benchmarks).
import type { Option } from 'commander';
import { flagFor } from '../benchmarks/cli-flags.js';
import { networkSchema, rpcProtocolSchema } from '../benchmarks/common-options.js';

export const networkOption = (): Option => flagFor('network', networkSchema());

export const rpcProtocolOption = (): Option => flagFor('rpcProtocol', rpcProtocolSchema());
