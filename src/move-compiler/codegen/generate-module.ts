// Typed IR of one module -> the CompiledModule object that serializeModule writes, plus a source map.
import type {
  CodeUnit,
  EnumDefinition,
  FunctionDefinition,
  ModuleJson,
  StructDefinition,
  Visibility,
} from '../../move/module-json.js';
import type { TFunction, TModule } from '../tir.js';
import { hasCopy } from './abilities.js';
import { createDeclarations, type Declarations } from './declarations.js';
import { FunctionEmitter } from './function-emitter.js';
import { layOut } from './layout.js';
import { inferCopyMove } from './liveness.js';
import { ModulePools } from './module-pools.js';
import { releaseDeadReferences } from './release-refs.js';
import type { FunctionSourceMap, SourceMap } from './source-map.js';

export interface CodegenContext {
  /** Every module of the package being compiled (this one included), as typed IR. */
  packageModules: TModule[];
  /** Compiled modules of the dependencies (the framework, ...) whose types or functions are used. */
  dependencies?: ModuleJson[];
}

/** Sui's bytecode version for modules without enums; enums need version 7. */
const VERSION = 6;
const VERSION_WITH_ENUMS = 7;

const VISIBILITY: Record<TFunction['visibility'], Visibility> = {
  public: 'Public',
  // Sui writes `public(package)` as friend visibility, the callers of the package being the friends.
  package: 'Friend',
  private: 'Private',
};

export function generateModule(
  module: TModule,
  context: CodegenContext,
): { json: ModuleJson; sourceMap: SourceMap } {
  const declarations = createDeclarations([module, ...context.packageModules], context.dependencies ?? []);
  const pools = new ModulePools(module, declarations);
  // Declared constants first, in order, so that tools reading the pool find them by position.
  for (const constant of module.constants) pools.constant(constant.type, constant.value);
  for (const friend of module.friends) pools.friend(friend);

  const structDefs = module.structs.map((struct, index): StructDefinition => ({
    struct_handle: index,
    field_information: struct.isNative
      ? 'Native'
      : {
          Declared:
            struct.fields.length === 0
              ? // Bytecode structs have a field: Sui's compiler gives an empty struct `dummy_field: bool`.
                [{ name: pools.identifiers.add('dummy_field'), signature: 'Bool' }]
              : struct.fields.map((field) => ({
                  name: pools.identifiers.add(field.name),
                  signature: pools.token(field.type),
                })),
        },
  }));
  const enumDefs = module.enums.map((enumDecl, index): EnumDefinition => ({
    enum_handle: module.structs.length + index,
    variants: enumDecl.variants.map((variant) => ({
      variant_name: pools.identifiers.add(variant.name),
      fields: variant.fields.map((field) => ({
        name: pools.identifiers.add(field.name),
        signature: pools.token(field.type),
      })),
    })),
  }));

  const functionMaps: FunctionSourceMap[] = [];
  const functionDefs = module.functions.map((fn, index): FunctionDefinition => {
    const definition: FunctionDefinition = {
      function: index,
      visibility: VISIBILITY[fn.visibility],
      is_entry: fn.isEntry,
      acquires_global_resources: [],
    };
    if (fn.isNative || !fn.body) {
      functionMaps.push({ name: fn.name, loc: fn.loc, codeLocs: [], locals: [] });
      return definition;
    }
    const { code, sourceMap } = generateFunctionCode(fn, fn.body, pools, declarations);
    functionMaps.push(sourceMap);
    return { ...definition, code };
  });

  const json: ModuleJson = {
    version: module.enums.length > 0 ? VERSION_WITH_ENUMS : VERSION,
    self_module_handle_idx: 0,
    module_handles: pools.moduleHandles.items,
    datatype_handles: pools.datatypeHandles.items,
    function_handles: pools.functionHandles.items,
    field_handles: pools.fieldHandles.items,
    friend_decls: pools.friends.items,
    struct_def_instantiations: pools.structInstantiations.items,
    function_instantiations: pools.functionInstantiations.items,
    field_instantiations: pools.fieldInstantiations.items,
    signatures: pools.signatures.items,
    identifiers: pools.identifiers.items,
    address_identifiers: pools.addresses.items,
    constant_pool: pools.constants.items,
    metadata: [],
    struct_defs: structDefs,
    function_defs: functionDefs,
    enum_defs: enumDefs,
    enum_def_instantiations: pools.enumInstantiations.items,
    variant_handles: pools.variantHandles.items,
    variant_instantiation_handles: pools.variantInstantiations.items,
  };
  return { json, sourceMap: { module: module.id, functions: functionMaps } };
}

function generateFunctionCode(
  fn: TFunction,
  body: NonNullable<TFunction['body']>,
  pools: ModulePools,
  declarations: Declarations,
): { code: CodeUnit; sourceMap: FunctionSourceMap } {
  const emitter = new FunctionEmitter(pools, fn);
  emitter.emitBody(body);
  const typeParams = fn.typeParams.map((param) => param.constraints);
  const laidOut = layOut(emitter.code.ops);
  const inferred = inferCopyMove(laidOut, (local) => {
    const slot = emitter.locals[local];
    return slot !== undefined && hasCopy(slot.type, typeParams, declarations);
  });
  const isReference = (local: number) => emitter.locals[local]?.type.kind === 'ref';
  const final = releaseDeadReferences(
    { code: inferred, jumpTables: laidOut.jumpTables },
    isReference,
    fn.params,
  );
  const code: CodeUnit = {
    locals: pools.signature(emitter.locals.slice(fn.params).map((slot) => slot.type)),
    code: final.code.map((op) => op.instr),
    jump_tables: final.jumpTables,
  };
  return {
    code,
    sourceMap: {
      name: fn.name,
      loc: fn.loc,
      codeLocs: final.code.map((op) => op.loc),
      locals: emitter.locals.map((slot) => ({ name: slot.name, loc: slot.loc })),
    },
  };
}
