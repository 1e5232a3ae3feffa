// Builds real `.mv` modules from a compact description, for tests and demo corpora.
// Layout follows what the Move compiler emits: identifier pool sorted, self address first, module
// and datatype/function handles sorted by (module, name), signatures interned in order of first use.
// Function bodies are `abort 0`, which is valid for any signature. The result passes the
// deserializer's bounds checker; the Move bytecode verifier is not run.
import type { Ability } from '../core/types.js';
import { addressDigits } from './address.js';
import { compareUtf8 } from './canonical-json.js';
import type {
  AbilityMask,
  DatatypeHandle,
  FieldDefinition,
  FunctionDefinition,
  FunctionHandle,
  ModuleHandle,
  ModuleJson,
  SignatureToken,
} from './module-json.js';
import { PRIMITIVE_TOKENS, serializeModule, type PrimitiveKind } from './module-json.js';

export type PrimitiveName = PrimitiveKind;

export interface TypeParamSpec {
  constraints?: Ability[];
  phantom?: boolean;
}

/** A datatype declared in some module, with what its handle must repeat: abilities and type params. */
export interface DatatypeRef {
  address: string;
  module: string;
  name: string;
  abilities: Ability[];
  typeParams?: TypeParamSpec[];
}

export type TypeSpec =
  | PrimitiveName
  | { vector: TypeSpec }
  | { ref: TypeSpec; mutable: boolean }
  | { typeParam: number }
  | { datatype: DatatypeRef; typeArgs: TypeSpec[] }
  /** A struct or enum declared in the module being built. */
  | { local: string; typeArgs: TypeSpec[] };

export interface FieldSpec {
  name: string;
  type: TypeSpec;
}

export interface StructSpec {
  name: string;
  abilities?: Ability[];
  typeParams?: TypeParamSpec[];
  /** No fields gives the compiler's `dummy_field: bool`. Positional structs use `pos0`, `pos1`, … */
  fields?: FieldSpec[];
}

export interface EnumSpec {
  name: string;
  abilities?: Ability[];
  typeParams?: TypeParamSpec[];
  variants: { name: string; fields?: FieldSpec[] }[];
}

export interface FunctionSpec {
  name: string;
  /** `friend` is what `public(package)` compiles to. Default: public. */
  visibility?: 'public' | 'friend' | 'private';
  entry?: boolean;
  /** No code at all, like framework natives. */
  native?: boolean;
  /** Constraints of each type parameter. */
  typeParams?: Ability[][];
  params?: TypeSpec[];
  returns?: TypeSpec[];
}

export interface ModuleSpec {
  /** Any hex form: `0x2`, or 64 digits with or without `0x`. */
  address: string;
  name: string;
  structs?: StructSpec[];
  enums?: EnumSpec[];
  functions?: FunctionSpec[];
  /** Bytecode version 5–7. Default: 7 when the module has enums, else 6. */
  version?: number;
}

// ---- type helpers -------------------------------------------------------------------------------

export const vector = (type: TypeSpec): TypeSpec => ({ vector: type });
export const ref = (type: TypeSpec): TypeSpec => ({ ref: type, mutable: false });
export const mutRef = (type: TypeSpec): TypeSpec => ({ ref: type, mutable: true });
export const typeParam = (index: number): TypeSpec => ({ typeParam: index });
export const local = (name: string, ...typeArgs: TypeSpec[]): TypeSpec => ({ local: name, typeArgs });
export const datatype = (target: DatatypeRef, ...typeArgs: TypeSpec[]): TypeSpec => ({
  datatype: target,
  typeArgs,
});

/** A reference to a struct or enum of another module of the same package, taken from its spec. */
export function datatypeOf(module: ModuleSpec, name: string): DatatypeRef {
  const found = [...(module.structs ?? []), ...(module.enums ?? [])].find((item) => item.name === name);
  if (found === undefined) throw new Error(`${module.name} declares no datatype ${name}`);
  return {
    address: module.address,
    module: module.name,
    name,
    abilities: found.abilities ?? [],
    typeParams: found.typeParams ?? [],
  };
}

const phantom: TypeParamSpec = { phantom: true };

