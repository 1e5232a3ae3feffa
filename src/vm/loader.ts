// Module cache and linker: modules are keyed by their self address (the package's original id, also
// for upgraded packages) and name, and every cross-module reference resolves through that key. Types are
// known inside the VM by that address too; the type origin tables of the packages say which package
// version defined each type (its defining id), the address Sui gives a type that leaves the VM (object and
// event types, `type_name::with_defining_ids`, the key types hashed into dynamic field ids).
import {
  deserializeModule,
  PRIMITIVE_KINDS,
  type ModuleJson,
  type SignatureToken,
} from '../move/module-json.js';
import { moduleId, verifyModule } from '../bytecode-verifier/index.js';
import { VmError, VmLoadError } from './errors.js';
import { prepareCode, type PreparedCode } from './code-prepare.js';
import { normalizeId, type TypeOrigin } from './package-bytes.js';
import { canonicalTypeName, primitive, type DatatypeType, type Type } from './types.js';

export interface FieldDef {
  name: string;
  /** May contain type parameters of the datatype. */
  type: Type;
}

export type DatatypeDef =
  | {
      kind: 'struct';
      name: string;
      abilities: number;
      typeParamCount: number;
      /** Per type parameter: declared `phantom` (it does not limit the abilities of an instantiation). */
      phantomParams: boolean[];
      /** Per type parameter: the abilities a type argument must have, as a mask. */
      typeParamConstraints: number[];
      fields: FieldDef[];
    }
  | {
      kind: 'enum';
      name: string;
      abilities: number;
      typeParamCount: number;
      phantomParams: boolean[];
      typeParamConstraints: number[];
      variants: { name: string; fields: FieldDef[] }[];
    };

export interface LoadedFunction {
  module: LoadedModule;
  /** Index among the module's function definitions. */
  defIndex: number;
  name: string;
  visibility: 'Public' | 'Friend' | 'Private';
  isEntry: boolean;
  typeParamCount: number;
  /** Ability constraints of each type parameter, as a mask (copy 1, drop 2, store 4, key 8). */
  typeParamConstraints: number[];
  /** May contain type parameters of the function. */
  params: Type[];
  returns: Type[];
  /** Undefined for natives. */
  code?: PreparedCode;
}

const PRIMITIVE_TOKENS: Record<string, Type> = Object.fromEntries(
  Object.entries(PRIMITIVE_KINDS).map(([token, kind]) => [token, primitive(kind)]),
);

/**
 * Parsed modules by their bytes (the same array, which must not change once loaded): bytes read once, such
 * as a framework shared by many VMs, are parsed once. Parsed modules are only read afterwards.
 */
const parsedModules = new WeakMap<Uint8Array, ModuleJson>();

/** Parsed modules that passed the verifier once (against the modules loaded then), not verified again. */
const verifiedModules = new WeakSet<ModuleJson>();

export interface LoaderOptions {
  /**
   * Run src/bytecode-verifier on every module added, as Sui verifies a module when it loads it;
   * a refused module throws VmLoadError naming its first error. Off by default: published code is trusted.
   */
  verify?: boolean;
}

export class LoadedModule {
  /** 64 hex digits, the self address. */
  readonly address: string;
  readonly name: string;
  private readonly functionIndexByName = new Map<string, number>();
  private readonly functions: (LoadedFunction | undefined)[] = [];
  private readonly datatypeDefsByName = new Map<string, DatatypeDef>();
  /** Converted signatures, by index into the signature pool. */
  private readonly signatureCache: (Type[] | undefined)[] = [];

  constructor(
    readonly json: ModuleJson,
    private readonly loader: Loader,
  ) {
    const self = json.module_handles[json.self_module_handle_idx]!;
    this.address = json.address_identifiers[self.address]!;
    this.name = json.identifiers[self.name]!;
    json.function_defs.forEach((def, index) => {
      this.functionIndexByName.set(this.handleName(json.function_handles[def.function]!.name), index);
    });
  }

  get id(): string {
    return `${this.address}::${this.name}`;
  }

  identifier(index: number): string {
    return this.json.identifiers[index]!;
  }

  private handleName(index: number): string {
    return this.identifier(index);
  }

