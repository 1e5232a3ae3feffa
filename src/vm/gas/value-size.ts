// Abstract memory sizes of values, as move-vm-runtime's `ValueView::abstract_memory_size` counts them at gas
// model 11 (vector sizes included): 8 per integer up to u64 and per bool, 16 per u128, 32 per u256 and
// address, 2 per struct, variant or vector header, 8 per reference (plus its referent when traversed), and
// a vector of primitives as its header plus its elements' Rust sizes (u8: 1 … u256: 32, bool 1, address 32).
//
// Values here carry no types, so two widths are guessed from the value (documented in src/vm/README.md):
// a vector of JS numbers counts 1 byte per element (u8; u16 and u32 vectors are counted low), and a
// vector of bigints 8 per element (u64; u128 and u256 vectors are counted low); a lone bigint counts by
// its magnitude (8, 16 or 32), so a small u128 or u256 is counted as a u64.
import { REFERENCE_SIZE, STRUCT_SIZE } from './schedule.js';
import type { Type } from '../types.js';
import { Ref, type Struct, type Variant, type Value } from '../values.js';

const TWO_64 = 1n << 64n;
const TWO_128 = 1n << 128n;

/** Size of `value`; `traverse` also counts what references point to (Sui's `ReadRef`, `Eq`, `Neq`). */
export function valueSize(value: Value, traverse = false): number {
  switch (typeof value) {
    case 'number':
    case 'boolean':
      return 8;
    case 'bigint':
      return value < TWO_64 ? 8 : value < TWO_128 ? 16 : 32;
    case 'string':
      return 32;
  }
  if (Array.isArray(value)) return vectorSize(value, traverse);
  if (value instanceof Ref) return traverse ? REFERENCE_SIZE + valueSize(value.read(), true) : REFERENCE_SIZE;
  const fields = (value as Struct | Variant).fields;
  let size = STRUCT_SIZE;
  for (const field of fields) size += valueSize(field, traverse);
  return size;
}

function vectorSize(vector: Value[], traverse: boolean): number {
  if (vector.length === 0) return STRUCT_SIZE;
  switch (typeof vector[0]) {
    case 'number':
    case 'boolean':
      return STRUCT_SIZE + vector.length;
    case 'bigint':
      return STRUCT_SIZE + 8 * vector.length;
    case 'string':
      return STRUCT_SIZE + 32 * vector.length;
  }
  let size = STRUCT_SIZE;
  for (const element of vector) size += valueSize(element, traverse);
  return size;
}

/** Sum of the sizes of `values` (results of a native, arguments of a call). */
export function valuesSize(values: readonly Value[]): number {
  let size = 0;
  for (const value of values) size += valueSize(value);
  return size;
}

/** Rust's `size_of::<TypeTag>()`, which Sui adds per type tag node. */
const TYPE_TAG_NODE_SIZE = 16;

/**
 * A type tag's size as Sui meters it (`TypeTag::abstract_size_for_gas_metering`): per node 16, a struct tag
 * its address (32), module and name lengths, and its type arguments.
 */
export function typeTagSize(type: Type): number {
  switch (type.kind) {
    case 'vector':
      return TYPE_TAG_NODE_SIZE + typeTagSize(type.elem);
    case 'datatype': {
      let size = TYPE_TAG_NODE_SIZE + 32 + type.module.length + type.name.length;
      for (const arg of type.args) size += typeTagSize(arg);
      return size;
    }
    default:
      return TYPE_TAG_NODE_SIZE;
  }
}
