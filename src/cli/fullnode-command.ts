// `smi-bench fullnode`: a local stand-in for a Sui full node over a corpus, until Ctrl-C.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { startFullnode } from '../fullnode/server.js';
import { checkedLimits, type ServerLimits } from '../fullnode/server-limits.js';
import { processConfig } from '../config/process-config.js';
import { UsageError } from '../usage-error.js';
import { shellWord } from './shell-word.js';
import type { CliIO } from './run-common.js';

export interface FullnodeCliOptions {
  corpusRoot: string;
  frameworkDir?: string;
  host: string;
  port: number;
  chain: string;
  maxRequestsPerSecond?: number;
  requireApiKey?: boolean;
  headersTimeoutSeconds: number;
  requestTimeoutSeconds: number;
  idleTimeoutSeconds: number;
  maxConnections: number;
  maxRequestBytes: number;
  maxBufferedBytes: number;
}

function limits(opts: FullnodeCliOptions): ServerLimits {
  try {
    return checkedLimits({
      headersTimeoutMs: Math.round(opts.headersTimeoutSeconds * 1000),
      requestTimeoutMs: Math.round(opts.requestTimeoutSeconds * 1000),
      idleTimeoutMs: Math.round(opts.idleTimeoutSeconds * 1000),
      maxConnections: opts.maxConnections,
      maxRequestBytes: opts.maxRequestBytes,
      maxBufferedBytes: opts.maxBufferedBytes,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function apiKey(): string {
  const key = processConfig().SMI_RPC_API_KEY;
  if (!key) throw new UsageError('--require-api-key needs the key in SMI_RPC_API_KEY');
  return key;
}

function folder(path: string, flag: string): string {
  const full = resolve(path);
  if (!existsSync(full) || !statSync(full).isDirectory())
    throw new UsageError(`${flag}: no such folder: ${full}`);
  return full;
}

export async function runFullnode(opts: FullnodeCliOptions, io: CliIO): Promise<number> {
  const corpusRoot = folder(opts.corpusRoot, '--corpus-root');
  const frameworkDir = opts.frameworkDir ? folder(opts.frameworkDir, '--framework-dir') : null;
  const serverLimits = limits(opts);
  let node;
  try {
    node = await startFullnode({
      corpusRoot,
      frameworkDir,
      chain: opts.chain,
      host: opts.host,
      port: opts.port,
      maxRequestsPerSecond: opts.maxRequestsPerSecond ?? null,
      apiKey: opts.requireApiKey ? apiKey() : null,
      limits: serverLimits,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new UsageError(`port ${opts.port} is already in use; pick another with --port`);
    throw new UsageError(`cannot serve ${corpusRoot}: ${(error as Error).message}`);
  }
  io.out(`smi-bench fullnode: ${node.chain.packageCount} packages of ${corpusRoot} at ${node.url}`);
  io.log(
    `Sui's gRPC API (sui.rpc.v2, as gRPC-web and as gRPC over HTTP/2), chain "${opts.chain}"; simulations run in smi-bench's Move VM. ` +
      // An agent that plans calls: the default, mock-empty, plans none, so nothing would reach the node.
      `Point a tool at it, e.g. smi-bench phase2 --corpus-root ${shellWord(corpusRoot)} --agent baseline-search ` +
      `--simulation-mode dry-run ` +
      `--rpc-url ${node.url} --sender 0xa11ce (any sender but 0x0 owns SUI to pay for gas). Ctrl-C stops it.`,
  );
  await new Promise<void>((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  await node.close();
  return 0;
}