  /** `(address, module name)` of a module handle. */
  moduleHandle(index: number): { address: string; name: string } {
    const handle = this.json.module_handles[index]!;
    return { address: this.json.address_identifiers[handle.address]!, name: this.identifier(handle.name) };
  }

  /** The datatype a handle names, without type arguments. */
  datatypeHandle(index: number): DatatypeType {
    const handle = this.json.datatype_handles[index]!;
    const owner = this.moduleHandle(handle.module);
    return {
      kind: 'datatype',
      address: owner.address,
      module: owner.name,
      name: this.identifier(handle.name),
      args: [],
    };
  }

  tokenType(token: SignatureToken): Type {
    if (typeof token === 'string') {
      const type = PRIMITIVE_TOKENS[token];
      if (!type) throw new VmLoadError(`${this.id}: unknown signature token ${token}`);
      return type;
    }
    if ('Vector' in token) return { kind: 'vector', elem: this.tokenType(token.Vector) };
    if ('Reference' in token) return { kind: 'ref', mutable: false, to: this.tokenType(token.Reference) };
    if ('MutableReference' in token) {
      return { kind: 'ref', mutable: true, to: this.tokenType(token.MutableReference) };
    }
    if ('TypeParameter' in token) return { kind: 'param', index: token.TypeParameter };
    if ('Datatype' in token) return this.datatypeHandle(token.Datatype);
    const [handle, args] = token.DatatypeInstantiation;
    return { ...this.datatypeHandle(handle), args: args.map((arg) => this.tokenType(arg)) };
  }

  signature(index: number): Type[] {
    let types = this.signatureCache[index];
    if (!types) {
      types = this.json.signatures[index]!.map((token) => this.tokenType(token));
      this.signatureCache[index] = types;
    }
    return types;
  }

  hasFunction(name: string): boolean {
    return this.functionIndexByName.has(name);
  }

  functionNames(): string[] {
    return [...this.functionIndexByName.keys()];
  }

  function(name: string): LoadedFunction | undefined {
    const index = this.functionIndexByName.get(name);
    return index === undefined ? undefined : this.functionAt(index);
  }

  functionAt(defIndex: number): LoadedFunction {
    let loaded = this.functions[defIndex];
    if (loaded) return loaded;
    const def = this.json.function_defs[defIndex]!;
    const handle = this.json.function_handles[def.function]!;
    loaded = {
      module: this,
      defIndex,
      name: this.identifier(handle.name),
      visibility: def.visibility,
      isEntry: def.is_entry,
      typeParamCount: handle.type_parameters.length,
      typeParamConstraints: handle.type_parameters,
      params: this.signature(handle.parameters),
      returns: this.signature(handle.return_),
    };
    if (def.code) loaded.code = prepareCode(this, loaded, def.code);
    this.functions[defIndex] = loaded;
    return loaded;
  }

  datatype(name: string): DatatypeDef | undefined {
    const cached = this.datatypeDefsByName.get(name);
    if (cached) return cached;
    const json = this.json;
    const fieldDefs = (fields: { name: number; signature: SignatureToken }[]): FieldDef[] =>
      fields.map((field) => ({ name: this.identifier(field.name), type: this.tokenType(field.signature) }));
    for (const def of json.struct_defs) {
      const handle = json.datatype_handles[def.struct_handle]!;
      if (this.identifier(handle.name) !== name) continue;
      if (def.field_information === 'Native') throw new VmLoadError(`${this.id}::${name} is a native struct`);
      const loaded: DatatypeDef = {
        kind: 'struct',
        name,
        abilities: handle.abilities,
        typeParamCount: handle.type_parameters.length,
        phantomParams: handle.type_parameters.map((p) => p.is_phantom),
        typeParamConstraints: handle.type_parameters.map((p) => p.constraints),
        fields: fieldDefs(def.field_information.Declared),
      };
      this.datatypeDefsByName.set(name, loaded);
      return loaded;
    }
    for (const def of json.enum_defs) {
      const handle = json.datatype_handles[def.enum_handle]!;
      if (this.identifier(handle.name) !== name) continue;
      const loaded: DatatypeDef = {
        kind: 'enum',
        name,
        abilities: handle.abilities,
        typeParamCount: handle.type_parameters.length,
        phantomParams: handle.type_parameters.map((p) => p.is_phantom),
        typeParamConstraints: handle.type_parameters.map((p) => p.constraints),
        variants: def.variants.map((v) => ({
          name: this.identifier(v.variant_name),
          fields: fieldDefs(v.fields),
        })),
      };
      this.datatypeDefsByName.set(name, loaded);
      return loaded;
    }
    return undefined;
  }

