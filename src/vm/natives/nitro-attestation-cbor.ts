// The CBOR (RFC 8949) that Sui's Nitro attestation parsing reads, with the acceptance rules of the
// `ciborium` 0.2 crate it decodes with: one data item is read and anything after it is ignored;
// definite and indefinite lengths; tags kept, except bignums (tags 2 and 3 on at most 16 bytes),
// which become integers; only the simple values false, true, null and undefined (as null); at most
// 256 nested arrays, maps and tags. Anything else throws `CborError`.

export type Cbor =
  | { kind: 'int'; value: bigint }
  | { kind: 'bytes'; value: Uint8Array }
  | { kind: 'text'; value: string }
  | { kind: 'array'; items: Cbor[] }
  | { kind: 'map'; entries: [Cbor, Cbor][] }
  | { kind: 'tag'; tag: bigint; value: Cbor }
  | { kind: 'bool'; value: boolean }
  | { kind: 'null' }
  | { kind: 'float'; value: number };

export class CborError extends Error {}

const MAX_DEPTH = 256;
const BREAK = 0xff;
const utf8 = new TextDecoder('utf-8', { fatal: true });

class Reader {
  private offset = 0;

  constructor(private readonly bytes: Uint8Array) {}

  get position(): number {
    return this.offset;
  }

  set position(offset: number) {
    this.offset = offset;
  }

  byte(): number {
    if (this.offset >= this.bytes.length) throw new CborError('unexpected end of input');
    return this.bytes[this.offset++]!;
  }

  peek(): number {
    if (this.offset >= this.bytes.length) throw new CborError('unexpected end of input');
    return this.bytes[this.offset]!;
  }

  take(length: bigint): Uint8Array {
    if (length > BigInt(this.bytes.length - this.offset)) throw new CborError('unexpected end of input');
    const start = this.offset;
    this.offset += Number(length);
    return this.bytes.subarray(start, this.offset);
  }

  /** The argument of a head: the additional information itself, or the 1 to 8 bytes after it. */
  argument(info: number): bigint {
    if (info < 24) return BigInt(info);
    if (info > 27) throw new CborError(`reserved additional information ${info}`);
    let value = 0n;
    for (const b of this.take(BigInt(1 << (info - 24)))) value = (value << 8n) | BigInt(b);
    return value;
  }
}

function float(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length === 4) return view.getFloat32(0);
  if (bytes.length === 8) return view.getFloat64(0);
  const half = view.getUint16(0);
  const exponent = (half >> 10) & 0x1f;
  const mantissa = half & 0x3ff;
  const magnitude =
    exponent === 0
      ? mantissa * 2 ** -24
      : exponent === 31
        ? mantissa === 0
          ? Infinity
          : NaN
        : (mantissa + 1024) * 2 ** (exponent - 25);
  return half & 0x8000 ? -magnitude : magnitude;
}

/** A byte or text string: one definite chunk, or definite chunks of the same major type up to a break. */
function chunks(reader: Reader, major: number, info: number): Uint8Array[] {
  if (info !== 31) return [reader.take(reader.argument(info))];
  const parts: Uint8Array[] = [];
  while (reader.peek() !== BREAK) {
    const head = reader.byte();
    if (head >> 5 !== major || (head & 0x1f) === 31) throw new CborError('bad indefinite-length chunk');
    parts.push(reader.take(reader.argument(head & 0x1f)));
  }
  reader.byte();
  return parts;
}

function text(part: Uint8Array): string {
  try {
    return utf8.decode(part);
  } catch {
    throw new CborError('text string is not UTF-8');
  }
}

/** Items up to a break (`count` undefined) or `count` items. */
function items<T>(reader: Reader, count: bigint | undefined, read: () => T): T[] {
  const out: T[] = [];
  if (count === undefined) {
    while (reader.peek() !== BREAK) out.push(read());
    reader.byte();
  } else {
    for (let i = 0n; i < count; i++) out.push(read());
  }
  return out;
}

