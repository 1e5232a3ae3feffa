// Natives of the Move standard library (0x1).
import { sha256 } from '@noble/hashes/sha2.js';
import { sha3_256 } from '@noble/hashes/sha3.js';
import { encodeValue } from '../bcs-values.js';
import { VECTOR_DESTROY_NON_EMPTY, VECTOR_INDEX_OUT_OF_BOUNDS, VECTOR_POP_EMPTY, abort } from '../errors.js';
import { pushBounded } from '../gas/limits.js';
import { canonicalTypeName, type DatatypeType, type Type } from '../types.js';
import { asBigInt, asRef, asVector, bytesOf, bytesValue, Ref, Struct, type Value } from '../values.js';
import { register, STD, type NativeFunction, type NativeTable } from './registry.js';

// The vector natives fail as aborts with the vector sub-status as code, located at the native
// (observed on Sui's VM: popping an empty vector through `vector::pop_back` is ABORTED 2).
function vectorIndex(vector: Value[], index: Value): number {
  const i = asBigInt(index);
  if (i >= BigInt(vector.length)) throw abort(VECTOR_INDEX_OUT_OF_BOUNDS, 'vector index out of bounds');
  return Number(i);
}

const vectorOf = (ref: Value): Value[] => asVector(asRef(ref).read());

/** Byte-vector argument, whether the native takes it by value or by reference. */
function utf8Bytes(value: Value): number[] {
  return asVector(value instanceof Ref ? value.read() : value) as number[];
}

/** Rust's `str::is_char_boundary` on bytes already known to be UTF-8. */
function isCharBoundary(bytes: number[], index: bigint): boolean {
  if (index === 0n || index === BigInt(bytes.length)) return true;
  if (index > BigInt(bytes.length)) return false;
  return (bytes[Number(index)]! & 0xc0) !== 0x80;
}

function indexOf(haystack: number[], needle: number[]): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return haystack.length;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function isUtf8(bytes: number[]): boolean {
  try {
    UTF8.decode(Uint8Array.from(bytes));
    return true;
  } catch {
    return false;
  }
}

/** `std::type_name::TypeName { name: ascii::String { bytes } }` for a type. */
export function typeNameValue(type: Type): Struct {
  return new Struct([new Struct([bytesValue(new TextEncoder().encode(canonicalTypeName(type)))])]);
}

/** A datatype's type, for `defining_id` / `original_id`. */
function datatypeOf(type: Type): DatatypeType {
  // Sui aborts when asked for the package of a non-datatype (code 0, `ENonModuleType`).
  if (type.kind !== 'datatype') throw abort(0, 'type has no defining package');
  return type;
}

export function registerMoveStdlib(table: NativeTable): void {
  register(table, STD, 'vector', {
    empty: () => [[]],
    length: (_ctx, _t, [v]) => [BigInt(vectorOf(v!).length)],
    borrow: (_ctx, _t, [v, i]) => {
      const vector = vectorOf(v!);
      return [new Ref(vector, vectorIndex(vector, i!))];
    },
    borrow_mut: (_ctx, _t, [v, i]) => {
      const vector = vectorOf(v!);
      return [new Ref(vector, vectorIndex(vector, i!))];
    },
    push_back: (_ctx, _t, [v, e]) => {
      pushBounded(vectorOf(v!), e!);
      return [];
    },
    pop_back: (_ctx, _t, [v]) => {
      const vector = vectorOf(v!);
      if (vector.length === 0) throw abort(VECTOR_POP_EMPTY, 'pop from an empty vector');
      return [vector.pop()!];
    },
    destroy_empty: (_ctx, _t, [v]) => {
      if (asVector(v!).length !== 0) throw abort(VECTOR_DESTROY_NON_EMPTY, 'destroying a non-empty vector');
      return [];
    },
    swap: (_ctx, _t, [v, i, j]) => {
      const vector = vectorOf(v!);
      const a = vectorIndex(vector, i!);
      const b = vectorIndex(vector, j!);
      [vector[a], vector[b]] = [vector[b]!, vector[a]!];
      return [];
    },
  });
  register(table, STD, 'bcs', {
    to_bytes: (ctx, [type], [v]) => [bytesValue(encodeValue(type!, asRef(v!).read(), ctx.resolve))],
  });
  register(table, STD, 'hash', {
    sha2_256: (_ctx, _t, [data]) => [bytesValue(sha256(bytesOf(data!)))],
    sha3_256: (_ctx, _t, [data]) => [bytesValue(sha3_256(bytesOf(data!)))],
  });
  register(table, STD, 'string', {
    internal_check_utf8: (_ctx, _t, [v]) => [isUtf8(utf8Bytes(v!))],
    internal_is_char_boundary: (_ctx, _t, [v, i]) => [isCharBoundary(utf8Bytes(v!), asBigInt(i!))],
    internal_sub_string: (_ctx, _t, [v, i, j]) => [
      utf8Bytes(v!).slice(Number(asBigInt(i!)), Number(asBigInt(j!))),
    ],
    internal_index_of: (_ctx, _t, [v, r]) => [BigInt(indexOf(utf8Bytes(v!), utf8Bytes(r!)))],
  });
  // As Sui's natives (move-vm-runtime `natives/move_stdlib/type_name.rs`): `with_defining_ids` and
  // `defining_id` name each datatype by the package version that defined it (the loader's type origin
  // tables), `with_original_ids` and `original_id` by its original id, the address its modules carry.
  // `get` and `get_with_original_ids` are the older names, natives in older frameworks.
  const withDefiningIds: NativeFunction = (ctx, [type]) => [typeNameValue(ctx.loader.definingType(type!))];
  const withOriginalIds: NativeFunction = (_ctx, [type]) => [typeNameValue(type!)];
  register(table, STD, 'type_name', {
    get: withDefiningIds,
    get_with_original_ids: withOriginalIds,
    with_defining_ids: withDefiningIds,
    with_original_ids: withOriginalIds,
    defining_id: (ctx, [type]) => [ctx.loader.definingId(datatypeOf(type!))],
    original_id: (_ctx, [type]) => [datatypeOf(type!).address],
  });
  register(table, STD, 'debug', {
    print: () => [],
    print_stack_trace: () => [],
  });
}
