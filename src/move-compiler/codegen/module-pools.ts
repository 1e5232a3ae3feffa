// The module's tables of names, handles, signatures and instantiations, filled on demand while
// function bodies are generated. The module's own handles come first so that definition `i` uses
// handle `i`; imported ones follow in order of first use.
import type {
  ConstantJson,
  DatatypeHandle,
  FunctionHandle,
  ModuleHandle,
  SignatureToken,
} from '../../move/module-json.js';
import { PRIMITIVE_TOKENS } from '../../move/module-json.js';
import type { TModule } from '../tir.js';
import { moduleKey, type ModuleId, type Type } from '../types.js';
import type { Declarations } from './declarations.js';
import { Interner } from './interner.js';

/** JSON.stringify that accepts the bigint operands some tables hold. */
const keyOf = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

export class ModulePools {
  readonly identifiers = new Interner<string>((s) => s);
  readonly addresses = new Interner<string>((s) => s);
  readonly moduleHandles = new Interner<ModuleHandle>();
  readonly datatypeHandles = new Interner<DatatypeHandle>((h) => `${h.module}:${h.name}`);
  readonly functionHandles = new Interner<FunctionHandle>((h) => `${h.module}:${h.name}`);
  readonly fieldHandles = new Interner<{ owner: number; field: number }>();
  readonly signatures = new Interner<SignatureToken[]>(keyOf);
  readonly constants = new Interner<ConstantJson>(keyOf);
  readonly structInstantiations = new Interner<{ def: number; type_parameters: number }>();
  readonly functionInstantiations = new Interner<{ handle: number; type_parameters: number }>();
  readonly fieldInstantiations = new Interner<{ handle: number; type_parameters: number }>();
  readonly enumInstantiations = new Interner<{ def: number; type_parameters: number }>();
  readonly variantHandles = new Interner<{ enum_def: number; variant: number }>();
  /** `enum_def` here is an index into `enumInstantiations`. */
  readonly variantInstantiations = new Interner<{ enum_def: number; variant: number }>();
  readonly friends = new Interner<ModuleHandle>();

  constructor(
    readonly self: TModule,
    private readonly declarations: Declarations,
  ) {
    this.moduleHandle(self.id);
    // Own datatypes and functions first: struct/enum definition i and function definition i use handle i.
    for (const datatype of [...self.structs, ...self.enums]) this.datatypeHandle(self.id, datatype.name);
    for (const fn of self.functions) this.functionHandle(self.id, fn.name);
  }

  moduleHandle(id: ModuleId): number {
    return this.moduleHandles.add({
      address: this.addresses.add(id.address),
      name: this.identifiers.add(id.name),
    });
  }

  friend(id: ModuleId): number {
    return this.friends.add({ address: this.addresses.add(id.address), name: this.identifiers.add(id.name) });
  }

  datatypeHandle(module: ModuleId, name: string): number {
    const declaration = this.declarations.datatype(module, name);
    return this.datatypeHandles.add({
      module: this.moduleHandle(module),
      name: this.identifiers.add(name),
      abilities: declaration.abilities,
      type_parameters: declaration.typeParams.map((p) => ({
        constraints: p.constraints,
        is_phantom: p.isPhantom,
      })),
    });
  }

  functionHandle(module: ModuleId, name: string): number {
    const declaration = this.declarations.function(module, name);
    const handle: FunctionHandle = {
      module: this.moduleHandle(module),
      name: this.identifiers.add(name),
      parameters: this.signature(declaration.params),
      return_: this.signature(declaration.returns),
      type_parameters: declaration.typeParams,
    };
    return this.functionHandles.add(handle);
  }

  /** A generic call's instantiation, or `undefined` for a non-generic call. */
  functionInstantiation(handle: number, typeArgs: Type[]): number | undefined {
    if (typeArgs.length === 0) return undefined;
    return this.functionInstantiations.add({ handle, type_parameters: this.signature(typeArgs) });
  }

  /** Struct definition index of an own struct (pack, unpack and field access work only on those). */
  structDef(module: ModuleId, name: string): number {
    const index = this.self.structs.findIndex((s) => s.name === name);
    if (moduleKey(module) !== moduleKey(this.self.id) || index < 0)
      throw new Error(`codegen: ${moduleKey(module)}::${name} is not a struct of this module`);
    return index;
  }

  /** Enum definition index of an own enum (variants are built, unpacked and switched on only there). */
  enumDef(module: ModuleId, name: string): number {
    const index = this.self.enums.findIndex((e) => e.name === name);
    if (moduleKey(module) !== moduleKey(this.self.id) || index < 0)
      throw new Error(`codegen: ${moduleKey(module)}::${name} is not an enum of this module`);
    return index;
  }

  /** The operand of the variant instructions: a plain handle, or an instantiated one for generic enums. */
  variantOperand(def: number, variant: number, typeArgs: Type[]): { handle: number; generic: boolean } {
    if (typeArgs.length === 0)
      return { handle: this.variantHandles.add({ enum_def: def, variant }), generic: false };
    const instantiation = this.enumInstantiations.add({ def, type_parameters: this.signature(typeArgs) });
    return { handle: this.variantInstantiations.add({ enum_def: instantiation, variant }), generic: true };
  }

  structInstantiation(def: number, typeArgs: Type[]): number | undefined {
    if (typeArgs.length === 0) return undefined;
    return this.structInstantiations.add({ def, type_parameters: this.signature(typeArgs) });
  }

  fieldHandle(def: number, field: number): number {
    return this.fieldHandles.add({ owner: def, field });
  }

  fieldInstantiation(handle: number, typeArgs: Type[]): number | undefined {
    if (typeArgs.length === 0) return undefined;
    return this.fieldInstantiations.add({ handle, type_parameters: this.signature(typeArgs) });
  }

  signature(types: Type[]): number {
    return this.signatures.add(types.map((type) => this.token(type)));
  }

  constant(type: Type, data: Uint8Array): number {
    return this.constants.add({ type_: this.token(type), data: [...data] });
  }

  token(type: Type): SignatureToken {
    switch (type.kind) {
      case 'prim':
        return PRIMITIVE_TOKENS[type.name];
      case 'vector':
        return { Vector: this.token(type.elem) };
      case 'ref':
        return type.isMut
          ? { MutableReference: this.token(type.inner) }
          : { Reference: this.token(type.inner) };
      case 'param':
        return { TypeParameter: type.index };
      case 'datatype': {
        const handle = this.datatypeHandle(type.module, type.name);
        if (type.args.length === 0) return { Datatype: handle };
        return { DatatypeInstantiation: [handle, type.args.map((arg) => this.token(arg))] };
      }
      case 'tuple':
      case 'var':
      case 'never':
        throw new Error(`codegen: a ${type.kind} type cannot appear in a signature`);
    }
  }
}
