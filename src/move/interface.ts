// Turns deserialized modules into the upstream extractor's interface JSON (see the Rust contract
// spec §1). Pure: no I/O, so it can run on bytes from anywhere.
import type {
  Ability,
  InterfaceEnum,
  InterfaceField,
  InterfaceFunction,
  InterfaceJson,
  InterfaceModule,
  InterfaceStruct,
  MoveType,
} from '../core/types.js';
import { fullAddress } from './address.js';
import { compareUtf8 } from './canonical-json.js';
import type {
  AbilityMask,
  DatatypeHandle,
  DatatypeTypeParameter,
  FieldDefinition,
  ModuleJson,
  SignatureToken,
  Visibility,
} from './module-json.js';
import { PRIMITIVE_KINDS } from './module-json.js';

export interface BuildInterfaceOptions {
  /** Add an `enums` object to every module and report schema_version 2 (the sui-sandbox shape). */
  includeEnums?: boolean;
}

/** Move source order, which is what upstream emits (not alphabetical). */
const ABILITY_BITS: readonly (readonly [number, Ability])[] = [
  [1, 'copy'],
  [2, 'drop'],
  [4, 'store'],
  [8, 'key'],
];

export { PRIMITIVE_KINDS };

const VISIBILITIES: Record<Visibility, InterfaceFunction['visibility']> = {
  Public: 'public',
  Friend: 'friend',
  Private: 'private',
};

export function abilitiesFromMask(mask: AbilityMask): Ability[] {
  return ABILITY_BITS.filter(([bit]) => (mask & bit) !== 0).map(([, name]) => name);
}

/**
 * The upstream interface JSON of one package. Modules are keyed by their self-id name; a later
 * module with the same name replaces an earlier one (upstream reads files in path order).
 */
export function buildInterface(
  modules: readonly ModuleJson[],
  packageId: string,
  options: BuildInterfaceOptions = {},
): InterfaceJson {
  const includeEnums = options.includeEnums ?? false;
  const byName = new Map<string, InterfaceModule>();
  for (const module of modules) {
    const reader = new ModuleReader(module);
    byName.set(reader.selfName, reader.describe(includeEnums));
  }
  const moduleNames = [...byName.keys()].sort(compareUtf8);
  const described: Record<string, InterfaceModule> = {};
  for (const name of moduleNames) described[name] = byName.get(name) as InterfaceModule;
  return {
    module_names: moduleNames,
    modules: described,
    package_id: packageId,
    schema_version: includeEnums ? 2 : 1,
  };
}

/** The name a module declares for itself (its self handle), which is its name in the interface. */
export function moduleSelfName(module: ModuleJson): string {
  return new ModuleReader(module).selfName;
}

/** Resolves pool indices of one module; throws a plain Error if an index is out of range. */
class ModuleReader {
  readonly selfName: string;
  readonly selfAddress: string;
  /** The address pool in interface form, converted once per module. */
  private readonly addresses: string[];

  constructor(private readonly module: ModuleJson) {
    this.addresses = module.address_identifiers.map(fullAddress);
    const self = entry(module.module_handles, module.self_module_handle_idx, 'module handle');
    this.selfName = this.identifier(self.name);
    this.selfAddress = this.address(self.address);
  }

  describe(includeEnums: boolean): InterfaceModule {
    const described: InterfaceModule = {
      address: this.selfAddress,
      functions: this.functions(),
      structs: this.structs(),
    };
    if (includeEnums) described.enums = this.enums();
    return described;
  }

  private structs(): Record<string, InterfaceStruct> {
    const structs: Record<string, InterfaceStruct> = {};
    for (const def of this.module.struct_defs) {
      const handle = this.datatypeHandle(def.struct_handle);
      const info = def.field_information;
      const isNative = info === 'Native';
      structs[this.identifier(handle.name)] = {
        abilities: abilitiesFromMask(handle.abilities),
        fields: isNative ? [] : this.fields(info.Declared),
        is_native: isNative,
        type_params: handle.type_parameters.map(datatypeTypeParam),
      };
    }
    return structs;
  }