/** Framework types (abilities and type parameters as declared in Sui mainnet-v1.62). */
export const FRAMEWORK = {
  UID: { address: '0x2', module: 'object', name: 'UID', abilities: ['store'] },
  ID: { address: '0x2', module: 'object', name: 'ID', abilities: ['copy', 'drop', 'store'] },
  TxContext: { address: '0x2', module: 'tx_context', name: 'TxContext', abilities: ['drop'] },
  String: { address: '0x1', module: 'string', name: 'String', abilities: ['copy', 'drop', 'store'] },
  Option: {
    address: '0x1',
    module: 'option',
    name: 'Option',
    abilities: ['copy', 'drop', 'store'],
    typeParams: [{}],
  },
  Coin: { address: '0x2', module: 'coin', name: 'Coin', abilities: ['store', 'key'], typeParams: [phantom] },
  Balance: {
    address: '0x2',
    module: 'balance',
    name: 'Balance',
    abilities: ['store'],
    typeParams: [phantom],
  },
  TreasuryCap: {
    address: '0x2',
    module: 'coin',
    name: 'TreasuryCap',
    abilities: ['store', 'key'],
    typeParams: [phantom],
  },
  SUI: { address: '0x2', module: 'sui', name: 'SUI', abilities: ['drop'] },
  Clock: { address: '0x2', module: 'clock', name: 'Clock', abilities: ['key'] },
} satisfies Record<string, DatatypeRef>;

export const uid = (): TypeSpec => datatype(FRAMEWORK.UID);
export const objectId = (): TypeSpec => datatype(FRAMEWORK.ID);
export const txContext = (): TypeSpec => mutRef(datatype(FRAMEWORK.TxContext));
export const string = (): TypeSpec => datatype(FRAMEWORK.String);
export const option = (type: TypeSpec): TypeSpec => datatype(FRAMEWORK.Option, type);
export const coin = (type: TypeSpec): TypeSpec => datatype(FRAMEWORK.Coin, type);
export const balance = (type: TypeSpec): TypeSpec => datatype(FRAMEWORK.Balance, type);
export const treasuryCap = (type: TypeSpec): TypeSpec => datatype(FRAMEWORK.TreasuryCap, type);
export const sui = (): TypeSpec => datatype(FRAMEWORK.SUI);

// ---- building -----------------------------------------------------------------------------------

const ABILITY_MASKS: Record<Ability, number> = { copy: 1, drop: 2, store: 4, key: 8 };

export function abilityMask(abilities: readonly Ability[] = []): AbilityMask {
  return abilities.reduce((mask, ability) => mask | ABILITY_MASKS[ability], 0);
}

/** The module as the object `serialize` takes. */
export function buildModuleJson(spec: ModuleSpec): ModuleJson {
  return new ModuleAssembler(spec).assemble();
}

/** Real module bytes (`a11ceb0b…`). */
export function buildModule(spec: ModuleSpec): Uint8Array {
  return serializeModule(buildModuleJson(spec));
}

interface LocalDatatype {
  name: string;
  abilities: Ability[];
  typeParams: TypeParamSpec[];
}

const datatypeKey = (address: string, module: string, name: string): string =>
  `${address}::${module}::${name}`;

class ModuleAssembler {
  private readonly self: string;
  private readonly structs: StructSpec[];
  private readonly enums: EnumSpec[];
  private readonly functions: FunctionSpec[];
  private identifiers: string[] = [];
  private addresses: string[] = [];
  private moduleHandles: ModuleHandle[] = [];
  private datatypeHandles: DatatypeHandle[] = [];
  /** `address::module::name` to datatype handle index. */
  private readonly datatypeIndex = new Map<string, number>();
  private readonly signatures: SignatureToken[][] = [];
  private readonly signatureIndex = new Map<string, number>();

  constructor(private readonly spec: ModuleSpec) {
    this.self = addressDigits(spec.address);
    // Handles and definitions come out in name order, as the compiler's sorted maps produce them.
    this.structs = sortByName(spec.structs ?? []);
    this.enums = sortByName(spec.enums ?? []);
    this.functions = sortByName(spec.functions ?? []);
  }

