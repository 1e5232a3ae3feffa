// Runtime values. Integers up to u32 are JS numbers, u64 and wider are bigints (the instruction
// decides the width, see code-annotate.ts). Addresses and signers are 64 lowercase hex digits.
// Structs, enum variants and vectors are mutable containers with identity, so a reference is just
// (container, slot): Move's borrow rules guarantee no two live owners of one container.

export type Value = boolean | number | bigint | string | Struct | Variant | Value[] | Ref;

export class Struct {
  constructor(readonly fields: Value[]) {}
}

export class Variant {
  constructor(
    readonly tag: number,
    readonly fields: Value[],
  ) {}
}

/** A reference to slot `index` of a container: a frame's locals, a struct's or variant's fields, a vector. */
export class Ref {
  constructor(
    readonly container: Value[],
    readonly index: number,
  ) {}

  read(): Value {
    return this.container[this.index]!;
  }

  write(value: Value): void {
    this.container[this.index] = value;
  }
}

/** A reference to a fresh cell holding `value` (arguments passed by reference from outside). */
export function boxedRef(value: Value): Ref {
  return new Ref([value], 0);
}

/** Deep copy: `CopyLoc` and `ReadRef` must not share containers with the original. */
export function copyValue(value: Value): Value {
  if (typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    // Vectors of primitives are the common case; a plain slice copies them.
    if (value.length === 0 || typeof value[0] !== 'object') return value.slice();
    return value.map(copyValue);
  }
  if (value instanceof Struct) return new Struct(value.fields.map(copyValue));
  if (value instanceof Variant) return new Variant(value.tag, value.fields.map(copyValue));
  return value; // references are copied by identity
}

/** Structural equality (`Eq`/`Neq`); references compare what they point to. */
export function valuesEqual(a: Value, b: Value): boolean {
  if (a instanceof Ref) a = a.read();
  if (b instanceof Ref) b = b.read();
  if (typeof a !== 'object') return a === b;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!valuesEqual(a[i]!, b[i]!)) return false;
    return true;
  }
  if (a instanceof Struct) return b instanceof Struct && valuesEqual(a.fields, b.fields);
  if (a instanceof Variant) {
    return b instanceof Variant && a.tag === b.tag && valuesEqual(a.fields, b.fields);
  }
  return false;
}

export function asVector(value: Value): Value[] {
  if (!Array.isArray(value)) throw new Error('internal: expected a vector value');
  return value;
}

export function asRef(value: Value): Ref {
  if (!(value instanceof Ref)) throw new Error('internal: expected a reference');
  return value;
}

export function asStruct(value: Value): Struct {
  if (!(value instanceof Struct)) throw new Error('internal: expected a struct value');
  return value;
}

export function asBigInt(value: Value): bigint {
  if (typeof value !== 'bigint') throw new Error('internal: expected a u64/u128/u256 value');
  return value;
}

export function asAddress(value: Value): string {
  if (typeof value !== 'string') throw new Error('internal: expected an address value');
  return value;
}

/** `vector<u8>` value to bytes. */
export function bytesOf(value: Value): Uint8Array {
  return Uint8Array.from(asVector(value) as number[]);
}

export function bytesValue(bytes: Uint8Array): Value[] {
  return Array.from(bytes);
}

export function addressToBytes(address: string): Uint8Array {
  return Uint8Array.from(Buffer.from(address, 'hex'));
}

export function bytesToAddress(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}
