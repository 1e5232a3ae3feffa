// SimulateTransaction on a local full node: the transaction's BCS (`TransactionData`) becomes a PTB for the
// in-process Move VM over the packages it calls (with their dependencies from the corpus) and the node's
// objects, and the VM's effects are written as Sui's gRPC effects: the status with a Move abort's code and
// location, and every changed object with its type. Objects a node does not have are refused before
// anything runs, as a real node refuses them (NOT_FOUND).
import { createHash } from 'node:crypto';
import { bcs } from '@mysten/sui/bcs';
import { GrpcTypes } from '@mysten/sui/grpc';
import { toBase58 } from '@mysten/sui/utils';
import { PromiseCache } from '../promise-cache.js';
import { localExecutionFailure } from '../sim/local-failure.js';
import { corpusDependencies } from '../vm/corpus-dependencies.js';
import { MoveVm, parseTypeTag, type PackageBytes, type Type } from '../vm/index.js';
import { normalizeId, readPackageDir } from '../vm/package-source.js';
import {
  executePtb,
  type PtbArgument,
  type PtbCommand,
  type PtbEffects,
  type PtbInput,
  type StoredObject,
} from '../vm/ptb.js';
import { GrpcCode, GrpcStatusError } from './grpc-web.js';
import { checkTransactionLimits, decodeTransaction } from './protocol-limits.js';
import { resolveStructured } from './structured-transaction.js';
import { REFERENCE_GAS_PRICE, SUI_COIN_TYPE, type LocalChain } from './local-chain.js';
import { nodeTypeName, suiCoinBytes } from '../sim/chain-spelling.js';
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

/** The VM with the framework, the packages named, and their dependencies from the corpus. */
async function buildVm(chain: LocalChain, named: string[]): Promise<MoveVm> {
  const frameworkIds = new Set(chain.framework.map((p) => normalizeId(p.id)));
  const loaded: PackageBytes[] = [...chain.framework];
  for (const id of named) {
    if (frameworkIds.has(id) || loaded.some((p) => normalizeId(p.id) === id)) continue;
    const pkg = await chain.package(id);
    if (!pkg) throw new GrpcStatusError(GrpcCode.NOT_FOUND, `package ${fullAddress(id)} not found`);
    const bytes = await readPackageDir(pkg.dir);
    const deps = await corpusDependencies(chain.options.corpusRoot, { dir: pkg.dir, bytes }, loaded);
    if (deps.missing.length > 0)
      throw new GrpcStatusError(
        GrpcCode.FAILED_PRECONDITION,
        `package ${fullAddress(id)} links packages this node does not have: ${deps.missingStorageIds.join(', ')}`,
      );
    for (const dep of deps.packages)
      if (!loaded.some((p) => normalizeId(p.id) === normalizeId(dep.id))) loaded.push(dep);
    loaded.push(bytes);
  }
  return new MoveVm(loaded);
}

/**
 * VMs of each chain by the packages a transaction names, so that a run's many simulations of one package
 * neither read its folder again nor parse its modules again. A VM keeps no state between executions (the
 * objects and the transaction come with each one), as the local simulation mode also relies on.
 */
const KEPT_VMS = 8;
const vmsByChain = new WeakMap<LocalChain, PromiseCache<MoveVm>>();

function vmFor(chain: LocalChain, commands: PtbCommand[]): Promise<MoveVm> {
  let vms = vmsByChain.get(chain);
  if (!vms) vmsByChain.set(chain, (vms = new PromiseCache<MoveVm>(KEPT_VMS)));
  const named = [...namedPackages(commands)].sort();
  return vms.get(named.join(','), () => buildVm(chain, named));
}

const { ChangedObject_IdOperation: IdOp, ChangedObject_InputObjectState: InState } = GrpcTypes;
const { ChangedObject_OutputObjectState: OutState, ExecutionError_ExecutionErrorKind: ErrorKind } = GrpcTypes;

function owner(change: PtbEffects['created'][number]['owner']): GrpcTypes.Owner {
  const { Owner_OwnerKind: Kind } = GrpcTypes;
  switch (change.kind) {
    case 'address':
      return { kind: Kind.ADDRESS, address: fullAddress(change.address) };
    case 'object':
      return { kind: Kind.OBJECT, address: fullAddress(change.id) };
    case 'shared':
      return { kind: Kind.SHARED, version: 1n };
    default:
      return { kind: Kind.IMMUTABLE };
  }
}

/** The VM's failure as Sui's gRPC `ExecutionError`; the description reads as a node's dry-run text. */
function executionError(vm: MoveVm, error: NonNullable<PtbEffects['error']>): GrpcTypes.ExecutionError {
  const text =
    localExecutionFailure(error, (address) => vm.packageIdOf(address)).effectsError ?? error.message;
  const base = { description: text, ...(error.command === null ? {} : { command: BigInt(error.command) }) };
  if (error.status === 'ABORTED' && error.code !== undefined && error.location) {
    const where = error.location;
    return {
      ...base,
      kind: ErrorKind.MOVE_ABORT,
      errorDetails: {
        oneofKind: 'abort',
        abort: {
          abortCode: error.code,
          location: {
            package: fullAddress(vm.packageIdOf(where.address)),
            module: where.module,
            function: where.functionIndex,
            instruction: where.offset,
            functionName: where.function,
          },
        },
      },
    };
  }
  const kind = error.status in ErrorKind ? ErrorKind[error.status as keyof typeof ErrorKind] : undefined;
  return {
    ...base,
    kind: typeof kind === 'number' ? kind : ErrorKind.EXECUTION_ERROR_KIND_UNKNOWN,
    errorDetails: { oneofKind: undefined },
  };
}

function changedObjects(effects: PtbEffects): GrpcTypes.ChangedObject[] {
  const written = (c: PtbEffects['created'][number], created: boolean): GrpcTypes.ChangedObject => ({
    objectId: fullAddress(c.id),
    objectType: nodeTypeName(c.type),
    inputState: created ? InState.DOES_NOT_EXIST : InState.EXISTS,
    outputState: OutState.OBJECT_WRITE,
    idOperation: created ? IdOp.CREATED : IdOp.NONE,
    outputOwner: owner(c.owner),
  });
  const gone = (id: string): GrpcTypes.ChangedObject => ({
    objectId: fullAddress(id),
    inputState: InState.EXISTS,
    outputState: OutState.DOES_NOT_EXIST,
    idOperation: IdOp.DELETED,
  });
  return [
    ...effects.created.map((c) => written(c, true)),
    ...effects.mutated.map((c) => written(c, false)),
    ...effects.deleted.map(gone),
    ...effects.wrapped.map(gone),
  ].sort((a, b) => (a.objectId! < b.objectId! ? -1 : 1));
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
  const vm = await vmFor(chain, commands);
  const effects = executePtb(vm, {
    sender: normalizeId(tx.sender),
    digest: createHash('sha256').update(bytes).digest(),
    gasBudget: budget,
    gasCoin: gasCoin
      ? { id: normalizeId(gasCoin.id), balance: gasCoin.balance }
      : { id: createHash('sha256').update('dev-inspect gas').digest('hex'), balance: budget },
    inputs: ptbInputs,
    commands,
    objects,
    childObjects: chain.genesis.childObjects,
  });
  const status: GrpcTypes.ExecutionStatus = effects.error
    ? { success: false, error: executionError(vm, effects.error) }
    : { success: true };
  return {
    transaction: {
      digest: toBase58(createHash('sha256').update(bytes).digest()),
      ...(resolved ? { transaction: resolved } : {}),
      effects: {
        epoch: 0n,
        status,
        changedObjects: changedObjects(effects),
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