  assemble(): ModuleJson {
    const version = this.spec.version ?? (this.enums.length > 0 ? 7 : 6);
    if (this.enums.length > 0 && version < 7) {
      throw new Error(`enums need bytecode version 7, not ${version}`);
    }
    const externals = this.collectExternalDatatypes();
    this.buildPools(externals);
    this.buildHandles(externals);
    const functionHandles = this.functions.map((fn) => this.functionHandle(fn));
    const emptySignature = this.internSignature([]);
    return {
      version,
      self_module_handle_idx: 0,
      module_handles: this.moduleHandles,
      datatype_handles: this.datatypeHandles,
      function_handles: functionHandles,
      field_handles: [],
      friend_decls: [],
      struct_def_instantiations: [],
      function_instantiations: [],
      field_instantiations: [],
      signatures: this.signatures,
      identifiers: this.identifiers,
      address_identifiers: this.addresses,
      constant_pool: [],
      metadata: [],
      struct_defs: this.structs.map((struct) => ({
        struct_handle: this.localHandle(struct.name),
        field_information: { Declared: this.fields(fieldsOrDummy(struct.fields)) },
      })),
      function_defs: this.functions.map((fn, index) => functionDefinition(fn, index, emptySignature)),
      enum_defs: this.enums.map((enumSpec) => ({
        enum_handle: this.localHandle(enumSpec.name),
        variants: enumSpec.variants.map((variant) => ({
          variant_name: this.identifierIndex(variant.name),
          fields: this.fields(variant.fields ?? []),
        })),
      })),
      enum_def_instantiations: [],
      variant_handles: [],
      variant_instantiation_handles: [],
    };
  }

  /** Every datatype named in a signature that this module does not declare itself. */
  private collectExternalDatatypes(): Map<string, DatatypeRef> {
    const found = new Map<string, DatatypeRef>();
    const visit = (type: TypeSpec): void => {
      if (typeof type === 'string' || 'typeParam' in type) return;
      if ('vector' in type) return visit(type.vector);
      if ('ref' in type) return visit(type.ref);
      type.typeArgs.forEach(visit);
      if ('datatype' in type) {
        const target = { ...type.datatype, address: addressDigits(type.datatype.address) };
        const key = datatypeKey(target.address, target.module, target.name);
        if (target.address !== this.self || target.module !== this.spec.name) found.set(key, target);
      }
    };
    for (const struct of this.structs) struct.fields?.forEach((field) => visit(field.type));
    for (const enumSpec of this.enums) {
      for (const variant of enumSpec.variants) variant.fields?.forEach((field) => visit(field.type));
    }
    for (const fn of this.functions) [...(fn.params ?? []), ...(fn.returns ?? [])].forEach(visit);
    return found;
  }

  private buildPools(externals: Map<string, DatatypeRef>): void {
    const names = new Set<string>([this.spec.name]);
    const otherAddresses = new Set<string>();
    for (const item of [...this.structs, ...this.enums, ...this.functions]) names.add(item.name);
    for (const struct of this.structs) fieldsOrDummy(struct.fields).forEach((field) => names.add(field.name));
    for (const enumSpec of this.enums) {
      for (const variant of enumSpec.variants) {
        names.add(variant.name);
        variant.fields?.forEach((field) => names.add(field.name));
      }
    }
    for (const target of externals.values()) {
      names.add(target.module);
      names.add(target.name);
      if (target.address !== this.self) otherAddresses.add(target.address);
    }
    this.identifiers = [...names].sort(compareUtf8);
    this.addresses = [this.self, ...[...otherAddresses].sort()];
  }

  private buildHandles(externals: Map<string, DatatypeRef>): void {
    const modules = new Map<string, ModuleHandle>();
    const addModule = (address: string, name: string): void => {
      const handle = { address: this.addresses.indexOf(address), name: this.identifierIndex(name) };
      modules.set(`${address}::${name}`, handle);
    };
    addModule(this.self, this.spec.name);
    for (const target of externals.values()) addModule(target.address, target.module);
    // Self is first: its address is pool entry 0 and nothing else shares (address, name) with it.
    this.moduleHandles = [...modules.values()].sort((a, b) => a.address - b.address || a.name - b.name);
    const moduleIndex = (address: string, name: string): number =>
      this.moduleHandles.indexOf(modules.get(`${address}::${name}`) as ModuleHandle);

    const locals: LocalDatatype[] = [...this.structs, ...this.enums].map((item) => ({
      name: item.name,
      abilities: item.abilities ?? [],
      typeParams: item.typeParams ?? [],
    }));
    const entries = [
      ...locals.map((item) => ({ ...item, address: this.self, module: this.spec.name })),
      ...[...externals.values()].map((target) => ({ ...target, typeParams: target.typeParams ?? [] })),
    ].map((item) => ({
      key: datatypeKey(item.address, item.module, item.name),
      handle: {
        module: moduleIndex(item.address, item.module),
        name: this.identifierIndex(item.name),
        abilities: abilityMask(item.abilities),
        type_parameters: item.typeParams.map((param) => ({
          constraints: abilityMask(param.constraints),
          is_phantom: param.phantom ?? false,
        })),
      },
    }));
    entries.sort((a, b) => a.handle.module - b.handle.module || a.handle.name - b.handle.name);
    this.datatypeHandles = entries.map((item) => item.handle);
    entries.forEach((item, index) => this.datatypeIndex.set(item.key, index));
  }

