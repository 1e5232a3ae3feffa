// Options more than one benchmark (or command) has, written once.
import { z } from 'zod';
import { NETWORK_URLS } from '../chain/networks.js';
import { RPC_PROTOCOLS, SUI_NETWORKS } from '../contracts/simulation.js';
import { withFlag } from './definition.js';

const AGENT_HELP =
  'who answers: a mock agent, a search, a model over an OpenAI-compatible API, or local-llm (a GGUF model run in the worker)';

export const agentSchema = <const A extends readonly [string, ...string[]]>(
  agents: A,
  fallback: A[number],
  help = AGENT_HELP,
) => withFlag(z.enum(agents).default(fallback).describe(help), { arg: 'agent' });

export const networkSchema = () =>
  withFlag(
    z
      .enum(SUI_NETWORKS)
      .optional()
      .describe(
        `Sui's public full node of this network (${SUI_NETWORKS.map((n) => `${n}: ${NETWORK_URLS[n]}`).join(', ')}); ` +
          'with --rpc-url, the network that node must serve',
      ),
    { arg: 'name' },
  );

export const rpcProtocolSchema = () =>
  withFlag(
    z
      .enum(RPC_PROTOCOLS)
      .default('grpc')
      .describe(
        "how to talk to the node: gRPC (sui.rpc.v2, what Sui's full nodes serve since July 2026) or JSON-RPC " +
          '(only providers that still run it)',
      ),
    { arg: 'protocol' },
  );

/** Phase II's (and its pipelines'): where the Move framework comes from when the corpus has none. */
export const simulationFrameworkDirSchema = () =>
  withFlag(
    z
      .string()
      .optional()
      .describe(
        'for --simulation-mode local: package directories of 0x1, 0x2 (and 0x3); default: those of the corpus',
      ),
    { arg: 'dir' },
  );

/** The helper's and the sandbox's, which always run Move here. */
export const frameworkDirSchema = () =>
  withFlag(
    z.string().optional().describe('package directories of 0x1, 0x2 (and 0x3); default: those of the corpus'),
    { arg: 'dir' },
  );

export const packageIdSchema = () =>
  withFlag(z.array(z.string()).default([]).describe('only this package (repeatable)'), { arg: 'id' });

export const maxRunSecondsSchema = () =>
  withFlag(z.number().positive().optional().describe('start no package after this many seconds'), {
    arg: 's',
  });

/** Seconds, more than 0. */
export const seconds = (help: string, fallback: number) =>
  withFlag(z.number().positive().default(fallback).describe(help), { arg: 's' });

/** A count from `min` to `max`, the flag's default `fallback`. */
export const count = (help: string, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER) =>
  z.number().int().min(min).max(max).default(fallback).describe(help);

export const file = (help: string, arg = 'file') => withFlag(z.string().optional().describe(help), { arg });

export const onOff = (help: string) => z.boolean().default(false).describe(help);
