// The parser's output: Move 2024 source as written, with a location on every node. Names are not
// resolved here (the checker does that); only syntax is decided.

/** A byte range of one source file: `start` inclusive, `end` exclusive (UTF-8 offsets into the text). */
export interface Loc {
  file: string;
  start: number;
  end: number;
}

export interface Name {
  value: string;
  loc: Loc;
}

/** `0x2` / `@0x2` (numeric) or `sui` / `@sui` (named, resolved through Move.toml `[addresses]`). */
export type AddressRef =
  { kind: 'numeric'; value: bigint; loc: Loc } | { kind: 'named'; name: string; loc: Loc };

/**
 * A path as written: `x`, `m::f`, `a::m::S`, `0x2::coin::Coin`. When the path starts with a numeric
 * address, `address` holds it and `parts` are the names after it; a leading named address stays in
 * `parts[0]` (only resolution can tell `sui::coin` from `coin::value`).
 */
export interface NameAccessChain {
  loc: Loc;
  address?: AddressRef & { kind: 'numeric' };
  parts: Name[];
}

export interface Attribute {
  loc: Loc;
  /** `test_only`, `allow`, `error`, ...; nested arguments kept as text. */
  name: Name;
  args: Attribute[];
}

export interface SourceFile {
  path: string;
  text: string;
  modules: ModuleDecl[];
}

export interface ModuleDecl {
  loc: Loc;
  attributes: Attribute[];
  /** From `module a::m` or from an enclosing `address a { ... }` block. */
  address: AddressRef;
  name: Name;
  members: ModuleMember[];
}

export type ModuleMember =
  UseDecl | UseFunDecl | FriendDecl | ConstantDecl | StructDecl | EnumDecl | FunctionDecl;

/**
 * One imported thing. Groups are flattened by the parser: `use sui::{coin::{Self, Coin}, balance};`
 * becomes three items (module `coin`, member `coin::Coin`, module `balance`). `Self` inside a group is
 * a module item.
 */
export type UseItem =
  | { kind: 'module'; loc: Loc; address: AddressRef; module: Name; alias?: Name }
  | { kind: 'member'; loc: Loc; address: AddressRef; module: Name; member: Name; alias?: Name };

export interface UseDecl {
  kind: 'use';
  loc: Loc;
  attributes: Attribute[];
  items: UseItem[];
}

/** `[public] use fun path::to::f as Type.method;` */
export interface UseFunDecl {
  kind: 'use_fun';
  loc: Loc;
  attributes: Attribute[];
  isPublic: boolean;
  function: NameAccessChain;
  type: NameAccessChain;
  method: Name;
}

export interface FriendDecl {
  kind: 'friend';
  loc: Loc;
  attributes: Attribute[];
  module: NameAccessChain;
}

export interface ConstantDecl {
  kind: 'constant';
  loc: Loc;
  attributes: Attribute[];
  name: Name;
  type: TypeAst;
  value: Exp;
}

export interface TypeParamDecl {
  loc: Loc;
  name: Name;
  isPhantom: boolean;
  /** `T: copy + drop`: the ability names as written (checked by the checker). */
  constraints: Name[];
}

export interface FieldDecl {
  loc: Loc;
  name: Name;
  type: TypeAst;
}

export type DatatypeFields =
  | { kind: 'named'; loc: Loc; fields: FieldDecl[] }
  | { kind: 'positional'; loc: Loc; types: TypeAst[] }
  /** A variant with no fields, or `native struct`. */
  | { kind: 'none' };

export interface StructDecl {
  kind: 'struct';
  loc: Loc;
  attributes: Attribute[];
  /** Move 2024 requires `public struct`; the checker reports the legacy form. */
  isPublic: boolean;
  isNative: boolean;
  name: Name;
  typeParams: TypeParamDecl[];
  /** `has key, store` before the fields or after positional fields: both places merged here. */
  abilities: Name[];
  fields: DatatypeFields;
}

export interface VariantDecl {
  loc: Loc;
  name: Name;
  fields: DatatypeFields;
}

