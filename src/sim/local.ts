// `local`: the plan runs in smi-bench's own Move VM (src/vm), offline and deterministically. The framework
// (0x1, 0x2, 0x3) comes from the corpus the package lives in. Each call's arguments are pure values, the
// synthetic Clock (0x6), or earlier results; results move as Sui moves them (a value without `copy` is used
// once by value, a value without `drop` must be used), and `&mut` arguments are updated in place. Created
// types are those of the objects the executed transaction created and then transferred, shared or froze.
// The sender owns SUI coins on this local chain: an owned-object argument whose parameter is a
// `Coin<SUI>` (the gas coin, a sender coin, or an id a plan could not name, such as a search agent's
// unfilled `0x0`) is one of them. Not yet: other objects that exist before the transaction, shared objects
// other than the Clock, and Sui's other command forms (SplitCoins, MergeCoins, TransferObjects, MakeMoveVec).
import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import { argKind, type PtbArg } from '../core/phase2/ptb-spec.js';
import { normalizeTypeString } from '../core/phase2/type-string.js';
import { sortedByCodePoint } from '../core/py-string.js';
import { MoveVm, parseTypeTag, VmLoadError, type Type } from '../vm/index.js';
import { TransactionState } from '../vm/natives/transaction-state.js';
import { canonicalTypeName, substitute } from '../vm/types.js';
import { rejected } from './errors.js';
import { moveCallTarget } from './ptb-build.js';
import { normalizeAddress, pureBytes } from './pure-args.js';
import { scanStaticTypes } from './static-scan.js';
import type { SimulationBackend, SimulationFailure, SimulationOutcome, SimulationRequest } from './types.js';

const CLOCK_ID = normalizeAddress('0x6');
const FRAMEWORK = '0'.repeat(63) + '2';
/** What each of the sender's local coins holds: 1 000 SUI. */
const SENDER_COIN_MIST = 1_000_000_000_000n;
const OWNED_KINDS = new Set(['imm_or_owned_object', 'sender_sui_coin', 'gas_coin']);
const ABILITY = { copy: 1, drop: 2 } as const;

/** A value a call returned, waiting to be used by a later call. */
interface ResultSlot {
  bytes: Uint8Array;
  type: Type;
  moved: boolean;
  used: boolean;
}

const KEPT_VMS = 8;
const vms = new Map<string, Promise<MoveVm>>();

/** The VM with the framework of the package's corpus and the package, kept for the last few packages. */
function vmFor(packageDir: string): Promise<MoveVm> {
  let vm = vms.get(packageDir);
  if (vm) vms.delete(packageDir);
  else {
    vm = MoveVm.load({ corpusRoot: dirname(dirname(packageDir)), packages: [packageDir] });
    vm.catch(() => vms.delete(packageDir));
  }
  vms.set(packageDir, vm);
  if (vms.size > KEPT_VMS) vms.delete(vms.keys().next().value as string);
  return vm;
}

function abilitiesOf(vm: MoveVm, type: Type): number {
  switch (type.kind) {
    case 'vector':
      return abilitiesOf(vm, type.elem);
    case 'datatype':
      return vm.loader.requireDatatype(type).abilities;
    case 'ref':
      return ABILITY.copy | ABILITY.drop;
    default:
      return ABILITY.copy | ABILITY.drop; // primitives
  }
}

function isSuiCoin(type: Type | undefined): boolean {
  const t = type?.kind === 'ref' ? type.to : type;
  const arg = t?.kind === 'datatype' ? t.args[0] : undefined;
  return (
    t?.kind === 'datatype' &&
    t.address === FRAMEWORK &&
    t.module === 'coin' &&
    t.name === 'Coin' &&
    arg?.kind === 'datatype' &&
    arg.address === FRAMEWORK &&
    arg.module === 'sui' &&
    arg.name === 'SUI'
  );
}

/** A sender coin: `Coin<SUI> { id, balance }`, its id derived from where the plan uses it. */
function senderCoinBytes(call: number, arg: number): Uint8Array {
  const bytes = new Uint8Array(40);
  bytes.set(createHash('sha256').update(`local sender coin ${call}.${arg}`).digest(), 0);
  new DataView(bytes.buffer).setBigUint64(32, SENDER_COIN_MIST, true);
  return bytes;
}

/** The Clock of a fresh chain: its well-known id and time 0. */
function clockBytes(): Uint8Array {
  const bytes = new Uint8Array(40);
  bytes.set(Buffer.from(CLOCK_ID.slice(2), 'hex'), 0);
  return bytes;
}

class ExecutionFailed extends Error {
  constructor(readonly failure: SimulationFailure) {
    super(failure.effectsError ?? 'execution failed');
  }
}