  private enums(): Record<string, InterfaceEnum> {
    const enums: Record<string, InterfaceEnum> = {};
    for (const def of this.module.enum_defs) {
      const handle = this.datatypeHandle(def.enum_handle);
      enums[this.identifier(handle.name)] = {
        abilities: abilitiesFromMask(handle.abilities),
        type_params: handle.type_parameters.map(datatypeTypeParam),
        variants: def.variants.map((variant, tag) => ({
          fields: this.fields(variant.fields),
          name: this.identifier(variant.variant_name),
          tag,
        })),
      };
    }
    return enums;
  }

  private functions(): Record<string, InterfaceFunction> {
    const functions: Record<string, InterfaceFunction> = {};
    for (const def of this.module.function_defs) {
      const handle = entry(this.module.function_handles, def.function, 'function handle');
      functions[this.identifier(handle.name)] = {
        acquires: this.acquires(def.acquires_global_resources),
        is_entry: def.is_entry,
        is_native: def.code === undefined || def.code === null,
        params: this.signature(handle.parameters),
        returns: this.signature(handle.return_),
        type_params: handle.type_parameters.map((mask) => ({ constraints: abilitiesFromMask(mask) })),
        visibility: VISIBILITIES[def.visibility],
      };
    }
    return functions;
  }

  /** Acquired resources are struct definitions of this module, listed by name. */
  private acquires(structDefIndices: readonly number[]): InterfaceFunction['acquires'] {
    return structDefIndices
      .map((index) => {
        const def = entry(this.module.struct_defs, index, 'struct definition');
        const name = this.identifier(this.datatypeHandle(def.struct_handle).name);
        return { address: this.selfAddress, module: this.selfName, name };
      })
      .sort((a, b) => compareUtf8(a.name, b.name));
  }

  private fields(fields: readonly FieldDefinition[]): InterfaceField[] {
    return fields.map((field) => ({ name: this.identifier(field.name), type: this.type(field.signature) }));
  }

  private signature(index: number): MoveType[] {
    return entry(this.module.signatures, index, 'signature').map((token) => this.type(token));
  }

  private type(token: SignatureToken): MoveType {
    if (typeof token === 'string') return { kind: PRIMITIVE_KINDS[token] };
    if ('Vector' in token) return { kind: 'vector', type: this.type(token.Vector) };
    if ('Reference' in token) return { kind: 'ref', mutable: false, to: this.type(token.Reference) };
    if ('MutableReference' in token)
      return { kind: 'ref', mutable: true, to: this.type(token.MutableReference) };
    if ('TypeParameter' in token) return { index: token.TypeParameter, kind: 'type_param' };
    if ('Datatype' in token) return this.datatype(token.Datatype, []);
    const [handleIndex, typeArgs] = token.DatatypeInstantiation;
    return this.datatype(handleIndex, typeArgs);
  }

  /** The address is that of the module handle declaring the type (the original id for own types). */
  private datatype(handleIndex: number, typeArgs: readonly SignatureToken[]): MoveType {
    const handle = this.datatypeHandle(handleIndex);
    const declaringModule = entry(this.module.module_handles, handle.module, 'module handle');
    return {
      address: this.address(declaringModule.address),
      kind: 'datatype',
      module: this.identifier(declaringModule.name),
      name: this.identifier(handle.name),
      type_args: typeArgs.map((arg) => this.type(arg)),
    };
  }

  private datatypeHandle(index: number): DatatypeHandle {
    return entry(this.module.datatype_handles, index, 'datatype handle');
  }

  private identifier(index: number): string {
    return entry(this.module.identifiers, index, 'identifier');
  }

  private address(index: number): string {
    return entry(this.addresses, index, 'address');
  }
}

function datatypeTypeParam(param: DatatypeTypeParameter): InterfaceStruct['type_params'][number] {
  return { constraints: abilitiesFromMask(param.constraints), is_phantom: param.is_phantom };
}

function entry<T>(pool: readonly T[], index: number, what: string): T {
  const value = pool[index];
  if (value === undefined) throw new Error(`${what} index ${index} out of range (${pool.length} entries)`);
  return value;
}
