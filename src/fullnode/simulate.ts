// SimulateTransaction on a local full node: the transaction's BCS (`TransactionData`) becomes a PTB for the
// Move VM, run in a VM thread over the packages it calls (with their dependencies from the corpus) and the
// node's objects (simulate-execution.ts writes the VM's effects as Sui's gRPC effects). Objects a node does
// not have are refused before anything runs, as a real node refuses them (NOT_FOUND).
import { createHash } from 'node:crypto';
import { bcs } from '@mysten/sui/bcs';
import { GrpcTypes } from '@mysten/sui/grpc';
import { toBase58 } from '@mysten/sui/utils';
import { parseTypeTag, type Type } from '../vm/index.js';
import { normalizeId } from '../vm/package-bytes.js';
import { unansweredExecution, vmPool } from '../vm-pool/pool.js';
import type { PtbArgument, PtbCommand, PtbInput, PtbRequest, StoredObject } from '../vm/ptb.js';
import { GrpcCode, GrpcStatusError } from './grpc-web.js';
import { checkTransactionLimits, decodeTransaction } from './protocol-limits.js';
import { FULLNODE_SIMULATION, type FullnodeExecuted, type FullnodeExecution } from './simulate-execution.js';
import { resolveStructured } from './structured-transaction.js';
import { REFERENCE_GAS_PRICE, SUI_COIN_TYPE, type LocalChain } from './local-chain.js';
import { suiCoinBytes } from '../sim/chain-spelling.js';
import { fullAddress } from '../move/address.js';

type ParsedArgument = ReturnType<typeof bcs.Argument.parse>;
type ParsedCommand = ReturnType<typeof bcs.Command.parse>;
type ParsedCallArg = ReturnType<typeof bcs.CallArg.parse>;

const refuse = (message: string) => new GrpcStatusError(GrpcCode.INVALID_ARGUMENT, message);
const SUI_COIN = parseTypeTag(SUI_COIN_TYPE);

function argument(arg: ParsedArgument): PtbArgument {
  switch (arg.$kind) {
    case 'GasCoin':
      return { kind: 'GasCoin' };
    case 'Input':
      return { kind: 'Input', index: arg.Input };
    case 'Result':
      return { kind: 'Result', index: arg.Result };
    case 'NestedResult':
      return { kind: 'NestedResult', index: arg.NestedResult[0], resultIndex: arg.NestedResult[1] };
  }
}

function command(cmd: ParsedCommand): PtbCommand {
  switch (cmd.$kind) {
    case 'MoveCall': {
      const call = cmd.MoveCall;
      return {
        kind: 'MoveCall',
        package: call.package,
        module: call.module,
        function: call.function,
        typeArgs: call.typeArguments,
        args: call.arguments.map(argument),
      };
    }
    case 'TransferObjects':
      return {
        kind: 'TransferObjects',
        objects: cmd.TransferObjects.objects.map(argument),
        address: argument(cmd.TransferObjects.address),
      };
    case 'SplitCoins':
      return {
        kind: 'SplitCoins',
        coin: argument(cmd.SplitCoins.coin),
        amounts: cmd.SplitCoins.amounts.map(argument),
      };
    case 'MergeCoins':
      return {
        kind: 'MergeCoins',
        destination: argument(cmd.MergeCoins.destination),
        sources: cmd.MergeCoins.sources.map(argument),
      };
    case 'MakeMoveVec':
      return {
        kind: 'MakeMoveVec',
        type: cmd.MakeMoveVec.type,
        elements: cmd.MakeMoveVec.elements.map(argument),
      };
    default:
      throw new GrpcStatusError(GrpcCode.UNIMPLEMENTED, `a local node does not run ${cmd.$kind} commands`);
  }
}

/** The transaction's inputs for the VM, and the node's objects they name; unknown objects are refused. */
function inputs(chain: LocalChain, args: ParsedCallArg[]): { inputs: PtbInput[]; objects: StoredObject[] } {
  const objects: StoredObject[] = [];
  const stored = (id: string, what: string): void => {
    const coin = chain.coin(id);
    if (coin) {
      objects.push({
        id: normalizeId(coin.id),
        type: SUI_COIN,
        bytes: suiCoinBytes(coin.id, coin.balance),
        owner: { kind: 'address', address: normalizeId(coin.owner) },
      });
      return;
    }
    if (chain.genesis.objects.some((o) => o.id === normalizeId(id))) return;
    throw new GrpcStatusError(GrpcCode.NOT_FOUND, `${what} ${fullAddress(id)} not found`);
  };
  const converted = args.map((arg): PtbInput => {
    if (arg.$kind === 'Pure')
      return { kind: 'Pure', bytes: new Uint8Array(Buffer.from(arg.Pure.bytes, 'base64')) };
    if (arg.$kind === 'Object') {
      const object = arg.Object;
      if (object.$kind === 'ImmOrOwnedObject') {
        stored(object.ImmOrOwnedObject.objectId, 'object');
        return { kind: 'Object', id: normalizeId(object.ImmOrOwnedObject.objectId) };
      }
      if (object.$kind === 'SharedObject') {
        stored(object.SharedObject.objectId, 'shared object');
        return {
          kind: 'Object',
          id: normalizeId(object.SharedObject.objectId),
          mutable: object.SharedObject.mutable,
        };
      }
      stored(object.Receiving.objectId, 'object');
      return { kind: 'Receiving', id: normalizeId(object.Receiving.objectId) };
    }
    throw new GrpcStatusError(
      GrpcCode.UNIMPLEMENTED,
      'a local node has no address balances to withdraw from',
    );
  });
  return { inputs: converted, objects: [...chain.genesis.objects, ...objects] };
}

