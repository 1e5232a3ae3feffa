// upstream's `benchmark-local` over one package: every public or entry function of its modules, Tier A then
// Tier B, one row each (spec rust-contracts §4.2–§4.7).
import { VmError, VmLoadError } from '../vm/errors.js';
import type { LoadedFunction, LoadedModule } from '../vm/loader.js';
import type { MoveVm } from '../vm/move-vm.js';
import { ConstructorMap, sortedModules } from './constructors.js';
import { shortAddress, type LocalRow, type StaticCall } from './row.js';
import { TierASynthesizer } from './tier-a.js';
import { buildSandboxPtb, runSandboxPtb } from './tier-b.js';

const FRAMEWORK = new Set(['1', '2', '3'].map((d) => d.padStart(64, '0')));
/** Each target's transaction stops after this many instructions (loops over made-up values can be long). */
export const SANDBOX_INSTRUCTION_LIMIT = 5_000_000;

export interface BenchmarkOptions {
  /** Tier A only (upstream's `--tier-a-only`). */
  tierAOnly?: boolean;
  /** Dependencies the corpus lacks (the storage ids to fetch): no function is run, each row names them. */
  missingDependencies?: readonly string[];
  /**
   * The id the package was asked for (its storage id), which every row carries as `target_package` so that
   * rows join the ids given. Default: the address its modules carry, which for an upgraded package is the
   * original id.
   */
  packageId?: string;
}

/** Public or entry functions, in module order (by name) then declaration order; the framework is skipped. */
export function listTargets(modules: LoadedModule[]): LoadedFunction[] {
  return modules
    .filter((m) => !FRAMEWORK.has(m.address))
    .flatMap((m) =>
      m.json.function_defs
        .map((_, i) => m.functionAt(i))
        .filter((f) => f.visibility === 'Public' || f.isEntry),
    );
}

/** Non-framework functions the target's own code calls, as upstream lists them (sorted, distinct). */
export function staticCalls(fn: LoadedFunction): StaticCall[] {
  const json = fn.module.json;
  const code = json.function_defs[fn.defIndex]?.code?.code ?? [];
  const seen = new Map<string, StaticCall>();
  for (const instr of code) {
    if (typeof instr !== 'object') continue;
    const generic = 'CallGeneric' in instr;
    if (!generic && !('Call' in instr)) continue;
    const operand = Number(generic ? instr.CallGeneric : instr.Call);
    const handleIndex = generic ? json.function_instantiations[operand]!.handle : operand;
    const handle = json.function_handles[handleIndex]!;
    const owner = fn.module.moduleHandle(handle.module);
    if (FRAMEWORK.has(owner.address)) continue;
    const call = {
      target_module: `${shortAddress(owner.address)}::${owner.name}`,
      function_name: fn.module.identifier(handle.name),
      is_generic: generic,
    };
    seen.set(JSON.stringify(call), call);
  }
  const sortKey = (c: StaticCall) =>
    `${c.target_module}\u0000${c.function_name}\u0000${c.is_generic ? 1 : 0}`;
  return [...seen.values()].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
}

/** The targets among `modules` in upstream's order, and how to benchmark each one in the package's VM. */
export function packageBenchmark(vm: MoveVm, modules: LoadedModule[], options: BenchmarkOptions = {}) {
  const tierA = new TierASynthesizer(vm.loader, new ConstructorMap(vm.loader));
  const ordered = sortedModules(vm.loader).filter((m) => modules.includes(m));
  return {
    targets: listTargets(ordered),
    run: (fn: LoadedFunction): LocalRow => benchmarkFunction(vm, tierA, fn, options),
  };
}

/** The rows of every target among `modules`, in one go. */
export function benchmarkModules(
  vm: MoveVm,
  modules: LoadedModule[],
  options: BenchmarkOptions = {},
): LocalRow[] {
  const bench = packageBenchmark(vm, modules, options);
  return bench.targets.map(bench.run);
}

function benchmarkFunction(
  vm: MoveVm,
  tierA: TierASynthesizer,
  fn: LoadedFunction,
  options: BenchmarkOptions,
): LocalRow {
  const head = {
    target_package: options.packageId ?? '0x' + fn.module.address,
    target_module: fn.module.name,
    target_function: fn.name,
  };
  if (options.missingDependencies?.length)
    return {
      ...head,
      status: 'miss',
      failure_stage: 'missing_dependency',
      failure_reason: `dependencies not in the corpus: ${options.missingDependencies.join(', ')}`,
    };
  const a = tierA.run(fn);
  if (!a.ok) return { ...head, status: 'miss', failure_stage: a.stage, failure_reason: a.reason };
  const tierADetails = {
    resolved_params: a.resolvedParams,
    bcs_roundtrip_verified: true,
    has_object_params: a.hasObjectParams,
  };
  // Like upstream: with an argument Tier A cannot make up, Tier B is skipped and the row carries no stage.
  if (options.tierAOnly || a.hasObjectParams)
    return { ...head, status: 'tier_a_hit', tier_a_details: tierADetails };

  let ptb;
  try {
    ptb = buildSandboxPtb(vm, fn, a.typeArgs, a.args);
  } catch (error) {
    if (!(error instanceof VmError || error instanceof VmLoadError)) throw error;
    const message = `cannot build the transaction: ${error.message}`;
    return {
      ...head,
      status: 'tier_a_hit',
      failure_stage: 'B2',
      failure_reason: `execution failed: ${message}`,
      tier_a_details: tierADetails,
      tier_b_details: { execution_success: false, error: message },
    };
  }
  const accessed = new Set<string>();
  let inTarget = false;
  vm.onFunctionEnter = (entered, depth) => {
    // Depth 0 is a command's own function: the target's command is the one calling the target.
    if (depth === 0) inTarget = entered === fn;
    if (inTarget && !FRAMEWORK.has(entered.module.address))
      accessed.add(`${shortAddress(entered.module.address)}::${entered.module.name}`);
  };
  let outcome;
  try {
    outcome = runSandboxPtb(vm, ptb, SANDBOX_INSTRUCTION_LIMIT);
  } finally {
    vm.onFunctionEnter = undefined;
  }
  // Empty lists are left out, as upstream omits them from the row.
  const calls = staticCalls(fn);
  const modulesAccessed = [...accessed].sort();
  const lists = {
    ...(modulesAccessed.length > 0 ? { target_modules_accessed: modulesAccessed } : {}),
    ...(calls.length > 0 ? { static_calls: calls } : {}),
  };
  if (outcome.success)
    return {
      ...head,
      status: 'tier_b_hit',
      tier_a_details: tierADetails,
      tier_b_details: { execution_success: true, ...lists },
    };
  const reason =
    outcome.stage === 'B1'
      ? `PTB constructor chain failed: ${outcome.error}`
      : outcome.error.startsWith('UNIMPLEMENTED_NATIVE')
        ? `unsupported native function: ${outcome.error}`
        : `execution failed: ${outcome.error}`;
  return {
    ...head,
    status: 'tier_a_hit',
    failure_stage: outcome.stage,
    failure_reason: reason,
    tier_a_details: tierADetails,
    tier_b_details: { execution_success: false, error: outcome.error, ...lists },
  };
}
