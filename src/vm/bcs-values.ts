// BCS encoding and decoding of runtime values by their (fully instantiated) Move type.
import { VmLoadError } from './errors.js';
import type { DatatypeDef } from './loader.js';
import { substitute, type DatatypeType, type Type } from './types.js';
import { Ref, Struct, Variant, type Value } from './values.js';

/** What BCS needs from the loader: a datatype's definition. */
export type DatatypeResolver = (type: DatatypeType) => DatatypeDef;

const WIDTH_BYTES = { u64: 8, u128: 16, u256: 32 } as const;

export class BcsWriter {
  private bytes: number[] = [];

  uleb(value: number): void {
    let rest = value;
    do {
      const low = rest & 0x7f;
      rest = Math.floor(rest / 128);
      this.bytes.push(rest > 0 ? low | 0x80 : low);
    } while (rest > 0);
  }

  byte(value: number): void {
    this.bytes.push(value);
  }

  littleEndian(value: bigint | number, size: number): void {
    let rest = BigInt(value);
    for (let i = 0; i < size; i++) {
      this.bytes.push(Number(rest & 0xffn));
      rest >>= 8n;
    }
  }

  raw(bytes: ArrayLike<number>): void {
    for (let i = 0; i < bytes.length; i++) this.bytes.push(bytes[i]!);
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

/** bcs's `MAX_SEQUENCE_LENGTH`. */
const MAX_SEQUENCE_LENGTH = 2 ** 31 - 1;

/**
 * A length at `offset` as the `bcs` crate reads one (canonical ULEB128 of at most five bytes, at most
 * `MAX_SEQUENCE_LENGTH`) and the offset after it; null for anything else.
 */
export function readSequenceLength(
  bytes: Uint8Array,
  offset: number,
): { length: number; end: number } | null {
  let value = 0;
  let pos = offset;
  for (let shift = 0; shift < 32; shift += 7) {
    const byte = bytes[pos++];
    if (byte === undefined) return null;
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) {
      if (shift > 0 && byte === 0) return null; // non-canonical
      return value > MAX_SEQUENCE_LENGTH ? null : { length: value, end: pos };
    }
  }
  return null;
}

/** A length or tag alone, as BCS writes it: ULEB128. */
export function ulebBytes(value: number): Uint8Array {
  const writer = new BcsWriter();
  writer.uleb(value);
  return writer.finish();
}

export function encodeValue(type: Type, value: Value, resolve: DatatypeResolver): Uint8Array {
  const writer = new BcsWriter();
  writeValue(writer, type, value, resolve);
  return writer.finish();
}

export function writeValue(writer: BcsWriter, type: Type, value: Value, resolve: DatatypeResolver): void {
  if (value instanceof Ref) value = value.read();
  switch (type.kind) {
    case 'bool':
      writer.byte(value ? 1 : 0);
      return;
    case 'u8':
      writer.byte(value as number);
      return;
    case 'u16':
      writer.littleEndian(value as number, 2);
      return;
    case 'u32':
      writer.littleEndian(value as number, 4);
      return;
    case 'u64':
    case 'u128':
    case 'u256':
      writer.littleEndian(value as bigint, WIDTH_BYTES[type.kind]);
      return;
    case 'address':
    case 'signer':
      writer.raw(Buffer.from(value as string, 'hex'));
      return;
    case 'vector': {
      const items = value as Value[];
      writer.uleb(items.length);
      for (const item of items) writeValue(writer, type.elem, item, resolve);
      return;
    }
    case 'datatype': {
      const def = resolve(type);
      if (def.kind === 'struct') {
        const fields = (value as Struct).fields;
        def.fields.forEach((field, i) =>
          writeValue(writer, substitute(field.type, type.args), fields[i]!, resolve),
        );
      } else {
        const variant = value as Variant;
        writer.uleb(variant.tag);
        def.variants[variant.tag]!.fields.forEach((field, i) =>
          writeValue(writer, substitute(field.type, type.args), variant.fields[i]!, resolve),
        );
      }
      return;
    }
    default:
      throw new VmLoadError(`cannot serialize a value of type ${type.kind}`);
  }
}

/** @throws VmLoadError when the bytes do not hold exactly one value of the type */
export function decodeValue(type: Type, bytes: ArrayLike<number>, resolve: DatatypeResolver): Value {
  const reader = new BcsReader(bytes);
  const value = reader.value(type, resolve);
  if (reader.remaining() !== 0) {
    throw new VmLoadError(`${reader.remaining()} bytes left over after decoding a ${type.kind} value`);
  }
  return value;
}

export class BcsReader {
  private pos = 0;

  constructor(private readonly bytes: ArrayLike<number>) {}

  remaining(): number {
    return this.bytes.length - this.pos;
  }

  byte(): number {
    if (this.pos >= this.bytes.length) throw new VmLoadError('BCS input ended early');
    return this.bytes[this.pos++]!;
  }

  uleb(): number {
    let result = 0;
    let shift = 1;
    for (let i = 0; i < 5; i++) {
      const byte = this.byte();
      result += (byte & 0x7f) * shift;
      if ((byte & 0x80) === 0) {
        if (result > 0xffffffff) throw new VmLoadError('BCS length over u32');
        return result;
      }
      shift *= 128;
    }
    throw new VmLoadError('BCS ULEB128 too long');
  }

  littleEndian(size: number): bigint {
    let result = 0n;
    for (let i = 0; i < size; i++) result |= BigInt(this.byte()) << BigInt(8 * i);
    return result;
  }

  take(size: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < size; i++) out.push(this.byte());
    return out;
  }

  value(type: Type, resolve: DatatypeResolver): Value {
    switch (type.kind) {
      case 'bool': {
        const byte = this.byte();
        if (byte > 1) throw new VmLoadError(`invalid BCS bool ${byte}`);
        return byte === 1;
      }
      case 'u8':
        return this.byte();
      case 'u16':
        return Number(this.littleEndian(2));
      case 'u32':
        return Number(this.littleEndian(4));
      case 'u64':
      case 'u128':
      case 'u256':
        return this.littleEndian(WIDTH_BYTES[type.kind]);
      case 'address':
      case 'signer':
        return Buffer.from(this.take(32)).toString('hex');
      case 'vector': {
        const length = this.uleb();
        const items: Value[] = [];
        for (let i = 0; i < length; i++) items.push(this.value(type.elem, resolve));
        return items;
      }
      case 'datatype': {
        const def = resolve(type);
        const readFields = (fields: { type: Type }[]) =>
          fields.map((field) => this.value(substitute(field.type, type.args), resolve));
        if (def.kind === 'struct') return new Struct(readFields(def.fields));
        const tag = this.uleb();
        const variant = def.variants[tag];
        if (!variant) throw new VmLoadError(`invalid variant tag ${tag} for ${def.name}`);
        return new Variant(tag, readFields(variant.fields));
      }
      default:
        throw new VmLoadError(`cannot deserialize a value of type ${type.kind}`);
    }
  }
}
