// `dry-run` and `dev-inspect` over gRPC (`sui.rpc.v2` SimulateTransaction, the API Sui's full nodes serve
// since JSON-RPC was turned off): a dry-run is a simulation with Sui's checks (a real gas coin, the budget,
// the sender's ownership), dev-inspect one without them.
import { bcs } from '@mysten/sui/bcs';
import { GrpcTypes } from '@mysten/sui/grpc';
import { checkChain } from '../chain/check-chain.js';
import { createChainClient } from '../chain/grpc-client.js';
import type { Attempt, Simulator } from './attempts.js';
import { parseAbortCode, parseAbortLocation } from './dry-run-response.js';
import { rejected } from './errors.js';
import { simStep } from './sim-step.js';
import { chainObjectSource } from './chain-object-source.js';
import { shortId } from './chain-spelling.js';
import { grpcReads, grpcReferenceGasPrice, type GrpcContext } from './grpc-objects.js';
import { buildProgrammableTransaction } from './ptb-build.js';
import { normalizeAddress } from './pure-args.js';
import { scanStaticTypes } from './static-scan.js';
import { typeNameSet } from './type-names.js';
import type { PreflightReport, PreflightRequest, SimulationFailure, SimulationRequest } from './types.js';

/** What a dev-inspect may spend: Sui's own default for an inspection (50 SUI). */
const DEV_INSPECT_BUDGET = 50_000_000_000n;

export function requireRpcUrl(rpcUrl: string | null | undefined, mode: string): string {
  if (!rpcUrl) throw rejected(`simulation mode ${mode} needs a node to talk to (--network or --rpc-url)`);
  return rpcUrl;
}

/** The effects' status as a row's failure: the node's description, and the abort's code and location. */
function failureOf(error: GrpcTypes.ExecutionError | undefined): SimulationFailure {
  const described = error?.description ?? 'the transaction failed (the node gave no reason)';
  const text =
    error?.command !== undefined && !/ in command \d+$/.test(described)
      ? `${described} in command ${error.command}`
      : described;
  const abort = error?.errorDetails.oneofKind === 'abort' ? error.errorDetails.abort : null;
  const where = abort?.location;
  return {
    status: 'failure',
    effectsError: text,
    abortCode: abort?.abortCode !== undefined ? abort.abortCode.toString() : parseAbortCode(text),
    abortLocation:
      where?.package && where.module
        ? `${shortId(where.package)}::${where.module}${where.functionName ? `::${where.functionName}` : ''}`
        : parseAbortLocation(text),
  };
}

function createdTypes(effects: GrpcTypes.TransactionEffects | undefined): string[] {
  const created = (effects?.changedObjects ?? []).filter(
    (c) =>
      c.idOperation === GrpcTypes.ChangedObject_IdOperation.CREATED &&
      c.outputState === GrpcTypes.ChangedObject_OutputObjectState.OBJECT_WRITE &&
      c.objectType,
  );
  return typeNameSet(created.map((c) => c.objectType!));
}

const SIMULATION_FIELDS = ['transaction.effects.status', 'transaction.effects.changed_objects'];