export interface EnumDecl {
  kind: 'enum';
  loc: Loc;
  attributes: Attribute[];
  isPublic: boolean;
  name: Name;
  typeParams: TypeParamDecl[];
  abilities: Name[];
  variants: VariantDecl[];
}

export type Visibility = 'private' | 'public' | 'package' | 'friend';

export interface ParamDecl {
  loc: Loc;
  /** `mut x: T` sets `isMut`. */
  isMut: boolean;
  name: Name;
  type: TypeAst;
}

export interface FunctionDecl {
  kind: 'function';
  loc: Loc;
  attributes: Attribute[];
  visibility: Visibility;
  /** Where `public`/`public(package)` was written, for diagnostics. */
  visibilityLoc?: Loc;
  isEntry: boolean;
  /** Where `entry` was written (Sui reports `entry` signature errors there). */
  entryLoc?: Loc;
  isNative: boolean;
  isMacro: boolean;
  name: Name;
  typeParams: TypeParamDecl[];
  params: ParamDecl[];
  /** Absent means `()`. */
  returnType?: TypeAst;
  /** Absent for `native fun`. */
  body?: BlockExp;
}

export type TypeAst =
  | { kind: 'apply'; loc: Loc; path: NameAccessChain; typeArgs: TypeAst[] }
  | { kind: 'ref'; loc: Loc; isMut: boolean; inner: TypeAst }
  /** `()` is the empty tuple. */
  | { kind: 'tuple'; loc: Loc; elems: TypeAst[] }
  /** `|T1, T2| -> R`: only the type of a macro function's parameter. */
  | { kind: 'fun'; loc: Loc; params: TypeAst[]; result: TypeAst };

export type Literal =
  /** `suffix` from `1u8`, `0x10u64`; the value fits the suffix when the parser accepts it. */
  | { kind: 'number'; value: bigint; suffix?: IntegerSuffix }
  | { kind: 'bool'; value: boolean }
  | { kind: 'address'; value: AddressRef }
  /** `b"..."` and `x"..."` both become bytes. */
  | { kind: 'bytes'; value: Uint8Array };

export type IntegerSuffix = 'u8' | 'u16' | 'u32' | 'u64' | 'u128' | 'u256';

export type BinaryOp =
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '&'
  | '|'
  | '^'
  | '<<'
  | '>>'
  | '&&'
  | '||'
  | '=='
  | '!='
  | '<'
  | '>'
  | '<='
  | '>=';

export interface BlockExp {
  kind: 'block';
  loc: Loc;
  stmts: Statement[];
  /** The block's value: the last expression when it has no `;` after it. Absent means `()`. */
  result?: Exp;
  /** `'a: { ... }`: a named block, left early by `return 'a v` (parsed as `break 'a v`). */
  label?: Name;
  /** Without a result: the `;` ending the last statement, where the block's implicit `()` is. */
  trailingSemicolon?: Loc;
}

export type Statement =
  | { kind: 'let'; loc: Loc; pattern: Pattern; type?: TypeAst; value?: Exp }
  | { kind: 'exp'; loc: Loc; exp: Exp }
  /** `use` inside a block is allowed by Move 2024. */
  | { kind: 'use'; loc: Loc; decl: UseDecl | UseFunDecl };

export type Pattern =
  | { kind: 'var'; loc: Loc; name: Name; isMut: boolean }
  | { kind: 'wildcard'; loc: Loc }
  /** `(a, b)`: only at the top of a `let` or an assignment. */
  | { kind: 'tuple'; loc: Loc; elems: Pattern[] }
  /** `S { f, g: x, .. }` or `S<T> { .. }`. Shorthand `f` is `f: f`. */
  | {
      kind: 'unpack_named';
      loc: Loc;
      path: NameAccessChain;
      typeArgs?: TypeAst[];
      fields: { loc: Loc; field: Name; pattern: Pattern }[];
      hasRest: boolean;
    }
  /** `S(a, b)` or `S(a, ..)`. */
  | {
      kind: 'unpack_positional';
      loc: Loc;
      path: NameAccessChain;
      typeArgs?: TypeAst[];
      elems: Pattern[];
      hasRest: boolean;
    }
  /** A variant or constant without fields in a `match` arm: `Color::Red`, `NONE`. */
  | { kind: 'name'; loc: Loc; path: NameAccessChain; typeArgs?: TypeAst[] }
  /** Only in `match` arms. */
  | { kind: 'literal'; loc: Loc; value: Literal }
  | { kind: 'or'; loc: Loc; alternatives: Pattern[] }
  | { kind: 'at'; loc: Loc; name: Name; pattern: Pattern };

