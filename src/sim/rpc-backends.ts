// `dry-run` and `dev-inspect` against a Sui JSON-RPC endpoint.
import { bcs } from '@mysten/sui/bcs';
import type { DryRunTransactionBlockResponse } from '@mysten/sui/jsonRpc';
import { dryRunWithFallback, singleOutcome, type Attempt, type Simulator } from './attempts.js';
import { classifyExecution, createdObjectTypes } from './dry-run-response.js';
import { rejected } from './errors.js';
import { buildProgrammableTransaction, type ProgrammableTransaction } from './ptb-build.js';
import { normalizeAddress } from './pure-args.js';
import { boundedTransport, createRpcClient, rpcStep } from './rpc-client.js';
import { chainObjectSource, referenceGasPrice, type RpcContext } from './rpc-objects.js';
import { scanStaticTypes } from './static-scan.js';
import type { PreflightReport, PreflightRequest, SimulationBackend, SimulationRequest } from './types.js';

function requireRpcUrl(rpcUrl: string | null, mode: string): string {
  if (!rpcUrl) throw rejected(`simulation mode ${mode} needs an RPC URL`);
  return rpcUrl;
}

/** The transaction is built once; only the gas budget differs between dry-runs. */
async function rpcSimulator(request: SimulationRequest, signal?: AbortSignal): Promise<Simulator> {
  const rpcUrl = requireRpcUrl(request.rpcUrl, request.mode);
  const ctx: RpcContext = {
    client: createRpcClient(rpcUrl, { timeoutMs: request.timeoutMs, signal }),
    rpcUrl,
    sender: normalizeAddress(request.sender, 'sender'),
    gasCoinId: request.gasCoin,
    signal,
  };
  const staticTypes = await scanStaticTypes(request);
  const source = await chainObjectSource(ctx, request.spec);
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
async function checkRpc(request: PreflightRequest, signal?: AbortSignal): Promise<PreflightReport> {
  const rpcUrl = requireRpcUrl(request.rpcUrl, request.mode);
  const transport = boundedTransport(rpcUrl, { timeoutMs: request.timeoutMs ?? 10_000, signal });
  const chainId = await rpcStep(rpcUrl, 'pre-flight', signal, async () => {
    const id: unknown = await transport.request({ method: 'sui_getChainIdentifier', params: [], signal });
    if (typeof id !== 'string' || id === '')
      throw rejected(`${rpcUrl} answered sui_getChainIdentifier with ${JSON.stringify(id)}`);
    return id;
  });
  return { mode: request.mode, checked: [`the RPC at ${rpcUrl} answers (chain ${chainId})`], chainId };
}

export const dryRunBackend: SimulationBackend = {
  // A plan that cannot even be built (missing object, unsupported argument) fails the same way in
  // dev-inspect, so only failures of the dry-run itself fall back.
  simulate: async (request, signal) =>
    dryRunWithFallback(await rpcSimulator(request, signal), request, signal),
  preflight: checkRpc,
};

export const devInspectBackend: SimulationBackend = {
  simulate: async (request, signal) =>
    singleOutcome(await (await rpcSimulator(request, signal)).devInspect()),
  preflight: checkRpc,
};
