// Cheap linking against dependencies that the caller can supply: every imported function and datatype
// must exist in its module (the loader's LOOKUP_FAILED). Modules the lookup does not know are skipped.
import type { ModuleJson } from '../../move/module-json.js';
import type { VerificationError } from './errors.js';

/** Looks up a module another module depends on, by address (64 hex digits) and name. */
export type DependencyLookup = (address: string, name: string) => ModuleJson | undefined;

function definedNames(module: ModuleJson): { functions: Set<string>; datatypes: Set<string> } {
  const name = (index: number | undefined) => module.identifiers[index ?? -1] ?? '';
  return {
    functions: new Set(module.function_defs.map((d) => name(module.function_handles[d.function]?.name))),
    datatypes: new Set([
      ...module.struct_defs.map((d) => name(module.datatype_handles[d.struct_handle]?.name)),
      ...module.enum_defs.map((d) => name(module.datatype_handles[d.enum_handle]?.name)),
    ]),
  };
}

export function verifyLinking(module: ModuleJson, deps: DependencyLookup): VerificationError[] {
  const cache = new Map<number, ReturnType<typeof definedNames> | undefined>();
  const namesOf = (moduleHandle: number) => {
    if (!cache.has(moduleHandle)) {
      const handle = module.module_handles[moduleHandle];
      const dep =
        handle &&
        deps(module.address_identifiers[handle.address] ?? '', module.identifiers[handle.name] ?? '');
      cache.set(moduleHandle, dep && definedNames(dep));
    }
    return cache.get(moduleHandle);
  };
  const errors: VerificationError[] = [];
  const imported = [
    ...module.function_handles.map((h) => ({ kind: 'functions' as const, module: h.module, name: h.name })),
    ...module.datatype_handles.map((h) => ({ kind: 'datatypes' as const, module: h.module, name: h.name })),
  ];
  for (const item of imported) {
    if (item.module === module.self_module_handle_idx) continue;
    const names = namesOf(item.module);
    const name = module.identifiers[item.name] ?? '';
    if (names && !names[item.kind].has(name)) {
      errors.push({
        status: 'LOOKUP_FAILED',
        message: `the dependency defines no ${item.kind.slice(0, -1)} ${name}`,
      });
    }
  }
  return errors;
}
