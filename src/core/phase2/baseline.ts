// The baseline's candidate plans (spec/harness.md §10.2–10.6): every public entry function whose
// arguments the harness can build, from defaults, standard constructors, the package's own public
// constructors (shallow recursion) or inventory placeholders. Matches upstream so scores compare.
import type { PtbArg, PtbCall } from './ptb-spec.js';
import { isRecord } from './json-copy.js';
import { jsonTypeToString } from './type-string.js';

const FULL = (last: string) => '0x' + last.padStart(64, '0');
const STDLIB = FULL('1');
const FRAMEWORK = FULL('2');
export const DUMMY_ADDRESS = '0x' + '1'.repeat(64);
const SUI_TYPE = `${FRAMEWORK}::sui::SUI`;
const MAX_DEPTH = 3;

type Json = Record<string, unknown>;

const SHARED_SYSTEM_OBJECTS: [string, string, string][] = [
  ['clock', 'Clock', '0x6'],
  ['random', 'Random', '0x8'],
  ['deny_list', 'DenyList', '0x403'],
];

const isDatatype = (t: unknown, address: string, module: string, name: string): t is Json =>
  isRecord(t) &&
  t['kind'] === 'datatype' &&
  t['address'] === address &&
  t['module'] === module &&
  t['name'] === name;

/** `Coin<SUI>` with the framework address written in full, as upstream compares (exact strings). */
function isSuiCoin(t: unknown): boolean {
  if (!isDatatype(t, FRAMEWORK, 'coin', 'Coin')) return false;
  const args = t['type_args'];
  if (!Array.isArray(args) || args.length !== 1) return false;
  const arg: unknown = args[0];
  return (
    isDatatype(arg, FRAMEWORK, 'sui', 'SUI') &&
    Array.isArray(arg['type_args']) &&
    arg['type_args'].length === 0
  );
}

const INT_DEFAULTS = new Set(['u8', 'u16', 'u32', 'u64']);

/** Upstream `type_to_default_ptb_arg`: the argument for a type that needs no setup, or null. */
export function defaultArg(t: unknown): PtbArg | null {
  if (!isRecord(t)) return null;
  const kind = t['kind'];
  if (kind === 'ref') {
    const to = t['to'];
    const mutable = t['mutable'];
    if (typeof mutable === 'boolean')
      for (const [module, name, id] of SHARED_SYSTEM_OBJECTS)
        if (isDatatype(to, FRAMEWORK, module, name)) return { shared_object: { id, mutable } };
    if (isSuiCoin(to)) return { sender_sui_coin: { index: 0, exclude_gas: true } };
    return null;
  }
  if (isSuiCoin(t)) return { sender_sui_coin: { index: 0, exclude_gas: true } };
  if (kind === 'bool') return { bool: false };
  if (typeof kind === 'string' && INT_DEFAULTS.has(kind)) return { [kind]: 1 } as PtbArg;
  if (kind === 'address') return { address: DUMMY_ADDRESS };
  if (kind === 'vector' && isRecord(t['type'])) {
    const inner = t['type']['kind'];
    if (inner === 'u8') return { vector_u8_hex: '0x01' };
    if (inner === 'bool') return { vector_bool: [false] };
    if (inner === 'u16' || inner === 'u32' || inner === 'u64') return { [`vector_${inner}`]: [1] } as PtbArg;
    if (inner === 'address') return { vector_address: [DUMMY_ADDRESS] };
  }
  return null;
}

/** Drops a trailing `&TxContext` / `&mut TxContext` (any full-length address ending in 02, as upstream). */
export function stripImplicitTxContext(params: unknown[]): unknown[] {
  const last: unknown = params[params.length - 1];
  if (!isRecord(last) || last['kind'] !== 'ref') return params;
  const to = last['to'];
  if (
    !isRecord(to) ||
    to['kind'] !== 'datatype' ||
    to['module'] !== 'tx_context' ||
    to['name'] !== 'TxContext'
  )
    return params;
  const addr = typeof to['address'] === 'string' ? to['address'].toLowerCase() : '';
  return addr.startsWith('0x') && addr.length === 66 && addr.endsWith('02') ? params.slice(0, -1) : params;
}

/** Setup calls that produce standard library values from a literal. */
const STANDARD_CONSTRUCTORS: [string, string, string, string, PtbArg][] = [
  [STDLIB, 'string', 'String', `${STDLIB}::string::utf8`, { vector_u8_utf8: 'sui' }],
  [STDLIB, 'ascii', 'String', `${STDLIB}::ascii::string`, { vector_u8_utf8: 'sui' }],
  [FRAMEWORK, 'url', 'Url', `${FRAMEWORK}::url::new_unsafe_from_bytes`, { vector_u8_utf8: 'https://sui.io' }],
];

type Built = { setup: PtbCall[]; arg: PtbArg };
type ConstructorIndex = Map<string, string[]>;

/** Public functions returning exactly one datatype, by the rendered return type (upstream's index). */
function buildConstructorIndex(modules: Json): ConstructorIndex {
  const index: ConstructorIndex = new Map();
  for (const [moduleName, module] of Object.entries(modules)) {
    if (!isRecord(module) || !isRecord(module['functions'])) continue;
    const address = typeof module['address'] === 'string' ? module['address'] : DUMMY_ADDRESS;
    for (const [fnName, f] of Object.entries(module['functions'])) {
      if (!isRecord(f) || f['visibility'] !== 'public') continue;
      const returns = f['returns'];
      if (!Array.isArray(returns) || returns.length !== 1) continue;
      const ret: unknown = returns[0];
      if (!isRecord(ret) || ret['kind'] !== 'datatype') continue;
      const key = jsonTypeToString(ret);
      const list = index.get(key) ?? [];
      list.push(`${address}::${moduleName}::${fnName}`);
      index.set(key, list);
    }
  }
  return index;
}

