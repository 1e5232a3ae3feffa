// `local`: the plan runs as a programmable transaction block in smi-bench's own Move VM (src/vm/ptb.ts),
// offline and deterministically. The framework (0x1, 0x2, 0x3) comes from the run's corpus root, or from
// `--framework-dir`; the corpus root is the run's, not the package directory's grandparent, which for a
// corpus made of links (prefix folders linked from elsewhere) is the link's target.
// Each plan call becomes a MoveCall; its pure values become pure inputs, earlier results become Result /
// NestedResult arguments, and the executor applies Sui's rules (a value without `copy` moves once, a
// value without `drop` must be moved by the end, `&mut` arguments are updated in place). Created types are
// those of the objects the transaction created and still exist: transferred, shared or frozen, or held in a
// dynamic field (and the fields themselves), as Sui's effects list them.
// The local chain has the system objects, made by the framework's own creation functions (Clock 0x6,
// Random 0x8, DenyList 0x403, CoinRegistry 0xc: src/vm/genesis.ts), and the sender owns the SUI coins
// upstream's argument kinds give: the gas coin (`gas_coin`) and a coin of its own per `sender_sui_coin`.
// Any other object a plan names (an `imm_or_owned_object` id, `0x0` included, which the normalizer writes for
// placeholders) does not exist here: as on chain, where the node cannot find it, no transaction is built
// and nothing is simulated. Nothing is made up to stand in for it. The package's dependencies come from
// its corpus (by original id, src/package-store/dependencies.ts); when the corpus lacks one, no transaction is
// built (every call would fail to link): the outcome says `missing_dependency` and names the storage ids to
// fetch, the versions the linkage tables name.
// This runs inside a VM thread (src/vm-pool/), which keeps the VMs below; local-backend.ts sends it plans.
import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import { argKind, type PtbArg } from '../core/phase2/ptb-spec.js';
import { MISSING_DEPENDENCY_STATUS } from '../core/phase2/taxonomy.js';
import { normalizeTypeString } from '../core/phase2/type-string.js';
import { sortedByCodePoint } from '../core/py-string.js';
import type { Genesis } from '../vm/genesis.js';
import { MoveVm, parseTypeTag, VmLoadError, type Type } from '../vm/index.js';
import { frameworkChain, vmForPackages, type PackageSource } from '../package-store/package-vm.js';
import { PromiseCache } from '../promise-cache.js';
import {
  executePtb,
  type PtbArgument,
  type PtbCommand,
  type PtbInput,
  type StoredObject,
} from '../vm/ptb.js';
import { substitute } from '../vm/types.js';
import { carriedLoadError, rebuiltLoadError } from '../vm/carried-error.js';
import type { VmJobKind } from '../vm-pool/jobs.js';
import { rejected, SimulationError, type SimulationErrorKind } from './errors.js';
import { nodeTypeName, suiCoinBytes } from './chain-spelling.js';
import { localExecutionFailure } from './local-failure.js';
import { moveCallTarget } from './ptb-build.js';
import { normalizeAddress, pureBytes } from './pure-args.js';
import { scanStaticTypes } from './static-scan.js';
import type { SimulationOutcome, SimulationRequest } from './types.js';

const FRAMEWORK = '0'.repeat(63) + '2';
/** What each of the sender's local coins, and the gas coin, holds: 1 000 SUI. */
const SENDER_COIN_MIST = 1_000_000_000_000n;
const SUI_COIN_TYPE = parseTypeTag('0x2::coin::Coin<0x2::sui::SUI>');

const KEPT_VMS = 8;

interface PackageVm {
  vm: MoveVm;
  genesis: Genesis;
  /** Dependencies the corpus lacks, as the storage ids to fetch (empty when it has them all). */
  missingDependencies: string[];
}

async function buildVm(packageDir: string, source: PackageSource): Promise<PackageVm> {
  const [chain, built] = await Promise.all([frameworkChain(source), vmForPackages(source, [packageDir])]);
  return {
    vm: built.vm,
    genesis: chain.genesis,
    missingDependencies: built.packages[0]!.missingDependencies,
  };
}

/** The request's corpus root and framework directory (requests from before they existed: the grandparent). */
function chainSource(request: SimulationRequest, packageDir: string): PackageSource {
  return {
    corpusRoot: request.corpusRoot ?? dirname(dirname(packageDir)),
    frameworkDir: request.frameworkDir ?? null,
  };
}