function argumentBytes(
  arg: PtbArg,
  param: Type | undefined,
  results: ResultSlot[][],
  vm: MoveVm,
  call: number,
  position: number,
) {
  const record = arg as Record<string, unknown>;
  if ('result' in record || 'nested_result' in record) {
    const [command, index] =
      'result' in record ? [record.result as number, 0] : (record.nested_result as [number, number]);
    const slot = results[command]?.[index];
    if (!slot) throw rejected(`call ${call} uses result ${command}.${index}, which no earlier call produced`);
    slot.used = true;
    if (param && param.kind !== 'ref' && !(abilitiesOf(vm, slot.type) & ABILITY.copy)) {
      if (slot.moved) throw failed(`call ${call} uses result ${command}.${index} again after it was moved`);
      slot.moved = true;
    }
    return { bytes: slot.bytes, slot };
  }
  const kind = argKind(arg);
  const pure = pureBytes(kind, record[kind]);
  if (pure) return { bytes: pure, slot: null };
  if (OWNED_KINDS.has(kind) && isSuiCoin(param))
    return { bytes: senderCoinBytes(call, position), slot: null };
  if (kind === 'shared_object') {
    const id = (record[kind] as { id?: unknown } | null)?.id;
    if (typeof id === 'string' && normalizeAddress(id, 'object id') === CLOCK_ID)
      return { bytes: clockBytes(), slot: null };
  }
  throw failed(`call ${call}: ${kind} ${JSON.stringify(record[kind])} is not in the local object store`);
}

/** As the other backends spell types: `0x` and 64 hex digits for every address. */
function typeString(type: Type): string {
  return normalizeTypeString(canonicalTypeName(type).replace(/(^|[<,])([0-9a-f]{64})::/g, '$10x$2::'));
}

const failed = (effectsError: string) =>
  new ExecutionFailed({ status: 'failure', effectsError, abortCode: null, abortLocation: null });

async function simulateLocal(request: SimulationRequest): Promise<SimulationOutcome> {
  if (!request.packageDir) throw rejected('local mode needs the package directory');
  const vm = await vmFor(request.packageDir);
  const digest = createHash('sha256').update(JSON.stringify(request.spec)).digest();
  const tx = new TransactionState({ sender: request.sender, digest, gasBudget: BigInt(request.gasBudget) });
  const results: ResultSlot[][] = [];
  let failure: SimulationFailure | null = null;
  try {
    request.spec.calls.forEach((call, i) => results.push(runCall(vm, tx, call, i, results)));
    const unused = results.flatMap((slots, i) =>
      slots.flatMap((s, j) => (!s.used && !(abilitiesOf(vm, s.type) & ABILITY.drop) ? [`${i}.${j}`] : [])),
    );
    if (unused.length > 0)
      throw failed(`UnusedValueWithoutDrop: results ${unused.join(', ')} have no drop and were not used`);
  } catch (error) {
    if (!(error instanceof ExecutionFailed)) throw error;
    failure = error.failure;
  }
  const created = new Set(tx.createdIds);
  const createdTypes =
    failure === null
      ? sortedByCodePoint(
          new Set(tx.transfers.filter((t) => created.has(t.objectId)).map((t) => typeString(t.type))),
        )
      : [];
  return {
    modeUsed: 'local',
    createdTypes,
    staticCreatedTypes: await scanStaticTypes(request),
    txBuildOk: true,
    execOk: failure === null,
    dryRunOk: false,
    failure,
    fellBack: false,
    dryRunError: null,
    bcsBase64: null,
    gasBudgetUsed: null,
    attempts: 1,
  };
}

function runCall(
  vm: MoveVm,
  tx: TransactionState,
  call: SimulationRequest['spec']['calls'][number],
  index: number,
  results: ResultSlot[][],
): ResultSlot[] {
  const target = moveCallTarget(call.target);
  let fn;
  try {
    fn = vm.function(target.package, target.module, target.function);
  } catch (error) {
    if (error instanceof VmLoadError) throw rejected(`call ${index}: ${error.message}`);
    throw error;
  }
  if (fn.visibility !== 'Public' && !fn.isEntry)
    throw rejected(`call ${index}: ${call.target} is neither public nor entry`);
  const typeArgs = call.type_args.map((t) => parseTypeTag(t));
  const params = fn.params.map((p) => substitute(p, typeArgs));
  const used = call.args.map((arg, j) => argumentBytes(arg, params[j], results, vm, index, j));
  let outcome;
  try {
    outcome = vm.callFunction({ ...target, typeArgs, args: used.map((u) => u.bytes), tx });
  } catch (error) {
    if (error instanceof VmLoadError) throw rejected(`call ${index}: ${error.message}`);
    throw error;
  }
  if (!outcome.success) {
    const { error } = outcome;
    const where = error.location
      ? `0x${error.location.address.slice(2).replace(/^0+(?=.)/, '')}::${error.location.module}::${error.location.function}`
      : null;
    throw new ExecutionFailed({
      status: 'failure',
      effectsError: `command ${index}: ${error.status}${error.code === undefined ? '' : ` ${error.code}`}: ${error.message}`,
      abortCode: error.status === 'ABORTED' && error.code !== undefined ? error.code.toString() : null,
      abortLocation: where,
    });
  }
  for (const { index: param, bytes } of outcome.mutatedReferences) {
    const slot = used[param]?.slot;
    if (slot) slot.bytes = bytes;
  }
  return outcome.returnValues.map((bytes, k) => ({
    bytes,
    type: substitute(fn.returns[k]!, typeArgs),
    moved: false,
    used: false,
  }));
}

export const localBackend: SimulationBackend = {
  simulate: simulateLocal,
  preflight: async () => ({
    mode: 'local',
    checked: ['nothing: local runs offline, with the framework of each package’s corpus'],
    chainId: null,
  }),
};
