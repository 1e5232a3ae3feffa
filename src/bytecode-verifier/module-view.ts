// Typed look-ups over a ModuleJson shared by the passes: function signatures, call targets, the types
// that pack/unpack/borrow instructions produce, with generic instantiations substituted.
import type { Bytecode, FieldDefinition, ModuleJson, SignatureToken } from '../move/module-json.js';
import { fail } from './errors.js';
import { indexOperand } from './instructions.js';

export function tokenKey(token: SignatureToken): string {
  return JSON.stringify(token);
}

export function sameToken(a: SignatureToken, b: SignatureToken): boolean {
  return a === b || tokenKey(a) === tokenKey(b);
}

/** Replaces type parameters by the given type arguments (no-op when there are none). */
export function substitute(token: SignatureToken, args: readonly SignatureToken[]): SignatureToken {
  if (args.length === 0 || typeof token === 'string') return token;
  if ('TypeParameter' in token) return args[token.TypeParameter] ?? token;
  if ('Vector' in token) return { Vector: substitute(token.Vector, args) };
  if ('Reference' in token) return { Reference: substitute(token.Reference, args) };
  if ('MutableReference' in token) return { MutableReference: substitute(token.MutableReference, args) };
  if ('DatatypeInstantiation' in token) {
    const [handle, params] = token.DatatypeInstantiation;
    return { DatatypeInstantiation: [handle, params.map((p) => substitute(p, args))] };
  }
  return token;
}

export function isReference(token: SignatureToken): boolean {
  return typeof token !== 'string' && ('Reference' in token || 'MutableReference' in token);
}

export function signatureAt(module: ModuleJson, index: number): SignatureToken[] {
  const signature = module.signatures[index];
  if (!signature) fail('INDEX_OUT_OF_BOUNDS', `signature ${index} does not exist`);
  return signature;
}

export interface FunctionView {
  params: SignatureToken[];
  returns: SignatureToken[];
  /** Parameters followed by the declared locals. */
  locals: SignatureToken[];
  typeParams: number[];
  name: string;
}

export function functionView(module: ModuleJson, defIndex: number): FunctionView {
  const def = module.function_defs[defIndex];
  const handle = def && module.function_handles[def.function];
  if (!def || !handle) fail('INDEX_OUT_OF_BOUNDS', `function definition ${defIndex} has no handle`);
  const params = signatureAt(module, handle.parameters);
  const declared = def.code ? signatureAt(module, def.code.locals) : [];
  return {
    params,
    returns: signatureAt(module, handle.return_),
    locals: [...params, ...declared],
    typeParams: handle.type_parameters,
    name: module.identifiers[handle.name] ?? '',
  };
}

/** Parameters and returns of a `Call`/`CallGeneric` target, instantiated. */
export function callTarget(module: ModuleJson, instruction: Bytecode, generic: boolean) {
  let handleIndex = indexOperand(instruction);
  let typeArgs: SignatureToken[] = [];
  if (generic) {
    const inst = module.function_instantiations[handleIndex];
    if (!inst) fail('INDEX_OUT_OF_BOUNDS', `function instantiation ${handleIndex} does not exist`);
    handleIndex = inst.handle;
    typeArgs = signatureAt(module, inst.type_parameters);
  }
  const handle = module.function_handles[handleIndex];
  if (!handle) fail('INDEX_OUT_OF_BOUNDS', `function handle ${handleIndex} does not exist`);
  return {
    params: signatureAt(module, handle.parameters).map((t) => substitute(t, typeArgs)),
    returns: signatureAt(module, handle.return_).map((t) => substitute(t, typeArgs)),
  };
}

export function datatypeToken(handle: number, typeArgs: SignatureToken[]): SignatureToken {
  return typeArgs.length === 0 ? { Datatype: handle } : { DatatypeInstantiation: [handle, typeArgs] };
}

function declaredFields(module: ModuleJson, defIndex: number): FieldDefinition[] {
  const def = module.struct_defs[defIndex];
  if (!def) fail('INDEX_OUT_OF_BOUNDS', `struct definition ${defIndex} does not exist`);
  return def.field_information === 'Native' ? [] : def.field_information.Declared;
}

/** A struct definition (generic when `instantiation` is set) as a type, with its field types. */
export function structShape(module: ModuleJson, index: number, instantiation: boolean) {
  let defIndex = index;
  let typeArgs: SignatureToken[] = [];
  if (instantiation) {
    const inst = module.struct_def_instantiations[index];
    if (!inst) fail('INDEX_OUT_OF_BOUNDS', `struct instantiation ${index} does not exist`);
    defIndex = inst.def;
    typeArgs = signatureAt(module, inst.type_parameters);
  }
  const def = module.struct_defs[defIndex];
  if (!def) fail('INDEX_OUT_OF_BOUNDS', `struct definition ${defIndex} does not exist`);
  return {
    type: datatypeToken(def.struct_handle, typeArgs),
    fields: declaredFields(module, defIndex).map((f) => substitute(f.signature, typeArgs)),
  };
}

/** The struct a field handle belongs to (as a type) and the field's type. */
export function fieldShape(module: ModuleJson, index: number, instantiation: boolean) {
  let handleIndex = index;
  let typeArgs: SignatureToken[] = [];
  if (instantiation) {
    const inst = module.field_instantiations[index];
    if (!inst) fail('INDEX_OUT_OF_BOUNDS', `field instantiation ${index} does not exist`);
    handleIndex = inst.handle;
    typeArgs = signatureAt(module, inst.type_parameters);
  }
  const handle = module.field_handles[handleIndex];
  if (!handle) fail('INDEX_OUT_OF_BOUNDS', `field handle ${handleIndex} does not exist`);
  const def = module.struct_defs[handle.owner];
  const field = declaredFields(module, handle.owner)[handle.field];
  if (!def || !field) fail('INDEX_OUT_OF_BOUNDS', `field handle ${handleIndex} names no field`);
  return {
    handleIndex,
    owner: datatypeToken(def.struct_handle, typeArgs),
    field: substitute(field.signature, typeArgs),
  };
}

/** An enum variant (generic when `instantiation` is set) as its enum type and field types. */
export function variantShape(module: ModuleJson, index: number, instantiation: boolean) {
  const handle = instantiation ? module.variant_instantiation_handles[index] : module.variant_handles[index];
  if (!handle) fail('INDEX_OUT_OF_BOUNDS', `variant handle ${index} does not exist`);
  let defIndex = handle.enum_def;
  let typeArgs: SignatureToken[] = [];
  if (instantiation) {
    const inst = module.enum_def_instantiations[handle.enum_def];
    if (!inst) fail('INDEX_OUT_OF_BOUNDS', `enum instantiation ${handle.enum_def} does not exist`);
    defIndex = inst.def;
    typeArgs = signatureAt(module, inst.type_parameters);
  }
  const def = module.enum_defs[defIndex];
  const variant = def?.variants[handle.variant];
  if (!def || !variant) fail('INDEX_OUT_OF_BOUNDS', `variant handle ${index} names no variant`);
  return {
    enumDef: defIndex,
    variant: handle.variant,
    type: datatypeToken(def.enum_handle, typeArgs),
    fields: variant.fields.map((f) => substitute(f.signature, typeArgs)),
  };
}

export interface JumpTable {
  head_enum: number;
  jump_table: { Full: number[] };
}

export function jumpTables(module: ModuleJson, defIndex: number): JumpTable[] {
  return (module.function_defs[defIndex]?.code?.jump_tables ?? []) as JumpTable[];
}