  private functionHandle(fn: FunctionSpec): FunctionHandle {
    return {
      module: 0,
      name: this.identifierIndex(fn.name),
      parameters: this.internSignature((fn.params ?? []).map((type) => this.token(type))),
      return_: this.internSignature((fn.returns ?? []).map((type) => this.token(type))),
      type_parameters: (fn.typeParams ?? []).map((constraints) => abilityMask(constraints)),
    };
  }

  private fields(fields: readonly FieldSpec[]): FieldDefinition[] {
    return fields.map((field) => ({
      name: this.identifierIndex(field.name),
      signature: this.token(field.type),
    }));
  }

  private token(type: TypeSpec): SignatureToken {
    if (typeof type === 'string') return PRIMITIVE_TOKENS[type];
    if ('vector' in type) return { Vector: this.token(type.vector) };
    if ('ref' in type) {
      const inner = this.token(type.ref);
      return type.mutable ? { MutableReference: inner } : { Reference: inner };
    }
    if ('typeParam' in type) return { TypeParameter: type.typeParam };
    const [handle, arity] =
      'local' in type ? this.localDatatype(type.local) : this.externalDatatype(type.datatype);
    const label = 'local' in type ? type.local : type.datatype.name;
    if (type.typeArgs.length !== arity) {
      throw new Error(`${label} takes ${arity} type argument(s), got ${type.typeArgs.length}`);
    }
    if (arity === 0) return { Datatype: handle };
    return { DatatypeInstantiation: [handle, type.typeArgs.map((arg) => this.token(arg))] };
  }

  private localDatatype(name: string): [number, number] {
    const handle = this.localHandle(name);
    return [handle, this.datatypeHandles[handle]?.type_parameters.length ?? 0];
  }

  private externalDatatype(target: DatatypeRef): [number, number] {
    const key = datatypeKey(addressDigits(target.address), target.module, target.name);
    const handle = this.datatypeIndex.get(key);
    if (handle === undefined) throw new Error(`unknown datatype ${key}`);
    return [handle, this.datatypeHandles[handle]?.type_parameters.length ?? 0];
  }

  private localHandle(name: string): number {
    const handle = this.datatypeIndex.get(datatypeKey(this.self, this.spec.name, name));
    if (handle === undefined) throw new Error(`${this.spec.name} declares no struct or enum ${name}`);
    return handle;
  }

  private identifierIndex(name: string): number {
    const index = this.identifiers.indexOf(name);
    if (index < 0) throw new Error(`identifier ${name} missing from the pool`);
    return index;
  }

  private internSignature(tokens: SignatureToken[]): number {
    const key = JSON.stringify(tokens);
    let index = this.signatureIndex.get(key);
    if (index === undefined) {
      index = this.signatures.push(tokens) - 1;
      this.signatureIndex.set(key, index);
    }
    return index;
  }
}

function functionDefinition(fn: FunctionSpec, handle: number, emptySignature: number): FunctionDefinition {
  const visibility = fn.visibility ?? 'public';
  return {
    function: handle,
    visibility: visibility === 'public' ? 'Public' : visibility === 'friend' ? 'Friend' : 'Private',
    is_entry: fn.entry ?? false,
    acquires_global_resources: [],
    // `abort 0`: type-correct whatever the parameters and returns are.
    code: fn.native ? null : { locals: emptySignature, code: [{ LdU64: 0n }, 'Abort'], jump_tables: [] },
  };
}

function fieldsOrDummy(fields: readonly FieldSpec[] | undefined): readonly FieldSpec[] {
  return fields !== undefined && fields.length > 0 ? fields : [{ name: 'dummy_field', type: 'bool' }];
}

function sortByName<T extends { name: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.name)) throw new Error(`duplicate name ${item.name}`);
    seen.add(item.name);
  }
  return [...items].sort((a, b) => compareUtf8(a.name, b.name));
}
