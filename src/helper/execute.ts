// Running a built helper, inside a VM thread (src/vm-pool/): its modules are published at a fresh address in
// the VM beside the target (with the corpus packages it depends on) and the framework, then each entry
// function is run as its own transaction, recording the target's modules it entered and the objects it
// created. The thread keeps the last few helpers loaded, so an attempt's entry functions, one job each,
// load it once. run.ts drives the jobs.
import { createHash } from 'node:crypto';
import type { EntrypointResult } from '../core/helper/row.js';
import { normalizeTypeString } from '../core/phase2/type-string.js';
import { rewriteSelfAddress } from '../move/readdress.js';
import { PromiseCache } from '../promise-cache.js';
import { vmForPackages } from '../package-store/package-vm.js';
import { shortAddress } from '../sandbox/row.js';
import { carriedLoadError, rebuiltLoadError } from '../vm/carried-error.js';
import { VmError, VmLoadError } from '../vm/errors.js';
import type { LoadedFunction } from '../vm/loader.js';
import type { MoveVm } from '../vm/move-vm.js';
import { executePtb } from '../vm/ptb.js';
import type { VmJobKind } from '../vm-pool/jobs.js';

export interface HelperRunRequest {
  packageDir: string;
  packageId: string;
  corpusRoot: string;
  frameworkDir: string | null;
  modules: { name: string; bytes: Uint8Array }[];
  /** `addr::module::function` the payload named; empty: every zero-argument entry function. */
  entrypoints: string[];
}

/** Entry functions run per package at most. */
export const MAX_ENTRYPOINTS = 50;
/** The sender of the helper's transactions. */
export const HELPER_SENDER = 'a11ce'.padStart(64, '0');

/** Where the helper is published: derived from the target, so runs are reproducible. */
export function helperAddress(packageId: string): string {
  return createHash('sha256').update(`smi-bench helper of ${packageId}`).digest('hex');
}

/** Each entry function's transaction has a digest of its own, so the ids it creates never depend on order. */
export function transactionDigest(target: string): Uint8Array {
  return createHash('sha256').update(`smi-bench helper transaction ${target}`).digest();
}

/** The helper's modules moved to `address`; all must share one address to move together. */
export function readdressHelper(
  modules: HelperRunRequest['modules'],
  address: string,
): { bytes: Uint8Array; label: string }[] {
  return modules.map((m) => ({
    bytes: rewriteSelfAddress(m.bytes, address, `${m.name}.mv`),
    label: `${m.name}.mv`,
  }));
}

const isTxContext = (t: LoadedFunction['params'][number]) =>
  t.kind === 'ref' &&
  t.to.kind === 'datatype' &&
  t.to.address === '2'.padStart(64, '0') &&
  t.to.module === 'tx_context' &&
  t.to.name === 'TxContext';

/** Why a function cannot be run as a zero-argument transaction, or null. */
function notRunnable(fn: LoadedFunction): string | null {
  if (!fn.isEntry && fn.visibility !== 'Public') return 'is neither entry nor public';
  if (fn.typeParamCount > 0) return 'has type parameters';
  const params = fn.params.filter((p, i) => !(i === fn.params.length - 1 && isTxContext(p)));
  return params.length > 0 ? 'takes arguments besides the TxContext' : null;
}

interface Selected {
  target: string;
  fn: LoadedFunction | null;
  problem: string | null;
}

function selectEntrypoints(vm: MoveVm, helper: string, named: string[]): Selected[] {
  const modules = vm.loader.allModules().filter((m) => m.address === helper);
  const label = (fn: LoadedFunction) => `${shortAddress(helper)}::${fn.module.name}::${fn.name}`;
  if (named.length === 0) {
    const all = modules.flatMap((m) =>
      m.json.function_defs
        .map((_, i) => m.functionAt(i))
        .filter((fn) => fn.isEntry && notRunnable(fn) === null),
    );
    return all.map((fn) => ({ target: label(fn), fn, problem: null }));
  }
  return [...new Set(named)].map((target) => {
    const [, moduleName, name] = target.split('::') as [string, string, string];
    const fn = modules.find((m) => m.name === moduleName)?.function(name);
    if (!fn) return { target, fn: null, problem: `the helper has no function ${moduleName}::${name}` };
    const problem = notRunnable(fn);
    return { target: label(fn), fn, problem: problem ? `${label(fn)} ${problem}` : null };
  });
}

export function failedEntrypoint(target: string, error: string): EntrypointResult {
  return {
    target,
    status: 'failed',
    abort_code: null,
    abort_location: null,
    target_modules_accessed: [],
    error,
    created_types: [],
    created_ids: [],
  };
}

/**
 * The VM names types with bare 64-digit addresses and `A,B` (Move's canonical form); rows use Sui's `0x`
 * form with `A, B`, as Phase II's created types.
 */
const withHexPrefix = (type: string) => normalizeTypeString(type.replace(/\b([0-9a-f]{64})::/g, '0x$1::'));

const exactInteger = (n: bigint): number | string =>
  n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString();

