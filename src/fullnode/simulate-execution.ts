// The execution part of a local full node's SimulateTransaction, run in a VM thread (src/vm-pool/): the
// node (simulate.ts) resolves the transaction's inputs and packages, this thread loads the VM over the
// framework, those packages and their dependencies from the corpus, runs the PTB, and writes the effects
// as Sui's gRPC effects: the status with a Move abort's code and location, and every changed object.
import { GrpcTypes } from '@mysten/sui/grpc';
import { fullAddress } from '../move/address.js';
import { PromiseCache } from '../promise-cache.js';
import { nodeTypeName } from '../sim/chain-spelling.js';
import { localExecutionFailure } from '../sim/local-failure.js';
import { vmForPackages } from '../package-store/package-vm.js';
import type { MoveVm } from '../vm/index.js';
import { executePtb, type PtbEffects, type PtbRequest } from '../vm/ptb.js';
import { carriedLoadError, rebuiltLoadError } from '../vm/carried-error.js';
import type { VmJobKind } from '../vm-pool/jobs.js';
import { GrpcCode, GrpcStatusError } from './grpc-web.js';

/** One simulation, as the node hands it to a VM thread. */
export interface FullnodeExecution {
  /** The node's corpus, where packages' dependencies are found. */
  corpusRoot: string;
  /** The node's framework folder; null: the corpus's own. */
  frameworkDir: string | null;
  /** The packages the transaction names, besides the framework, with their folders, by id. */
  packages: { id: string; dir: string }[];
  ptb: PtbRequest;
}

export interface FullnodeExecuted {
  status: GrpcTypes.ExecutionStatus;
  changedObjects: GrpcTypes.ChangedObject[];
}

/** The VM with the framework, the packages named, and their dependencies from the corpus. */
async function buildVm(execution: FullnodeExecution): Promise<MoveVm> {
  const { vm, packages } = await vmForPackages(
    execution,
    execution.packages.map((p) => p.dir),
  );
  const lacking = packages.find((p) => p.missingDependencies.length > 0);
  if (lacking)
    throw new GrpcStatusError(
      GrpcCode.FAILED_PRECONDITION,
      `package ${fullAddress(lacking.bytes.id)} links packages this node does not have: ${lacking.missingDependencies.join(', ')}`,
    );
  return vm;
}

/**
 * VMs by the node and the packages a transaction names, so that a run's many simulations of one package
 * neither read its folder again nor parse its modules again. A VM keeps no state between executions (the
 * objects and the transaction come with each one), as the local simulation mode also relies on.
 */
const vms = new PromiseCache<MoveVm>(8);

function vmFor(execution: FullnodeExecution): Promise<MoveVm> {
  const { corpusRoot, frameworkDir, packages } = execution;
  const key = JSON.stringify([corpusRoot, frameworkDir, packages.map((p) => p.id)]);
  return vms.get(key, () => buildVm(execution));
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

/** Runs the node's transaction in this thread's VM of its packages. */
export async function simulateOnNode(execution: FullnodeExecution): Promise<FullnodeExecuted> {
  const vm = await vmFor(execution);
  const effects = executePtb(vm, execution.ptb);
  return {
    status: effects.error ? { success: false, error: executionError(vm, effects.error) } : { success: true },
    changedObjects: changedObjects(effects),
  };
}

/** The VM thread's job for a SimulateTransaction (src/vm-pool/); a node's status is thrown again as such. */
export const FULLNODE_SIMULATION: VmJobKind<FullnodeExecution, FullnodeExecuted> = {
  name: 'fullnode-simulation',
  run: simulateOnNode,
  carry: (error) =>
    error instanceof GrpcStatusError
      ? { name: 'GrpcStatusError', message: error.message, detail: error.code }
      : carriedLoadError(error),
  rebuild: (carried) =>
    carried.name === 'GrpcStatusError'
      ? new GrpcStatusError(carried.detail as number, carried.message)
      : rebuiltLoadError(carried),
};
