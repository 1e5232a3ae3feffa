// Which object types a plan would create, read from the bytecode it calls: the type arguments of the
// framework's transfer, share and freeze calls, found in the called functions and in every function of
// the same package they call in turn (upstream looked only at the called function's own body). A plan calls
// an upgraded package by its storage id, its bytecode by the original id; the types found are named by
// their defining ids (the type origin table), as Sui tags the objects.
import type { PtbSpec } from '../core/phase2/ptb-spec.js';
import type { ModuleJson, SignatureToken } from '../move/module-json.js';
import { moduleAddress, moduleName, type PackageBytecode } from './package-bytecode.js';
import { normalizeTypeString } from '../core/phase2/type-string.js';
import { typeNameSet } from './type-names.js';

const FRAMEWORK = '0'.repeat(63) + '2';
/** `0x2::transfer` functions that hand an object over to an owner, to everyone, or to nobody. */
const OBJECT_PLACING_FUNCTIONS = new Set([
  'transfer',
  'public_transfer',
  'share_object',
  'public_share_object',
  'freeze_object',
  'public_freeze_object',
  'party_transfer',
  'public_party_transfer',
]);
/** Polymorphic recursion (`f<T>` calling `f<vector<T>>`) would otherwise never end. */
const MAX_CALL_DEPTH = 16;

/**
 * A signature token as a type string. `typeArgs` are the enclosing function's type arguments; a
 * parameter without one is written `T<i>`, as upstream does.
 */
function renderToken(module: ModuleJson, token: SignatureToken, typeArgs: readonly string[]): string {
  // Primitive tokens are the type names capitalised: `U64` is `u64`, `Address` is `address`.
  if (typeof token === 'string') return token.toLowerCase();
  if ('Vector' in token) return `vector<${renderToken(module, token.Vector, typeArgs)}>`;
  if ('Reference' in token) return `&${renderToken(module, token.Reference, typeArgs)}`;
  if ('MutableReference' in token) return `&mut ${renderToken(module, token.MutableReference, typeArgs)}`;
  if ('TypeParameter' in token) return typeArgs[token.TypeParameter] ?? `T${token.TypeParameter}`;
  const [index, args] = 'Datatype' in token ? [token.Datatype, []] : token.DatatypeInstantiation;
  const handle = module.datatype_handles[index];
  if (!handle) return '?';
  const name = `0x${moduleAddress(module, handle.module)}::${moduleName(module, handle.module)}::${module.identifiers[handle.name]}`;
  return args.length === 0
    ? name
    : `${name}<${args.map((arg) => renderToken(module, arg, typeArgs)).join(', ')}>`;
}

interface CallSite {
  address: string;
  module: string;
  name: string;
  typeArgs: string[];
}

/** The functions a body calls, with their type arguments rendered in the caller's instantiation. */
function callSites(module: ModuleJson, functionIndex: number, typeArgs: readonly string[]): CallSite[] {
  const code = module.function_defs[functionIndex]?.code?.code ?? [];
  const sites: CallSite[] = [];
  for (const instruction of code) {
    if (typeof instruction === 'string') continue;
    let handleIndex: number;
    let calleeTypeArgs: string[] = [];
    if ('Call' in instruction) {
      handleIndex = Number(instruction.Call);
    } else if ('CallGeneric' in instruction) {
      const instantiation = module.function_instantiations[Number(instruction.CallGeneric)];
      if (!instantiation) continue;
      handleIndex = instantiation.handle;
      const tokens = module.signatures[instantiation.type_parameters] ?? [];
      calleeTypeArgs = tokens.map((token) => renderToken(module, token, typeArgs));
    } else {
      continue;
    }
    const handle = module.function_handles[handleIndex];
    if (!handle) continue;
    sites.push({
      address: moduleAddress(module, handle.module),
      module: moduleName(module, handle.module),
      name: module.identifiers[handle.name] ?? '',
      typeArgs: calleeTypeArgs,
    });
  }
  return sites;
}

function findFunction(module: ModuleJson, name: string): number {
  return module.function_defs.findIndex((definition) => {
    const handle = module.function_handles[definition.function];
    return handle !== undefined && module.identifiers[handle.name] === name;
  });
}

/** The static created types of a whole plan. */
export function staticCreatedTypes(pkg: PackageBytecode, spec: PtbSpec): string[] {
  const found: string[] = [];
  const visited = new Set<string>();
  // Plans call the package by its storage id; its bytecode calls itself by the original id.
  const ownAddresses = new Set([pkg.address, pkg.storageId].filter((a) => a !== ''));

  const visit = (site: CallSite, depth: number): void => {
    if (site.address === FRAMEWORK && site.module === 'transfer' && OBJECT_PLACING_FUNCTIONS.has(site.name)) {
      found.push(...site.typeArgs);
      return;
    }
    if (!ownAddresses.has(site.address) || depth > MAX_CALL_DEPTH) return;
    const key = `${site.module}::${site.name}<${site.typeArgs.join(',')}>`;
    if (visited.has(key)) return;
    visited.add(key);
    const module = pkg.modules.get(site.module);
    const index = module ? findFunction(module, site.name) : -1;
    if (!module || index < 0) return;
    for (const callee of callSites(module, index, site.typeArgs)) visit(callee, depth + 1);
  };

  for (const call of spec.calls) {
    const [address = '', module = '', name = ''] = call.target.split('::');
    const digits = /^0x[0-9a-fA-F]{1,64}$/.test(address) ? normalizeTypeString(address).slice(2) : '';
    visit({ address: digits, module, name, typeArgs: call.type_args.map(normalizeTypeString) }, 0);
  }
  return typeNameSet(found.map((type) => withOwnDefiningIds(normalizeTypeString(type), pkg, ownAddresses)));
}

const DATATYPE = /0x([0-9a-f]{64})::(\w+)::(\w+)/g;

/**
 * The package's own datatypes in a (normalized) type named as Sui tags objects: by their defining ids, as
 * the VM reports created objects. The bytecode names them by the original id, a plan by any of its ids.
 */
function withOwnDefiningIds(type: string, pkg: PackageBytecode, ownAddresses: Set<string>): string {
  return type.replace(DATATYPE, (whole, address: string, module: string, name: string) =>
    ownAddresses.has(address)
      ? `${pkg.definingIds.get(`${module}::${name}`) ?? `0x${pkg.address}`}::${module}::${name}`
      : whole,
  );
}