/** Package ids a type names, at any depth. */
function typeAddresses(type: Type, into: Set<string>): void {
  if (type.kind === 'vector') typeAddresses(type.elem, into);
  else if (type.kind === 'datatype') {
    into.add(type.address);
    for (const arg of type.args) typeAddresses(arg, into);
  }
}

/** Package ids the commands name, in calls and in type arguments, at any depth. */
function namedPackages(commands: PtbCommand[]): Set<string> {
  const named = new Set<string>();
  for (const cmd of commands) {
    if (cmd.kind === 'MoveCall') {
      named.add(normalizeId(cmd.package));
      for (const t of cmd.typeArgs) typeAddresses(typeof t === 'string' ? parseTypeTag(t) : t, named);
    } else if (cmd.kind === 'MakeMoveVec' && cmd.type !== null)
      typeAddresses(typeof cmd.type === 'string' ? parseTypeTag(cmd.type) : cmd.type, named);
  }
  return named;
}

/**
 * Runs the transaction in a VM thread (src/vm-pool/), so the node keeps answering other requests meanwhile; an
 * execution that kills its thread (its heap filled, a crash) or passes the time limit is this request's
 * error (RESOURCE_EXHAUSTED, INTERNAL), and the node serves on.
 */
async function executeInThread(
  chain: LocalChain,
  commands: PtbCommand[],
  ptb: Omit<PtbRequest, 'commands'>,
): Promise<FullnodeExecuted> {
  const frameworkIds = new Set(chain.framework.map((p) => normalizeId(p.id)));
  const packages: FullnodeExecution['packages'] = [];
  for (const id of [...namedPackages(commands)].sort()) {
    if (frameworkIds.has(id)) continue;
    const pkg = await chain.package(id);
    if (!pkg) throw new GrpcStatusError(GrpcCode.NOT_FOUND, `package ${fullAddress(id)} not found`);
    packages.push({ id, dir: pkg.dir });
  }
  const { corpusRoot, frameworkDir } = chain.options;
  const outcome = await vmPool().run(FULLNODE_SIMULATION, {
    corpusRoot,
    frameworkDir,
    packages,
    ptb: { ...ptb, commands },
  });
  if (outcome.ok) return outcome.result;
  const code = outcome.stage === 'crashed' ? GrpcCode.INTERNAL : GrpcCode.RESOURCE_EXHAUSTED;
  throw new GrpcStatusError(code, `the simulation did not finish: ${unansweredExecution(outcome)}`);
}

/** Runs one SimulateTransaction request. */
export async function simulateTransaction(
  chain: LocalChain,
  request: GrpcTypes.SimulateTransactionRequest,
): Promise<GrpcTypes.SimulateTransactionResponse> {
  let bytes = request.transaction?.bcs?.value;
  let resolved: GrpcTypes.Transaction | undefined;
  if (!bytes) {
    if (!request.transaction) throw refuse('SimulateTransaction names no transaction');
    ({ bytes, resolved } = await resolveStructured(
      chain,
      request.transaction,
      request.doGasSelection ?? false,
    ).catch((error: unknown) => {
      // What the node did not refuse itself is a transaction BCS cannot spell: a bad address, a bad type.
      if (error instanceof GrpcStatusError) throw error;
      throw refuse(`transaction is malformed: ${(error as Error).message}`);
    }));
  }
  const tx = decodeTransaction(bytes);
  if (tx.kind.$kind !== 'ProgrammableTransaction')
    throw refuse(`only programmable transactions can be simulated, not ${tx.kind.$kind}`);
  const { DISABLED } = GrpcTypes.SimulateTransactionRequest_TransactionChecks;
  checkTransactionLimits(tx, request.checks !== DISABLED, REFERENCE_GAS_PRICE);
  const pt = tx.kind.ProgrammableTransaction;
  const commands = pt.commands.map(command);
  const { inputs: ptbInputs, objects } = inputs(chain, pt.inputs);
  // A dry-run pays with its first gas coin; without one (dev-inspect) the node lends one of the budget.
  const payment = tx.gasData.payment?.[0];
  const gasCoin = payment ? chain.coin(payment.objectId) : undefined;
  if (payment && !gasCoin)
    throw new GrpcStatusError(GrpcCode.NOT_FOUND, `gas coin ${fullAddress(payment.objectId)} not found`);
  const budget = BigInt(tx.gasData.budget);
  const executed = await executeInThread(chain, commands, {
    sender: normalizeId(tx.sender),
    digest: createHash('sha256').update(bytes).digest(),
    gasBudget: budget,
    gasCoin: gasCoin
      ? { id: normalizeId(gasCoin.id), balance: gasCoin.balance }
      : { id: createHash('sha256').update('dev-inspect gas').digest('hex'), balance: budget },
    inputs: ptbInputs,
    objects,
    childObjects: chain.genesis.childObjects,
  });
  return {
    transaction: {
      digest: toBase58(createHash('sha256').update(bytes).digest()),
      ...(resolved ? { transaction: resolved } : {}),
      effects: {
        epoch: 0n,
        status: executed.status,
        changedObjects: executed.changedObjects,
        dependencies: [],
        unchangedConsensusObjects: [],
        unchangedLoadedRuntimeObjects: [],
      },
      signatures: [],
      balanceChanges: [],
    },
    commandOutputs: [],
    suggestedGasPrice: REFERENCE_GAS_PRICE,
  };
}
