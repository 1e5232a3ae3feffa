// What the checker knows about a module's items, whether they come from source or from bytecode.
import type { Abilities, ModuleId, Type } from '../types.js';

export interface DatatypeTypeParam {
  constraints: Abilities;
  isPhantom: boolean;
}

export interface FieldSig {
  name: string;
  type: Type;
}

export interface StructSig {
  kind: 'struct';
  module: ModuleId;
  name: string;
  abilities: Abilities;
  typeParams: DatatypeTypeParam[];
  /** Null for a native struct (no fields visible). */
  fields: FieldSig[] | null;
  /** True when the fields were declared positionally (`pos0`, `pos1`, ...). */
  isPositional: boolean;
}

export interface EnumSig {
  kind: 'enum';
  module: ModuleId;
  name: string;
  abilities: Abilities;
  typeParams: DatatypeTypeParam[];
  variants: { name: string; fields: FieldSig[] }[];
}

export type DatatypeSig = StructSig | EnumSig;

export type FunctionVisibility = 'public' | 'package' | 'private';

export interface FunctionSig {
  module: ModuleId;
  name: string;
  visibility: FunctionVisibility;
  isEntry: boolean;
  typeParams: { name: string; constraints: Abilities }[];
  params: Type[];
  returns: Type[];
  isMacro?: boolean;
}

export interface ConstantSig {
  module: ModuleId;
  name: string;
  type: Type;
  /** Set for an `#[error]` constant, which `abort` and `assert!` turn into a clever abort code. */
  error?: { code?: number };
}

/** Everything one module exposes to name resolution. */
export interface ModuleSig {
  id: ModuleId;
  datatypes: Map<string, DatatypeSig>;
  functions: Map<string, FunctionSig>;
  constants: Map<string, ConstantSig>;
}

export function emptyModuleSig(id: ModuleId): ModuleSig {
  return { id, datatypes: new Map(), functions: new Map(), constants: new Map() };
}