function runOne(vm: MoveVm, targetAddress: string, selected: Selected): EntrypointResult {
  if (!selected.fn || selected.problem)
    return failedEntrypoint(selected.target, selected.problem ?? 'not found');
  const fn = selected.fn;
  const touched = new Set<string>();
  vm.onFunctionEnter = (entered) => {
    if (entered.module.address === targetAddress)
      touched.add(`${shortAddress(targetAddress)}::${entered.module.name}`);
  };
  let effects;
  try {
    effects = executePtb(vm, {
      sender: HELPER_SENDER,
      digest: transactionDigest(selected.target),
      inputs: [],
      commands: [
        {
          kind: 'MoveCall',
          package: fn.module.address,
          module: fn.module.name,
          function: fn.name,
          typeArgs: [],
          args: [],
        },
      ],
    });
  } catch (error) {
    if (!(error instanceof VmLoadError || error instanceof VmError)) throw error;
    return failedEntrypoint(selected.target, error.message);
  } finally {
    vm.onFunctionEnter = undefined;
  }
  const accessed = [...touched].sort();
  if (effects.success)
    return {
      target: selected.target,
      status: 'tier_b_hit',
      abort_code: null,
      abort_location: null,
      target_modules_accessed: accessed,
      error: null,
      created_types: effects.created.map((o) => withHexPrefix(o.type)).sort(),
      created_ids: effects.created.map((o) => `0x${o.id.replace(/^0x/, '')}`).sort(),
    };
  const e = effects.error!;
  const location = e.location
    ? `${shortAddress(e.location.address)}::${e.location.module}::${e.location.function}`
    : null;
  return {
    target: selected.target,
    status: e.status === 'ABORTED' ? 'aborted' : 'failed',
    abort_code: e.code === undefined ? null : exactInteger(e.code),
    abort_location: location,
    target_modules_accessed: accessed,
    error: `${e.status}: ${e.message}`,
    created_types: [],
    created_ids: [],
  };
}

interface LoadedHelper {
  vm: MoveVm;
  targetAddress: string;
  selected: Selected[];
}

/** The helper published beside its target, and the entry functions to run. */
async function loadHelper(request: HelperRunRequest): Promise<LoadedHelper> {
  const { vm, packages } = await vmForPackages(request, [request.packageDir]);
  const { missingDependencies } = packages[0]!;
  // Every call into such a target would fail to link: name the missing packages instead of scoring
  // the helper's entry functions as ordinary failures.
  if (missingDependencies.length > 0)
    throw new VmLoadError(
      `the target's dependencies are not in the corpus: ${missingDependencies.join(', ')}`,
    );
  const helper = helperAddress(request.packageId);
  vm.loader.addModules(readdressHelper(request.modules, helper));
  const targetAddress = vm.moduleAddress(request.packageId);
  const selected = selectEntrypoints(vm, helper, request.entrypoints).slice(0, MAX_ENTRYPOINTS);
  return { vm, targetAddress, selected };
}

/** Helpers loaded in this thread, by everything their loading depends on. */
const loaded = new PromiseCache<LoadedHelper>(4);

function loadedHelper(request: HelperRunRequest): Promise<LoadedHelper> {
  const { packageDir, packageId, corpusRoot, frameworkDir, entrypoints } = request;
  const key = createHash('sha256').update(
    JSON.stringify([
      packageDir,
      packageId,
      corpusRoot,
      frameworkDir,
      entrypoints,
      request.modules.map((m) => [m.name, m.bytes.length]),
    ]),
  );
  for (const m of request.modules) key.update(m.bytes);
  return loaded.get(key.digest('hex'), () => loadHelper(request));
}

/**
 * The entry functions the helper's run has, in the order they run (those that cannot run included: their
 * results say why).
 * @throws VmLoadError when the target, the framework or the helper's bytecode cannot be loaded
 */
export async function helperEntrypoints(request: HelperRunRequest): Promise<string[]> {
  return (await loadedHelper(request)).selected.map((s) => s.target);
}

/** Runs the helper's `index`th entry function (of `helperEntrypoints`) as its own transaction. */
export async function runHelperEntrypoint(
  request: HelperRunRequest,
  index: number,
): Promise<EntrypointResult> {
  const { vm, targetAddress, selected } = await loadedHelper(request);
  const one = selected[index];
  if (!one) throw new VmLoadError(`the helper has no entry function number ${index}`);
  return runOne(vm, targetAddress, one);
}

/** The VM thread's jobs for a helper's run (src/vm-pool/): its entry functions, then each of them. */
export const HELPER_ENTRYPOINTS: VmJobKind<HelperRunRequest, string[]> = {
  name: 'helper-entrypoints',
  run: helperEntrypoints,
  carry: carriedLoadError,
  rebuild: rebuiltLoadError,
};
export const HELPER_ENTRYPOINT: VmJobKind<{ helper: HelperRunRequest; index: number }, EntrypointResult> = {
  name: 'helper-entrypoint',
  run: ({ helper, index }) => runHelperEntrypoint(helper, index),
  carry: carriedLoadError,
  rebuild: rebuiltLoadError,
};
