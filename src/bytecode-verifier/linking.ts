// Linking (dependencies.rs), which Sui runs when it loads a module against its dependencies: each
// imported datatype is defined there, with the abilities, type parameter constraints and phantom flags
// its declaration allows; each imported function is defined there, visible to this module, with the
// same type parameters (constraints at least as strict), parameters and returns. LOOKUP_FAILED or
// TYPE_MISMATCH at the first mismatch, datatypes before functions. Modules the lookup does not know
// are skipped: a caller may supply only some dependencies.
import type { DatatypeTypeParameter, ModuleJson, SignatureToken } from '../move/module-json.js';
import { fail } from './errors.js';
import { datatypeName, datatypeOf, selfAddress, selfName } from './sui/names.js';

/** Looks up a module another module depends on, by address (64 hex digits) and name. */
export type DependencyLookup = (address: string, name: string) => ModuleJson | undefined;

const isSubset = (small: number, big: number) => (small & ~big) === 0;

function identifier(module: ModuleJson, index: number | undefined): string {
  return module.identifiers[index ?? -1] ?? '';
}

/** The datatype handle a module defines under `name`, or -1. */
function definedDatatype(dep: ModuleJson, name: string): number {
  const handles = [
    ...dep.struct_defs.map((d) => d.struct_handle),
    ...dep.enum_defs.map((d) => d.enum_handle),
  ];
  return handles.find((h) => identifier(dep, dep.datatype_handles[h]?.name) === name) ?? -1;
}

function compatibleTypeParameters(
  local: readonly DatatypeTypeParameter[],
  defined: readonly DatatypeTypeParameter[],
): boolean {
  return (
    local.length === defined.length &&
    local.every((p, i) => {
      const d = defined[i] as DatatypeTypeParameter;
      // Locally phantom needs phantom there; local constraints may only be stricter.
      return (!p.is_phantom || d.is_phantom) && isSubset(d.constraints, p.constraints);
    })
  );
}

/** Whether a type as this module writes it is the type the dependency declares. */
function sameType(
  module: ModuleJson,
  local: SignatureToken,
  dep: ModuleJson,
  defined: SignatureToken,
): boolean {
  if (typeof local === 'string' || typeof defined === 'string') return local === defined;
  if ('Vector' in local) return 'Vector' in defined && sameType(module, local.Vector, dep, defined.Vector);
  if ('Reference' in local)
    return 'Reference' in defined && sameType(module, local.Reference, dep, defined.Reference);
  if ('MutableReference' in local)
    return (
      'MutableReference' in defined && sameType(module, local.MutableReference, dep, defined.MutableReference)
    );
  if ('TypeParameter' in local)
    return 'TypeParameter' in defined && local.TypeParameter === defined.TypeParameter;
  const a = datatypeOf(local);
  const b = datatypeOf(defined);
  // A datatype is the same across modules when its address, module and name are.
  const nameA = a && datatypeName(module, a.handle);
  const nameB = b && datatypeName(dep, b.handle);
  return (
    'Datatype' in local === 'Datatype' in defined &&
    nameA !== undefined &&
    nameA.address === nameB?.address &&
    nameA.module === nameB.module &&
    nameA.name === nameB.name &&
    sameTypes(module, a?.args ?? [], dep, b?.args ?? [])
  );
}

function sameTypes(
  module: ModuleJson,
  local: readonly SignatureToken[],
  dep: ModuleJson,
  defined: readonly SignatureToken[],
): boolean {
  return (
    local.length === defined.length &&
    local.every((t, i) => sameType(module, t, dep, defined[i] as SignatureToken))
  );
}

/** Whether `dep` lets `module` call the function defined at `defIndex`. */
function callable(module: ModuleJson, dep: ModuleJson, defIndex: number): boolean {
  const visibility = dep.function_defs[defIndex]?.visibility;
  if (visibility === 'Public') return true;
  const self = { address: selfAddress(module), name: selfName(module) };
  return (
    visibility === 'Friend' &&
    dep.friend_decls.some(
      (f) => dep.address_identifiers[f.address] === self.address && identifier(dep, f.name) === self.name,
    )
  );
}

export function verifyLinking(module: ModuleJson, deps: DependencyLookup): void {
  const cache = new Map<number, ModuleJson | undefined>();
  const dependency = (moduleHandle: number) => {
    if (moduleHandle === module.self_module_handle_idx) return undefined;
    if (!cache.has(moduleHandle)) {
      const handle = module.module_handles[moduleHandle];
      cache.set(
        moduleHandle,
        handle && deps(module.address_identifiers[handle.address] ?? '', identifier(module, handle.name)),
      );
    }
    return cache.get(moduleHandle);
  };
  for (const handle of module.datatype_handles) {
    const dep = dependency(handle.module);
    if (!dep) continue;
    const name = identifier(module, handle.name);
    const defined = dep.datatype_handles[definedDatatype(dep, name)];
    if (!defined) fail('LOOKUP_FAILED', `the dependency defines no datatype ${name}`);
    if (
      !isSubset(handle.abilities, defined.abilities) ||
      !compatibleTypeParameters(handle.type_parameters, defined.type_parameters)
    )
      fail('TYPE_MISMATCH', `the imported datatype ${name} does not match its declaration`);
  }
  for (const handle of module.function_handles) {
    const dep = dependency(handle.module);
    if (!dep) continue;
    const name = identifier(module, handle.name);
    const defIndex = dep.function_defs.findIndex(
      (d) => identifier(dep, dep.function_handles[d.function]?.name) === name,
    );
    const defined = dep.function_handles[dep.function_defs[defIndex]?.function ?? -1];
    if (!defined || !callable(module, dep, defIndex))
      fail('LOOKUP_FAILED', `the dependency defines no function ${name} this module may call`);
    const typeParams = handle.type_parameters;
    const matches =
      typeParams.length === defined.type_parameters.length &&
      defined.type_parameters.every((c, i) => isSubset(c, typeParams[i] ?? 0)) &&
      sameTypes(
        module,
        module.signatures[handle.parameters] ?? [],
        dep,
        dep.signatures[defined.parameters] ?? [],
      ) &&
      sameTypes(module, module.signatures[handle.return_] ?? [], dep, dep.signatures[defined.return_] ?? []);
    if (!matches) fail('TYPE_MISMATCH', `the imported function ${name} does not match its declaration`);
  }
}