/**
 * The VM with the framework, the package and its dependencies, kept for the last few packages. Building one
 * costs little once the framework is parsed: its modules are shared.
 */
const vms = new PromiseCache<PackageVm>(KEPT_VMS);

function vmFor(packageDir: string, source: PackageSource): Promise<PackageVm> {
  const key = JSON.stringify([packageDir, source.corpusRoot, source.frameworkDir]);
  return vms.get(key, () => buildVm(packageDir, source));
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

const systemObjectNames = (genesis: Genesis) =>
  genesis.objects
    .map((o) => `0x${o.id.replace(/^0+/, '')} (${o.type.kind === 'datatype' ? o.type.name : '?'})`)
    .join(', ');

/** A plan argument naming an object the local chain does not hold: no transaction can be built. */
class ObjectNotFound extends Error {}

/** The plan as a PTB: inputs, commands, and the objects its inputs refer to. */
class PlanTranslation {
  readonly inputs: PtbInput[] = [];
  readonly commands: PtbCommand[] = [];
  readonly objects: StoredObject[];

  constructor(
    private readonly vm: MoveVm,
    private readonly sender: string,
    private readonly genesis: Genesis,
  ) {
    this.objects = [...genesis.objects];
  }

  addCall(call: SimulationRequest['spec']['calls'][number], index: number): void {
    const target = moveCallTarget(call.target);
    let fn;
    try {
      fn = this.vm.function(target.package, target.module, target.function);
    } catch (error) {
      if (error instanceof VmLoadError) throw rejected(`call ${index}: ${error.message}`);
      throw error;
    }
    if (fn.visibility !== 'Public' && !fn.isEntry)
      throw rejected(`call ${index}: ${call.target} is neither public nor entry`);
    const typeArgs = call.type_args.map((t) => parseTypeTag(t));
    const params = fn.params.map((p) => substitute(p, typeArgs));
    const args = call.args.map((arg, j) => this.argument(arg, params[j], index, j));
    this.commands.push({ kind: 'MoveCall', ...target, typeArgs, args });
  }

  /** One input per shared object, as Sui's transaction has it: mutable if any use asks for it to be. */
  private sharedInput(id: string, mutable: boolean): PtbArgument {
    const index = this.inputs.findIndex((i) => i.kind === 'Object' && i.id === id);
    const existing = this.inputs[index];
    if (existing?.kind !== 'Object') return this.input({ kind: 'Object', id, mutable });
    existing.mutable ||= mutable;
    return { kind: 'Input', index };
  }

  private input(input: PtbInput): PtbArgument {
    this.inputs.push(input);
    return { kind: 'Input', index: this.inputs.length - 1 };
  }

  private argument(arg: PtbArg, param: Type | undefined, call: number, position: number): PtbArgument {
    const record = arg as Record<string, unknown>;
    if ('result' in record) return { kind: 'Result', index: record.result as number };
    if ('nested_result' in record) {
      const [index, resultIndex] = record.nested_result as [number, number];
      return { kind: 'NestedResult', index, resultIndex };
    }
    const kind = argKind(arg);
    const pure = pureBytes(kind, record[kind]);
    if (pure) return this.input({ kind: 'Pure', bytes: pure });
    if (kind === 'gas_coin' && isSuiCoin(param)) return { kind: 'GasCoin' };
    if (kind === 'sender_sui_coin' && isSuiCoin(param)) {
      // A coin of the sender's, its id derived from where the plan uses it.
      const id = createHash('sha256').update(`local sender coin ${call}.${position}`).digest('hex');
      this.objects.push({
        id,
        type: SUI_COIN_TYPE,
        bytes: suiCoinBytes(id, SENDER_COIN_MIST),
        owner: { kind: 'address', address: this.sender },
      });
      return this.input({ kind: 'Object', id });
    }
    if (kind === 'shared_object') {
      const { id, mutable } = (record[kind] ?? {}) as { id?: unknown; mutable?: unknown };
      const digits = typeof id === 'string' ? normalizeAddress(id, 'object id').slice(2) : null;
      if (this.genesis.objects.some((o) => o.id === digits))
        return this.sharedInput(digits!, mutable !== false);
    }
    throw new ObjectNotFound(
      `call ${call}: ${kind} ${JSON.stringify(record[kind])} is not in the local object store ` +
        `(it holds the system objects ${systemObjectNames(this.genesis)}, and the sender's SUI coins ` +
        `given as gas_coin and sender_sui_coin)`,
    );
  }
}

/** As the other backends spell types: `0x` and 64 hex digits for every address. */
const typeString = (canonical: string) => normalizeTypeString(nodeTypeName(canonical));

/** Runs the plan in this thread's VM of its package. */
export async function simulateLocal(request: SimulationRequest): Promise<SimulationOutcome> {
  if (!request.packageDir) throw rejected('local mode needs the package directory');
  const { vm, genesis, missingDependencies } = await vmFor(
    request.packageDir,
    chainSource(request, request.packageDir),
  );
  if (missingDependencies.length > 0) return missingDependencyOutcome(request, missingDependencies);
  const sender = normalizeAddress(request.sender).slice(2);
  const plan = new PlanTranslation(vm, sender, genesis);
  try {
    request.spec.calls.forEach((call, i) => plan.addCall(call, i));
  } catch (error) {
    if (!(error instanceof ObjectNotFound)) throw error;
    // The model's next prompt shows the effects error: which argument named which object.
    return notBuiltOutcome(request, OBJECT_NOT_FOUND_STATUS, error.message, error.message);
  }
  const effects = executePtb(vm, {
    sender,
    digest: createHash('sha256').update(JSON.stringify(request.spec)).digest(),
    gasBudget: BigInt(request.gasBudget),
    gasCoin: { id: createHash('sha256').update('local gas coin').digest('hex'), balance: SENDER_COIN_MIST },
    inputs: plan.inputs,
    commands: plan.commands,
    objects: plan.objects,
    childObjects: genesis.childObjects,
  });
  const failure = effects.error
    ? localExecutionFailure(effects.error, (address) => vm.packageIdOf(address))
    : null;
  return {
    modeUsed: 'local',
    createdTypes: failure ? [] : sortedByCodePoint(new Set(effects.created.map((c) => typeString(c.type)))),
    staticCreatedTypes: await scanStaticTypes(request),
    txBuildOk: true,
    execOk: failure === null,
    failure,
    fellBack: false,
    dryRunError: null,
    bcsBase64: null,
    gasBudgetUsed: null,
    attempts: 1,
  };
}

/** How a missing dependency's `dry_run_error` starts. */
const MISSING_DEPENDENCY_MESSAGE = 'dependencies not in the corpus: ';
/** Sui's name for an input object the node cannot find, which stops a transaction before it runs. */
const OBJECT_NOT_FOUND_STATUS = 'ObjectNotFound';

/**
 * The package needs packages the corpus lacks: no transaction is built, since every call would fail to link.
 * The status says why (stage `missing_dependency`); `dryRunError`, as for any plan that could not be built,
 * names the storage ids to fetch into the corpus.
 */
function missingDependencyOutcome(
  request: SimulationRequest,
  storageIds: readonly string[],
): Promise<SimulationOutcome> {
  return notBuiltOutcome(
    request,
    MISSING_DEPENDENCY_STATUS,
    `${MISSING_DEPENDENCY_MESSAGE}${storageIds.join(', ')} (the storage ids to fetch into it)`,
    null,
  );
}

/** No transaction was built, so nothing was simulated (`attempts` 0): `status` and `reason` say why. */
async function notBuiltOutcome(
  request: SimulationRequest,
  status: string,
  reason: string,
  effectsError: string | null,
): Promise<SimulationOutcome> {
  return {
    modeUsed: 'local',
    createdTypes: [],
    staticCreatedTypes: await scanStaticTypes(request),
    txBuildOk: false,
    execOk: null,
    failure: { status, effectsError, abortCode: null, abortLocation: null },
    fellBack: false,
    dryRunError: reason,
    bcsBase64: null,
    gasBudgetUsed: null,
    attempts: 0,
  };
}

/** The VM thread's job for a plan (src/vm-pool/); a rejected plan is thrown again as a SimulationError. */
export const LOCAL_SIMULATION: VmJobKind<SimulationRequest, SimulationOutcome> = {
  name: 'local-simulation',
  run: simulateLocal,
  carry: (error) =>
    error instanceof SimulationError
      ? { name: 'SimulationError', message: error.message, detail: error.kind }
      : carriedLoadError(error),
  rebuild: (carried) =>
    carried.name === 'SimulationError'
      ? new SimulationError(carried.detail as SimulationErrorKind, carried.message)
      : rebuiltLoadError(carried),
};