/** A bignum on a definite byte string of at most 16 bytes is an integer for ciborium; else a tag. */
function bignum(reader: Reader, tag: bigint): Cbor | undefined {
  const start = reader.position;
  const head = reader.byte();
  const bytes =
    head >> 5 === 2 && (head & 0x1f) !== 31 ? reader.take(reader.argument(head & 0x1f)) : undefined;
  if (!bytes || bytes.length > 16) {
    reader.position = start;
    return undefined;
  }
  let raw = 0n;
  for (const b of bytes) raw = (raw << 8n) | BigInt(b);
  if (tag === 2n) return { kind: 'int', value: raw };
  if (raw >= 1n << 127n) throw new CborError('integer too large');
  return { kind: 'int', value: -1n - raw };
}

function item(reader: Reader, depth: number): Cbor {
  const head = reader.byte();
  const major = head >> 5;
  const info = head & 0x1f;
  const nested = () => {
    if (depth >= MAX_DEPTH) throw new CborError('recursion limit exceeded');
    return depth + 1;
  };
  switch (major) {
    case 0:
      return { kind: 'int', value: reader.argument(info) };
    case 1:
      return { kind: 'int', value: -1n - reader.argument(info) };
    case 2:
      return { kind: 'bytes', value: Uint8Array.from(Buffer.concat(chunks(reader, major, info))) };
    case 3:
      return { kind: 'text', value: chunks(reader, major, info).map(text).join('') };
    case 4: {
      const inner = nested();
      const count = info === 31 ? undefined : reader.argument(info);
      return { kind: 'array', items: items(reader, count, () => item(reader, inner)) };
    }
    case 5: {
      const inner = nested();
      const count = info === 31 ? undefined : reader.argument(info);
      const entries = items(reader, count, (): [Cbor, Cbor] => [item(reader, inner), item(reader, inner)]);
      return { kind: 'map', entries };
    }
    case 6: {
      const tag = reader.argument(info);
      const big = tag === 2n || tag === 3n ? bignum(reader, tag) : undefined;
      return big ?? { kind: 'tag', tag, value: item(reader, nested()) };
    }
    default: {
      if (info >= 25 && info <= 27)
        return { kind: 'float', value: float(reader.take(BigInt(1 << (info - 24)))) };
      // A simple value sits in the head or, from the two-byte form, in the next byte.
      const simple = info === 24 ? reader.byte() : info;
      if (simple === 20 || simple === 21) return { kind: 'bool', value: simple === 21 };
      if (simple === 22 || simple === 23) return { kind: 'null' };
      throw new CborError(`unsupported simple value or break (${head})`);
    }
  }
}

/** Decodes the first data item of `bytes`. */
export function decodeCbor(bytes: Uint8Array): Cbor {
  return item(new Reader(bytes), 0);
}

/** Structural equality, as ciborium compares values (floats by value: NaN equals nothing). */
export function cborEqual(a: Cbor, b: Cbor): boolean {
  switch (a.kind) {
    case 'int':
    case 'text':
    case 'bool':
    case 'float':
      return a.kind === b.kind && a.value === b.value;
    case 'null':
      return b.kind === 'null';
    case 'bytes':
      return b.kind === 'bytes' && Buffer.from(a.value).equals(b.value);
    case 'array':
      return (
        b.kind === 'array' &&
        a.items.length === b.items.length &&
        a.items.every((x, i) => cborEqual(x, b.items[i]!))
      );
    case 'map':
      return (
        b.kind === 'map' &&
        a.entries.length === b.entries.length &&
        a.entries.every(([k, v], i) => cborEqual(k, b.entries[i]![0]) && cborEqual(v, b.entries[i]![1]))
      );
    case 'tag':
      return b.kind === 'tag' && a.tag === b.tag && cborEqual(a.value, b.value);
  }
}

/** The head of a definite-length item, in its shortest form (as ciborium writes it). */
function head(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length];
  if (length < 0x100) return [(major << 5) | 24, length];
  if (length < 0x10000) return [(major << 5) | 25, length >> 8, length & 0xff];
  return [
    (major << 5) | 26,
    (length >>> 24) & 0xff,
    (length >> 16) & 0xff,
    (length >> 8) & 0xff,
    length & 0xff,
  ];
}

/** Encodes an array of text and byte strings. */
export function encodeStrings(values: (string | Uint8Array)[]): Uint8Array {
  const out = head(4, values.length);
  for (const value of values) {
    const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
    out.push(...head(typeof value === 'string' ? 3 : 2, bytes.length), ...bytes);
  }
  return Uint8Array.from(out);
}
