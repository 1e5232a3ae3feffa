// Runtime Move types: fully resolved (addresses as 64 hex digits) so they can key caches, be
// printed the way `type_name` prints them, and be serialized as BCS TypeTags.

export type PrimitiveKind = 'bool' | 'u8' | 'u16' | 'u32' | 'u64' | 'u128' | 'u256' | 'address' | 'signer';

export type Type =
  | { kind: PrimitiveKind }
  | { kind: 'vector'; elem: Type }
  | { kind: 'datatype'; address: string; module: string; name: string; args: Type[] }
  /** Only inside signatures before substitution; never in a value's type. */
  | { kind: 'param'; index: number }
  | { kind: 'ref'; mutable: boolean; to: Type };

export type DatatypeType = Extract<Type, { kind: 'datatype' }>;

const PRIMITIVES: Record<PrimitiveKind, Type> = {
  bool: { kind: 'bool' },
  u8: { kind: 'u8' },
  u16: { kind: 'u16' },
  u32: { kind: 'u32' },
  u64: { kind: 'u64' },
  u128: { kind: 'u128' },
  u256: { kind: 'u256' },
  address: { kind: 'address' },
  signer: { kind: 'signer' },
};

export function primitive(kind: PrimitiveKind): Type {
  return PRIMITIVES[kind];
}

export function isPrimitiveKind(text: string): text is PrimitiveKind {
  return Object.hasOwn(PRIMITIVES, text);
}

/** Replaces type parameters by the given arguments. Types without parameters come back as is. */
export function substitute(type: Type, args: readonly Type[]): Type {
  switch (type.kind) {
    case 'param': {
      const arg = args[type.index];
      if (arg === undefined) throw new Error(`type parameter T${type.index} has no argument`);
      return arg;
    }
    case 'vector':
      return { kind: 'vector', elem: substitute(type.elem, args) };
    case 'ref':
      return { kind: 'ref', mutable: type.mutable, to: substitute(type.to, args) };
    case 'datatype':
      return type.args.length === 0 ? type : { ...type, args: type.args.map((a) => substitute(a, args)) };
    default:
      return type;
  }
}

export function hasTypeParams(type: Type): boolean {
  switch (type.kind) {
    case 'param':
      return true;
    case 'vector':
      return hasTypeParams(type.elem);
    case 'ref':
      return hasTypeParams(type.to);
    case 'datatype':
      return type.args.some(hasTypeParams);
    default:
      return false;
  }
}

/**
 * The canonical spelling `type_name` and Sui use: addresses as 64 hex digits without `0x`,
 * e.g. `0000…0002::coin::Coin<0000…0002::sui::SUI>`, `vector<u8>`.
 */
export function canonicalTypeName(type: Type): string {
  switch (type.kind) {
    case 'vector':
      return `vector<${canonicalTypeName(type.elem)}>`;
    case 'datatype': {
      const base = `${type.address}::${type.module}::${type.name}`;
      return type.args.length === 0 ? base : `${base}<${type.args.map(canonicalTypeName).join(',')}>`;
    }
    case 'param':
      return `T${type.index}`;
    case 'ref':
      return `${type.mutable ? '&mut ' : '&'}${canonicalTypeName(type.to)}`;
    default:
      return type.kind;
  }
}

/** Cache key of a fully instantiated type. */
export const typeKey = canonicalTypeName;

export function typesEqual(a: Type, b: Type): boolean {
  return canonicalTypeName(a) === canonicalTypeName(b);
}

/** A type given as a type tag string (`0x2::coin::Coin<0x2::sui::SUI>`) or already parsed. */
export const typeOf = (type: string | Type): Type => (typeof type === 'string' ? parseTypeTag(type) : type);

/**
 * Parses a type tag as people write it: `u64`, `vector<u8>`, `0x2::sui::SUI`,
 * `0x2::coin::Coin<0x2::sui::SUI>`. Addresses may be short.
 */
export function parseTypeTag(text: string): Type {
  const parser = new TypeTagParser(text);
  const type = parser.parse();
  parser.expectEnd();
  return type;
}

class TypeTagParser {
  private pos = 0;

  constructor(private readonly text: string) {}

  parse(): Type {
    const word = this.word();
    if (word === 'vector') {
      this.expect('<');
      const elem = this.parse();
      this.expect('>');
      return { kind: 'vector', elem };
    }
    if (isPrimitiveKind(word)) return primitive(word);
    if (!/^0x[0-9a-fA-F]{1,64}$/.test(word)) this.fail(`unknown type ${JSON.stringify(word)}`);
    this.expect('::');
    const module = this.word();
    this.expect('::');
    const name = this.word();
    const args: Type[] = [];
    if (this.peek('<')) {
      this.expect('<');
      for (;;) {
        args.push(this.parse());
        if (this.peek(',')) this.expect(',');
        else break;
      }
      this.expect('>');
    }
    return { kind: 'datatype', address: word.slice(2).toLowerCase().padStart(64, '0'), module, name, args };
  }

  expectEnd(): void {
    this.skipSpaces();
    if (this.pos !== this.text.length) this.fail('unexpected trailing text');
  }

  private word(): string {
    this.skipSpaces();
    const match = /^[A-Za-z0-9_]+/.exec(this.text.slice(this.pos));
    if (!match) this.fail('expected a name');
    this.pos += match[0].length;
    return match[0];
  }

  private peek(token: string): boolean {
    this.skipSpaces();
    return this.text.startsWith(token, this.pos);
  }

  private expect(token: string): void {
    if (!this.peek(token)) this.fail(`expected ${JSON.stringify(token)}`);
    this.pos += token.length;
  }

  private skipSpaces(): void {
    while (this.text[this.pos] === ' ') this.pos++;
  }

  private fail(reason: string): never {
    throw new Error(`invalid type tag ${JSON.stringify(this.text)} at ${this.pos}: ${reason}`);
  }
}
