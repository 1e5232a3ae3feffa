// Sui's rule for pure inputs: raw bytes may stand only for values that cannot break a type's invariants,
// so only these parameter types take them: bool, u8–u256, address, 0x1::string::String (valid UTF-8),
// 0x1::ascii::String (ASCII), 0x2::object::ID, and 0x1::option::Option<T> and vector<T> of such T. Any
// other type (a struct, an object, signer) must come from an object input or a command's result. The bytes
// are walked as Sui walks them: canonical BCS, nothing left over, option tags 0 or 1.
import { readSequenceLength } from './bcs-values.js';
import type { Type } from './types.js';

const STD = '0'.repeat(63) + '1';
const SUI = '0'.repeat(63) + '2';

/** What pure bytes of a type must look like; null for a type that pure bytes may not stand for. */
type PureLayout =
  | { kind: 'fixed'; size: number; bool?: true }
  | { kind: 'vector'; elem: PureLayout }
  | { kind: 'option'; elem: PureLayout }
  | { kind: 'utf8' }
  | { kind: 'ascii' };

function pureLayout(type: Type): PureLayout | null {
  if (type.kind === 'bool') return { kind: 'fixed', size: 1, bool: true };
  if (type.kind === 'address') return { kind: 'fixed', size: 32 };
  const bits = /^u(\d+)$/.exec(type.kind)?.[1];
  if (bits) return { kind: 'fixed', size: Number(bits) / 8 };
  if (type.kind === 'vector') {
    const elem = pureLayout(type.elem);
    return elem && { kind: 'vector', elem };
  }
  if (type.kind !== 'datatype') return null; // signer, references (checked by the caller), parameters
  const name = `${type.address}::${type.module}::${type.name}`;
  if (name === `${STD}::option::Option` && type.args.length === 1) {
    const elem = pureLayout(type.args[0]!);
    return elem && { kind: 'option', elem };
  }
  if (type.args.length > 0) return null;
  if (name === `${STD}::string::String`) return { kind: 'utf8' };
  if (name === `${STD}::ascii::String`) return { kind: 'ascii' };
  if (name === `${SUI}::object::ID`) return { kind: 'fixed', size: 32 };
  return null;
}

/** Whether Sui lets pure bytes stand for a value of this (non-reference) type. */
export function isPureType(type: Type): boolean {
  return pureLayout(type) !== null;
}

class Malformed extends Error {}

/** A BCS reader that accepts only what the `bcs` crate accepts: canonical ULEB128 lengths below 2^31. */
class PureReader {
  private offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  take(n: number): Uint8Array {
    if (this.offset + n > this.bytes.length) throw new Malformed('too short');
    this.offset += n;
    return this.bytes.subarray(this.offset - n, this.offset);
  }

  length(): number {
    const read = readSequenceLength(this.bytes, this.offset);
    if (!read) throw new Malformed('no canonical length');
    this.offset = read.end;
    return read.length;
  }

  done(): boolean {
    return this.offset === this.bytes.length;
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function walk(layout: PureLayout, reader: PureReader): void {
  switch (layout.kind) {
    case 'fixed': {
      const bytes = reader.take(layout.size);
      if (layout.bool && bytes[0]! > 1) throw new Malformed('bool out of range');
      return;
    }
    case 'vector': {
      const count = reader.length();
      for (let i = 0; i < count; i++) walk(layout.elem, reader);
      return;
    }
    case 'option': {
      const tag = reader.take(1)[0]!;
      if (tag > 1) throw new Malformed('option tag out of range');
      if (tag === 1) walk(layout.elem, reader);
      return;
    }
    case 'utf8':
    case 'ascii': {
      const text = reader.take(reader.length());
      UTF8.decode(text); // throws on invalid UTF-8
      if (layout.kind === 'ascii' && text.some((b) => b > 0x7f)) throw new Malformed('not ASCII');
      return;
    }
  }
}

/** Whether `bytes` are a valid pure value of `type` (a type for which `isPureType` holds). */
export function isValidPureValue(type: Type, bytes: Uint8Array): boolean {
  const layout = pureLayout(type);
  if (!layout) return false;
  const reader = new PureReader(bytes);
  try {
    walk(layout, reader);
  } catch {
    return false;
  }
  return reader.done();
}