  /** The function a call instruction's handle names, linked on first use. */
  resolveFunctionHandle(handleIndex: number): LoadedFunction {
    const handle = this.json.function_handles[handleIndex]!;
    const owner = this.moduleHandle(handle.module);
    return this.loader.requireFunction(owner.address, owner.name, this.identifier(handle.name));
  }
}

/** Every loaded module, linked by `(self address, name)`. */
export class Loader {
  private readonly modules = new Map<string, LoadedModule>();
  /**
   * Per module address (original id), `module::name` → defining id, for the types whose defining id is not
   * the original id (types added by upgrades). Empty for packages without a type origin table.
   */
  private readonly definingIds = new Map<string, Map<string, string>>();
  /** The other way: `definingId::module::name` → original id; built when first needed. */
  private originalIds: Map<string, string> | null = null;

  constructor(private readonly options: LoaderOptions = {}) {}

  /**
   * Adds modules. A module whose id is already loaded replaces the old one: that is how an upgraded
   * package (same original id in its bytecode) supersedes its earlier version. `typeOrigins`, the package's
   * type origin table, replaces what was known of the defining ids of the types of those modules' address
   * (a later version's table lists every type of the earlier ones); without one, every type of the address
   * is taken as defined by its original id.
   * @throws VmLoadError on bytes the Move deserializer rejects, or (with `verify`) the verifier refuses
   */
  addModules(
    modules: readonly { bytes: Uint8Array; label: string }[],
    typeOrigins?: readonly TypeOrigin[],
  ): LoadedModule[] {
    const parsed = modules.map(({ bytes, label }) => {
      let json = parsedModules.get(bytes);
      try {
        json ??= deserializeModule(bytes, label);
      } catch (error) {
        throw new VmLoadError((error as Error).message, { cause: error });
      }
      parsedModules.set(bytes, json);
      return { json, label };
    });
    if (this.options.verify) this.verify(parsed);
    const added = parsed.map(({ json }) => {
      const module = new LoadedModule(json, this);
      this.modules.set(module.id, module);
      return module;
    });
    this.recordTypeOrigins(added, typeOrigins ?? []);
    return added;
  }

  private recordTypeOrigins(added: readonly LoadedModule[], typeOrigins: readonly TypeOrigin[]): void {
    const addresses = new Set(added.map((m) => m.address));
    let changed = false;
    for (const address of addresses) changed = this.definingIds.delete(address) || changed;
    for (const origin of typeOrigins) {
      // The table names the package's own modules: the address is the one the module of that name carries.
      const owner = added.find((m) => m.name === origin.module);
      const defining = normalizeId(origin.package);
      if (!owner || defining === owner.address) continue;
      let table = this.definingIds.get(owner.address);
      if (!table) this.definingIds.set(owner.address, (table = new Map()));
      table.set(`${origin.module}::${origin.name}`, defining);
      changed = true;
    }
    if (changed) this.originalIds = null;
  }

  /** The id of the package version that defined the datatype (Sui's defining id), 64 hex digits. */
  definingId(type: DatatypeType): string {
    return this.definingIds.get(type.address)?.get(`${type.module}::${type.name}`) ?? type.address;
  }

  /**
   * The type as Sui names it outside the VM: every datatype in it (type arguments included) by its defining
   * id. Inside the VM, types keep their original ids; the same object comes back when nothing changes.
   */
  definingType(type: Type): Type {
    if (this.definingIds.size === 0) return type;
    switch (type.kind) {
      case 'vector': {
        const elem = this.definingType(type.elem);
        return elem === type.elem ? type : { kind: 'vector', elem };
      }
      case 'ref': {
        const to = this.definingType(type.to);
        return to === type.to ? type : { ...type, to };
      }
      case 'datatype': {
        const address = this.definingId(type);
        const args = type.args.map((a) => this.definingType(a));
        return address === type.address && args.every((a, i) => a === type.args[i])
          ? type
          : { ...type, address, args };
      }
      default:
        return type;
    }
  }

