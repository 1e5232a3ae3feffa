// `dry-run` and `dev-inspect` against a Sui JSON-RPC endpoint (`--rpc-protocol json-rpc`), for providers
// that still serve it: Sui's own full nodes turned JSON-RPC off in July 2026.
import { bcs } from '@mysten/sui/bcs';
import type { DryRunTransactionBlockResponse } from '@mysten/sui/jsonRpc';
import type { Attempt, Simulator } from './attempts.js';
import { classifyExecution, createdObjectTypes } from './dry-run-response.js';
import { NETWORK_URLS } from '../chain/networks.js';
import { rejected } from './errors.js';
import { requireRpcUrl } from './grpc-backends.js';
import { buildProgrammableTransaction, type ProgrammableTransaction } from './ptb-build.js';
import { normalizeAddress } from './pure-args.js';
import { boundedTransport, createRpcClient, rpcStep } from './json-rpc-client.js';
import { chainObjectSource } from './chain-object-source.js';
import { jsonRpcReads, referenceGasPrice, type RpcContext } from './json-rpc-objects.js';
import { scanStaticTypes } from './static-scan.js';
import type { PreflightReport, PreflightRequest, SimulationRequest } from './types.js';

/** The transaction is built once; only the gas budget differs between dry-runs. */
export async function jsonRpcSimulator(request: SimulationRequest, signal?: AbortSignal): Promise<Simulator> {
  const rpcUrl = requireRpcUrl(request.rpcUrl, request.mode);
  const ctx: RpcContext = {
    client: createRpcClient(rpcUrl, { timeoutMs: request.timeoutMs, signal }),
    rpcUrl,
    sender: normalizeAddress(request.sender, 'sender'),
    gasCoinId: request.gasCoin,
    signal,
  };
  const staticTypes = await scanStaticTypes(request);
  const source = await chainObjectSource(jsonRpcReads(ctx), request.spec);
  const pt: ProgrammableTransaction = await buildProgrammableTransaction(request.spec, source);
  const attempt = (
    modeUsed: Attempt['modeUsed'],
    gasBudget: number | null,
    response: unknown,
    created: string[],
  ): Attempt => {
    const verdict = classifyExecution(response);
    return {
      modeUsed,
      gasBudget,
      ...verdict,
      createdTypes: verdict.execOk ? created : [],
      staticCreatedTypes: staticTypes,
      bcsBase64: null,
    };
  };
  let gasPrice: bigint | null = null;
  return {
    async dryRun(gasBudget) {
      const payment = [await source.gasCoin()];
      gasPrice ??= await referenceGasPrice(ctx);
      const price = gasPrice;
      const bytes = bcs.TransactionData.serialize({
        V1: {
          kind: { ProgrammableTransaction: pt },
          sender: ctx.sender,
          gasData: { payment, owner: ctx.sender, price, budget: gasBudget },
          expiration: { None: true },
        },
      }).toBytes();
      const response: DryRunTransactionBlockResponse = await rpcStep(rpcUrl, 'dry-run', signal, () =>
        ctx.client.dryRunTransactionBlock({ transactionBlock: bytes }),
      );
      return attempt('dry_run', gasBudget, response, createdObjectTypes(response));
    },
    async devInspect() {
      const kind = bcs.TransactionKind.serialize({ ProgrammableTransaction: pt }).toBytes();
      const response = await rpcStep(rpcUrl, 'dev-inspect', signal, () =>
        ctx.client.devInspectTransactionBlock({ sender: ctx.sender, transactionBlock: kind, signal }),
      );
      // Dev-inspect answers carry no object types; what the bytecode creates counts when the run succeeded.
      return attempt('dev_inspect', null, response, staticTypes);
    },
  };
}

/** The RPC answers and names its chain. */
export async function jsonRpcPreflight(
  request: PreflightRequest,
  signal?: AbortSignal,
): Promise<PreflightReport> {
  const rpcUrl = requireRpcUrl(request.rpcUrl, request.mode);
  // JSON-RPC cannot say which network a node serves (no chain identifiers are kept to compare with), so a
  // network is only taken on trust for its own public node.
  if (request.network && rpcUrl !== NETWORK_URLS[request.network])
    throw rejected(
      `--network ${request.network} cannot be checked against ${rpcUrl} over JSON-RPC: give the node alone`,
    );
  const transport = boundedTransport(rpcUrl, { timeoutMs: request.timeoutMs ?? 10_000, signal });
  const chainId = await rpcStep(rpcUrl, 'pre-flight', signal, async () => {
    const id: unknown = await transport.request({ method: 'sui_getChainIdentifier', params: [], signal });
    if (typeof id !== 'string' || id === '')
      throw rejected(`${rpcUrl} answered sui_getChainIdentifier with ${JSON.stringify(id)}`);
    return id;
  });
  return { mode: request.mode, checked: [`the RPC at ${rpcUrl} answers (chain ${chainId})`], chainId };
}