/** The transaction is built once; only the gas differs between simulations. */
export async function grpcSimulator(request: SimulationRequest, signal?: AbortSignal): Promise<Simulator> {
  const url = requireRpcUrl(request.rpcUrl, request.mode);
  const ctx: GrpcContext = {
    client: createChainClient(url, { timeoutMs: request.timeoutMs, signal }),
    url,
    sender: normalizeAddress(request.sender, 'sender'),
    gasCoinId: request.gasCoin,
    signal,
  };
  const staticTypes = await scanStaticTypes(request);
  const source = await chainObjectSource(grpcReads(ctx), request.spec);
  const pt = await buildProgrammableTransaction(request.spec, source);
  let gasPrice: bigint | null = null;
  const simulate = async (
    gasData: { payment: Awaited<ReturnType<typeof source.gasCoin>>[]; budget: bigint },
    checks: GrpcTypes.SimulateTransactionRequest_TransactionChecks,
  ) => {
    gasPrice ??= await grpcReferenceGasPrice(ctx);
    const price = gasPrice;
    const bytes = bcs.TransactionData.serialize({
      V1: {
        kind: { ProgrammableTransaction: pt },
        sender: ctx.sender,
        gasData: { ...gasData, owner: ctx.sender, price },
        expiration: { None: true },
      },
    }).toBytes();
    const what =
      checks === GrpcTypes.SimulateTransactionRequest_TransactionChecks.ENABLED ? 'dry-run' : 'dev-inspect';
    const { response } = await simStep(url, what, signal, () =>
      ctx.client.transactionExecutionService.simulateTransaction(
        {
          transaction: { bcs: { value: bytes } },
          readMask: { paths: SIMULATION_FIELDS },
          checks,
          doGasSelection: false,
        },
        { abort: signal },
      ),
    );
    return response.transaction?.effects;
  };
  const attempt = (
    modeUsed: Attempt['modeUsed'],
    gasBudget: number | null,
    effects: GrpcTypes.TransactionEffects | undefined,
    created: string[],
  ): Attempt => {
    const execOk = effects?.status?.success === true;
    return {
      modeUsed,
      gasBudget,
      execOk,
      failure: execOk ? null : failureOf(effects?.status?.error),
      createdTypes: execOk ? created : [],
      staticCreatedTypes: staticTypes,
      bcsBase64: null,
    };
  };
  return {
    async dryRun(gasBudget) {
      const effects = await simulate(
        { payment: [await source.gasCoin()], budget: BigInt(gasBudget) },
        GrpcTypes.SimulateTransactionRequest_TransactionChecks.ENABLED,
      );
      return attempt('dry_run', gasBudget, effects, createdTypes(effects));
    },
    async devInspect() {
      const effects = await simulate(
        { payment: [], budget: DEV_INSPECT_BUDGET },
        GrpcTypes.SimulateTransactionRequest_TransactionChecks.DISABLED,
      );
      // As upstream scores dev-inspect: what the bytecode creates counts when the run succeeded.
      return attempt('dev_inspect', null, effects, staticTypes);
    },
  };
}

const MIST_PER_SUI = 1_000_000_000n;

/** What the sender holds in SUI, said before the run: a dry-run without a coin to pay gas fails every plan. */
async function senderFunds(
  client: ReturnType<typeof createChainClient>,
  url: string,
  request: PreflightRequest,
  signal?: AbortSignal,
): Promise<string[]> {
  const sender = normalizeAddress(request.sender!, 'sender');
  const { response } = await simStep(url, "reading the sender's balance", signal, () =>
    client.stateService.getBalance({ owner: sender, coinType: '0x2::sui::SUI' }, { abort: signal }),
  );
  const balance = response.balance?.balance ?? 0n;
  const fraction = (balance % MIST_PER_SUI).toString().padStart(9, '0').replace(/0+$/, '');
  const sui = `${balance / MIST_PER_SUI}${fraction ? `.${fraction}` : ''}`;
  if (balance > 0n || request.mode !== 'dry-run') return [`the sender ${sender} holds ${sui} SUI`];
  return [
    `warning: the sender ${sender} holds no SUI here, so no dry-run can pay for gas: every plan will fall ` +
      'back to dev-inspect, or fail with --require-dry-run; give a funded sender (--sender or SMI_SENDER)',
  ];
}

/** The node answers, and serves the network asked for. */
export async function grpcPreflight(
  request: PreflightRequest,
  signal?: AbortSignal,
): Promise<PreflightReport> {
  const url = requireRpcUrl(request.rpcUrl, request.mode);
  const client = createChainClient(url, { timeoutMs: request.timeoutMs ?? 10_000, signal });
  const info = await simStep(url, 'pre-flight', signal, () =>
    checkChain(client, url, request.network ?? null, 'pre-flight', signal),
  );
  const chain = info.chain ?? 'unknown';
  const funds = request.sender ? await senderFunds(client, url, request, signal) : [];
  return {
    mode: request.mode,
    checked: [
      ...funds,
      `the Sui node at ${url} answers gRPC (${chain}, chain id ${info.chainId ?? '?'}, epoch ${info.epoch ?? '?'})`,
    ],
    chainId: info.chainId ?? null,
  };
}