  /** `canonicalTypeName` of the type with its defining ids: how effects, events and Sui's type tags name it. */
  definingTypeName(type: Type): string {
    return canonicalTypeName(this.definingType(type));
  }

  /**
   * The original id of a datatype named by the defining id of a type added by an upgrade
   * (`0x<upgrade>::m::T`), or undefined when `address::module::name` is no such name.
   */
  originalIdOf(address: string, module: string, name: string): string | undefined {
    if (this.definingIds.size === 0) return undefined;
    if (!this.originalIds) {
      this.originalIds = new Map();
      for (const [original, table] of this.definingIds)
        for (const [key, defining] of table) this.originalIds.set(`${defining}::${key}`, original);
    }
    return this.originalIds.get(`${address}::${module}::${name}`);
  }

  /** Verifies modules added together; each links against the others, then against those loaded. */
  private verify(batch: readonly { json: ModuleJson; label: string }[]): void {
    const byId = new Map(batch.map(({ json }) => [moduleId(json), json]));
    const lookup = (address: string, name: string) =>
      byId.get(`${address}::${name}`) ?? this.module(address, name)?.json;
    for (const { json, label } of batch) {
      if (verifiedModules.has(json)) continue;
      const [first] = verifyModule(json, lookup);
      if (first) {
        const where = first.functionIndex === undefined ? '' : ` (function #${first.functionIndex})`;
        throw new VmLoadError(`${label}: the verifier refuses it: ${first.status}${where}: ${first.message}`);
      }
      verifiedModules.add(json);
    }
  }

  module(address: string, name: string): LoadedModule | undefined {
    return this.modules.get(`${address}::${name}`);
  }

  allModules(): LoadedModule[] {
    return [...this.modules.values()];
  }

  hasAddress(address: string): boolean {
    for (const module of this.modules.values()) if (module.address === address) return true;
    return false;
  }

  requireModule(address: string, name: string): LoadedModule {
    const module = this.module(address, name);
    if (!module) throw new VmError('LINKER_ERROR', `module 0x${address}::${name} is not loaded`);
    return module;
  }

  requireFunction(address: string, moduleName: string, name: string): LoadedFunction {
    const fn = this.requireModule(address, moduleName).function(name);
    if (!fn)
      throw new VmError('LINKER_ERROR', `function 0x${address}::${moduleName}::${name} does not exist`);
    return fn;
  }

  requireDatatype(type: DatatypeType): DatatypeDef {
    const def = this.requireModule(type.address, type.module).datatype(type.name);
    if (!def) {
      throw new VmError(
        'LINKER_ERROR',
        `type 0x${type.address}::${type.module}::${type.name} does not exist`,
      );
    }
    return def;
  }

  /**
   * The abilities of a type as Move defines them for instantiations: a datatype keeps a declared ability
   * only if every non-phantom type argument has what it requires (copy, drop, store: the same ability;
   * key: store); a vector has its element's abilities except key; primitives have copy, drop and store.
   */
  abilitiesOf(type: Type): number {
    switch (type.kind) {
      case 'datatype': {
        const def = this.requireDatatype(type);
        let abilities = def.abilities;
        type.args.forEach((arg, i) => {
          if (def.phantomParams[i]) return;
          const own = this.abilitiesOf(arg);
          for (const ability of [ABILITY.copy, ABILITY.drop, ABILITY.store])
            if (!(own & ability)) abilities &= ~ability;
          if (!(own & ABILITY.store)) abilities &= ~ABILITY.key;
        });
        return abilities;
      }
      case 'vector':
        return this.abilitiesOf(type.elem) & ~ABILITY.key;
      case 'ref':
        return ABILITY.copy | ABILITY.drop;
      case 'signer':
        return ABILITY.drop;
      default:
        return ABILITY.copy | ABILITY.drop | ABILITY.store;
    }
  }
}

/** Move's ability bits, as the bytecode stores them. */
export const ABILITY = { copy: 1, drop: 2, store: 4, key: 8 } as const;