/** Upstream `construct_arg`: the argument and the setup calls it needs, or null when unsupported. */
function constructArg(
  t: unknown,
  nextIdx: number,
  index: ConstructorIndex,
  modules: Json,
  depth: number,
): Built | null {
  if (depth > MAX_DEPTH) return null;
  const simple = defaultArg(t);
  if (simple) return { setup: [], arg: simple };
  if (!isRecord(t)) return null;
  if (t['kind'] === 'ref' && isRecord(t['to'])) return constructArg(t['to'], nextIdx, index, modules, depth);
  if (t['kind'] !== 'datatype') return null;
  for (const [address, module, name, target, literal] of STANDARD_CONSTRUCTORS)
    if (isDatatype(t, address, module, name))
      return { setup: [{ target, type_args: [], args: [literal] }], arg: { result: nextIdx } };
  const typeArgs = Array.isArray(t['type_args']) ? t['type_args'] : [];
  if (isDatatype(t, STDLIB, 'option', 'Option') && typeArgs.length === 1) {
    const inner: unknown = typeArgs[0];
    const typeArg = isRecord(inner) && inner['kind'] === 'type_param' ? SUI_TYPE : jsonTypeToString(inner);
    return {
      setup: [{ target: `${STDLIB}::option::none`, type_args: [typeArg], args: [] }],
      arg: { result: nextIdx },
    };
  }
  return (
    discoverConstructor(t, nextIdx, index, modules, depth) ?? {
      setup: [],
      arg: { $smi_placeholder: jsonTypeToString(t) },
    }
  );
}

/** The first of the package's public constructors for `t` whose own params can all be built. */
function discoverConstructor(
  t: Json,
  nextIdx: number,
  index: ConstructorIndex,
  modules: Json,
  depth: number,
): Built | null {
  for (const target of index.get(jsonTypeToString(t)) ?? []) {
    const parts = target.split('::');
    if (parts.length !== 3) continue;
    // Looked up by module name only, ignoring the address, as upstream.
    const module = modules[parts[1]!];
    const fns = isRecord(module) ? module['functions'] : undefined;
    const f = isRecord(fns) ? fns[parts[2]!] : undefined;
    if (!isRecord(f)) continue;
    if (Array.isArray(f['type_params']) ? f['type_params'].length > 0 : Boolean(f['type_params'])) continue;
    const params = stripImplicitTxContext(Array.isArray(f['params']) ? f['params'] : []);
    const built = buildArgs(params, nextIdx, index, modules, depth + 1);
    if (!built) continue;
    const setup = [...built.setup, { target, type_args: [], args: built.args }];
    return { setup, arg: { result: nextIdx + setup.length - 1 } };
  }
  return null;
}

function buildArgs(
  params: unknown[],
  nextIdx: number,
  index: ConstructorIndex,
  modules: Json,
  depth: number,
): { setup: PtbCall[]; args: PtbArg[] } | null {
  const setup: PtbCall[] = [];
  const args: PtbArg[] = [];
  for (const p of params) {
    const built = constructArg(p, nextIdx + setup.length, index, modules, depth);
    if (!built) return null;
    setup.push(...built.setup);
    args.push(built.arg);
  }
  return { setup, args };
}

export interface PackageCandidates {
  /** Each candidate is a whole plan's calls: setup calls, then the entry call. */
  candidatesOk: PtbCall[][];
  candidatesRejected: { target: string; reasons: string[] }[];
  reasonsSummary: Record<string, number>;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Upstream `analyze_package`: modules and functions in name order. */
export function analyzePackage(iface: unknown): PackageCandidates {
  const modules = isRecord(iface) ? iface['modules'] : undefined;
  if (!isRecord(modules))
    return { candidatesOk: [], candidatesRejected: [], reasonsSummary: { interface_missing_or_invalid: 1 } };
  const pkgId =
    isRecord(iface) && typeof iface['package_id'] === 'string' && iface['package_id']
      ? iface['package_id']
      : '0x0';
  const index = buildConstructorIndex(modules);
  const result: PackageCandidates = { candidatesOk: [], candidatesRejected: [], reasonsSummary: {} };
  for (const moduleName of Object.keys(modules).sort(byName)) {
    const module = modules[moduleName];
    if (!isRecord(module) || !isRecord(module['functions'])) continue;
    const fns = module['functions'];
    for (const fnName of Object.keys(fns).sort(byName)) {
      const f = fns[fnName];
      if (!isRecord(f)) continue;
      const target = `${pkgId}::${moduleName}::${fnName}`;
      const reasons: string[] = [];
      if (f['visibility'] !== 'public' || f['is_entry'] !== true) reasons.push('not_public_entry');
      // Generic functions are not rejected: every type parameter becomes SUI.
      const typeArgs = Array.isArray(f['type_params']) ? f['type_params'].map(() => SUI_TYPE) : [];
      const params = stripImplicitTxContext(Array.isArray(f['params']) ? f['params'].filter(isRecord) : []);
      const built = buildArgs(params, 0, index, modules, 0);
      if (!built) reasons.push('unsupported_param_type');
      if (reasons.length > 0 || !built) {
        result.candidatesRejected.push({ target, reasons });
        for (const r of reasons) result.reasonsSummary[r] = (result.reasonsSummary[r] ?? 0) + 1;
        continue;
      }
      result.candidatesOk.push([...built.setup, { target, type_args: typeArgs, args: built.args }]);
    }
  }
  if (result.candidatesOk.length === 0) result.reasonsSummary['no_candidates'] = 1;
  return result;
}
