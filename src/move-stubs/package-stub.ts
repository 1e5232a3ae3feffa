// A whole package's source stubs, from its compiled modules. The modules are declared at the package's
// original id (the address every version's modules carry) under the caller's named address; what the
// package refers to elsewhere is named by address literal, and listed so the caller can supply it.
import { addressDigits } from '../move/address.js';
import { moduleSelfName } from '../move/interface.js';
import type { ModuleJson } from '../move/module-json.js';
import { moduleExtras, type PackageMembers } from './module-extras.js';
import { moduleSource } from './module-source.js';
import { addressLiteral } from './type-text.js';

export interface PackageStub {
  /** `0x` + 64 hex digits. */
  originalId: string;
  /** Other packages the modules refer to, by original id (`0x` + 64 hex digits), sorted. */
  dependencyIds: string[];
  /** `sources/<module>.move` → Move source. */
  sources: Record<string, string>;
}

export function packageStub(modules: readonly ModuleJson[], namedAddress: string): PackageStub {
  if (modules.length === 0) throw new Error('a package without modules has no stub');
  const self = selfAddress(modules[0]!);
  const members = packageMembers(modules, self);
  const referenced = new Set<string>();
  const sources: Record<string, string> = {};
  for (const module of modules) {
    if (selfAddress(module) !== self)
      throw new Error(
        `the package's modules are at different addresses: 0x${self}, 0x${selfAddress(module)}`,
      );
    for (const handle of module.module_handles)
      referenced.add(addressDigits(module.address_identifiers[handle.address]!));
    const name = moduleSelfName(module);
    sources[`sources/${name}.move`] = moduleSource(module, namedAddress, moduleExtras(name, members));
  }
  referenced.delete(self);
  return { originalId: `0x${self}`, dependencyIds: [...referenced].sort().map((d) => `0x${d}`), sources };
}

function packageMembers(modules: readonly ModuleJson[], self: string): PackageMembers {
  const publicFunctions = new Set<string>();
  const datatypes = new Set<string>();
  for (const module of modules) {
    const name = moduleSelfName(module);
    const identifier = (index: number) => `${name}::${module.identifiers[index]}`;
    for (const def of module.function_defs)
      if (def.visibility === 'Public')
        publicFunctions.add(identifier(module.function_handles[def.function]!.name));
    for (const def of module.struct_defs)
      datatypes.add(identifier(module.datatype_handles[def.struct_handle]!.name));
    for (const def of module.enum_defs)
      datatypes.add(identifier(module.datatype_handles[def.enum_handle]!.name));
  }
  return { address: addressLiteral(self), publicFunctions, datatypes };
}

/** The address the module is declared at, as 64 hex digits. */
export function selfAddress(module: ModuleJson): string {
  const handle = module.module_handles[module.self_module_handle_idx]!;
  return addressDigits(module.address_identifiers[handle.address]!);
}