export interface MatchArm {
  loc: Loc;
  pattern: Pattern;
  guard?: Exp;
  body: Exp;
}

export type Exp =
  | { kind: 'literal'; loc: Loc; value: Literal }
  /** A name used as a value: a local, a constant, or a struct/variant without fields. */
  | { kind: 'name'; loc: Loc; path: NameAccessChain; typeArgs?: TypeAst[] }
  /** `f(x)`, `m::f<T>(x)`, `S(x, y)` (positional pack), `assert!(c, E)` (`isMacro`). */
  | { kind: 'call'; loc: Loc; path: NameAccessChain; isMacro: boolean; typeArgs?: TypeAst[]; args: Exp[] }
  /** `e.f(x)`, `e.f<T>(x)`, `e.f!(x)`. */
  | {
      kind: 'method_call';
      loc: Loc;
      receiver: Exp;
      method: Name;
      isMacro: boolean;
      typeArgs?: TypeAst[];
      args: Exp[];
    }
  /** `S { f: e, g }` (shorthand `g` is `g: g`). */
  | {
      kind: 'pack';
      loc: Loc;
      path: NameAccessChain;
      typeArgs?: TypeAst[];
      fields: { loc: Loc; field: Name; value: Exp }[];
    }
  /** `vector[a, b]`, `vector<u8>[]`. */
  | { kind: 'vector'; loc: Loc; elemType?: TypeAst; elems: Exp[] }
  | BlockExp
  | { kind: 'if'; loc: Loc; cond: Exp; then: Exp; else?: Exp }
  | { kind: 'while'; loc: Loc; label?: Name; cond: Exp; body: Exp }
  | { kind: 'loop'; loc: Loc; label?: Name; body: Exp }
  | { kind: 'match'; loc: Loc; subject: Exp; arms: MatchArm[] }
  /** `|x| e`: only as an argument of a macro call, where its body is substituted. */
  | { kind: 'lambda'; loc: Loc; params: { pattern: Pattern; type?: TypeAst }[]; body: Exp }
  /**
   * `lhs = value`. `lhs` is parsed as an expression: a name (local), a tuple of names / `_` / unpacks
   * (as a pattern), `*r`, `e.f`, or `v[i]`.
   */
  | { kind: 'assign'; loc: Loc; lhs: Exp; value: Exp }
  /** `_` on the left of an assignment, as in `(_, x) = f()`. */
  | { kind: 'wildcard'; loc: Loc }
  | { kind: 'return'; loc: Loc; value?: Exp }
  | { kind: 'abort'; loc: Loc; code?: Exp }
  | { kind: 'break'; loc: Loc; label?: Name; value?: Exp }
  | { kind: 'continue'; loc: Loc; label?: Name }
  | { kind: 'deref'; loc: Loc; exp: Exp }
  | { kind: 'borrow'; loc: Loc; isMut: boolean; exp: Exp }
  | { kind: 'dot'; loc: Loc; exp: Exp; field: Name }
  | { kind: 'index'; loc: Loc; exp: Exp; indices: Exp[] }
  | { kind: 'not'; loc: Loc; exp: Exp }
  | { kind: 'binary'; loc: Loc; op: BinaryOp; opLoc: Loc; lhs: Exp; rhs: Exp }
  | { kind: 'cast'; loc: Loc; exp: Exp; type: TypeAst }
  /** `(e: T)`. */
  | { kind: 'annot'; loc: Loc; exp: Exp; type: TypeAst }
  /** `()` is a tuple of none; `(e)` is just `e`. */
  | { kind: 'tuple'; loc: Loc; elems: Exp[] }
  | { kind: 'move'; loc: Loc; name: Name }
  | { kind: 'copy'; loc: Loc; name: Name };
