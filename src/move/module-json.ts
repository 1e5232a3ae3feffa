// Typed view of the plain object that `@mysten/move-bytecode-template` uses for a CompiledModule.
// The library declares `any`; these shapes were observed on framework and user modules (v5–v7).
import { deserialize, serialize } from '@mysten/move-bytecode-template';
import { describeThrown, InvalidBytecodeError } from './errors.js';

/** Ability set as a bit mask: copy=1, drop=2, store=4, key=8. */
export type AbilityMask = number;

export type PrimitiveToken = 'Bool' | 'U8' | 'U16' | 'U32' | 'U64' | 'U128' | 'U256' | 'Address' | 'Signer';

export type PrimitiveKind = 'bool' | 'u8' | 'u16' | 'u32' | 'u64' | 'u128' | 'u256' | 'address' | 'signer';

/** Signature tokens of primitive types, as the bytecode and RPC's normalized modules both spell them. */
export const PRIMITIVE_KINDS: Record<PrimitiveToken, PrimitiveKind> = {
  Bool: 'bool',
  U8: 'u8',
  U16: 'u16',
  U32: 'u32',
  U64: 'u64',
  U128: 'u128',
  U256: 'u256',
  Address: 'address',
  Signer: 'signer',
};

/** The signature token of each primitive type: {@link PRIMITIVE_KINDS} reversed. */
export const PRIMITIVE_TOKENS = Object.fromEntries(
  Object.entries(PRIMITIVE_KINDS).map(([token, kind]) => [kind, token]),
) as Record<PrimitiveKind, PrimitiveToken>;

export type SignatureToken =
  | PrimitiveToken
  | { Vector: SignatureToken }
  | { Datatype: number }
  | { DatatypeInstantiation: [number, SignatureToken[]] }
  | { Reference: SignatureToken }
  | { MutableReference: SignatureToken }
  | { TypeParameter: number };

export interface ModuleHandle {
  /** Index into `address_identifiers`. */
  address: number;
  /** Index into `identifiers`. */
  name: number;
}

export interface DatatypeTypeParameter {
  constraints: AbilityMask;
  is_phantom: boolean;
}

/** A struct or enum type, declared here or imported. */
export interface DatatypeHandle {
  module: number;
  name: number;
  abilities: AbilityMask;
  type_parameters: DatatypeTypeParameter[];
}

export interface FunctionHandle {
  module: number;
  name: number;
  /** Index into `signatures`. */
  parameters: number;
  /** Index into `signatures`. */
  return_: number;
  /** Constraint masks only: function type parameters have no phantom flag. */
  type_parameters: AbilityMask[];
}

export interface FieldDefinition {
  name: number;
  signature: SignatureToken;
}

export interface StructDefinition {
  struct_handle: number;
  field_information: { Declared: FieldDefinition[] } | 'Native';
}

/** An instruction: a bare opcode name, or `{ Opcode: operand }`. Operands may be BigInt. */
export type Bytecode = string | { [opcode: string]: unknown };

export interface CodeUnit {
  /** Index into `signatures`; locals beyond the parameters. */
  locals: number;
  code: Bytecode[];
  jump_tables: unknown[];
}

export type Visibility = 'Public' | 'Friend' | 'Private';

export interface FunctionDefinition {
  function: number;
  visibility: Visibility;
  is_entry: boolean;
  /** Indices into `struct_defs`; always empty on Sui. */
  acquires_global_resources: number[];
  /** Absent (undefined) or null for native functions. */
  code?: CodeUnit | null;
}

export interface VariantDefinition {
  variant_name: number;
  fields: FieldDefinition[];
}

export interface EnumDefinition {
  enum_handle: number;
  variants: VariantDefinition[];
}

export interface ConstantJson {
  type_: SignatureToken;
  data: number[];
}

/** The whole module object. Every key is required by `serialize`. */
export interface ModuleJson {
  version: number;
  self_module_handle_idx: number;
  module_handles: ModuleHandle[];
  datatype_handles: DatatypeHandle[];
  function_handles: FunctionHandle[];
  field_handles: { owner: number; field: number }[];
  friend_decls: ModuleHandle[];
  struct_def_instantiations: { def: number; type_parameters: number }[];
  function_instantiations: { handle: number; type_parameters: number }[];
  field_instantiations: { handle: number; type_parameters: number }[];
  signatures: SignatureToken[][];
  identifiers: string[];
  /** 64 lowercase hex digits, no `0x`. */
  address_identifiers: string[];
  constant_pool: ConstantJson[];
  metadata: { key: number[]; value: number[] }[];
  struct_defs: StructDefinition[];
  function_defs: FunctionDefinition[];
  enum_defs: EnumDefinition[];
  enum_def_instantiations: { def: number; type_parameters: number }[];
  variant_handles: { enum_def: number; variant: number }[];
  variant_instantiation_handles: { enum_def: number; variant: number }[];
}

/**
 * Deserializes (and bounds-checks) one module. `fileLabel` only feeds the error message.
 * @throws InvalidBytecodeError
 */
export function deserializeModule(bytes: Uint8Array, fileLabel: string): ModuleJson {
  // An ArrayBuffer would be misreported as BAD_MAGIC by the library, so normalise the view first.
  const view: unknown = bytes;
  const input = view instanceof ArrayBuffer ? new Uint8Array(view) : bytes;
  try {
    return deserialize(input) as ModuleJson;
  } catch (thrown) {
    throw new InvalidBytecodeError(fileLabel, describeThrown(thrown));
  }
}

/**
 * Serializes a module object. The library checks only the object's shape, not indices or types.
 * @throws Error with the library's message
 */
export function serializeModule(module: ModuleJson): Uint8Array {
  try {
    return serialize(module);
  } catch (thrown) {
    throw new Error(`cannot serialize module: ${describeThrown(thrown)}`, { cause: thrown });
  }
}
