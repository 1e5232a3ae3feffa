// The extractor's view of a node, over the protocol the command was told to use.
import { GrpcModules } from './grpc-modules.js';
import { RpcModules, type NodePackages, type RetrySettings } from './rpc-modules.js';
import type { RpcProtocol } from '../contracts/simulation.js';

export function nodePackages(
  url: string,
  retry: RetrySettings,
  protocol: RpcProtocol = 'grpc',
): NodePackages {
  return protocol === 'json-rpc' ? new RpcModules(url, retry) : new GrpcModules(url, retry);
}
