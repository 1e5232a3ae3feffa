// Token kinds of Move 2024. Keywords are the words Sui's lexer reserves for the 2024 edition;
// contextual words (`has`, `entry`, `phantom`, `macro`, `address`, `vector`) stay identifiers.

export type TokenKind =
  | 'eof'
  | 'identifier'
  /** `$x`: a macro parameter name. */
  | 'syntax_identifier'
  /** `` `name` ``: a keyword escaped as a name. */
  | 'restricted_identifier'
  /** `'outer`. */
  | 'block_label'
  | 'number'
  /** A number with a type suffix: `1u8`, `0xffu64`. */
  | 'typed_number'
  /** `b"..."` or `x"..."`, with the prefix and quotes in the token text. */
  | 'byte_string'
  | Keyword
  | Punctuation;

export const KEYWORDS = [
  'abort',
  'acquires',
  'as',
  'break',
  'const',
  'continue',
  'copy',
  'else',
  'enum',
  'false',
  'for',
  'friend',
  'fun',
  'if',
  'let',
  'loop',
  'match',
  'module',
  'move',
  'mut',
  'native',
  'public',
  'return',
  'struct',
  'true',
  'type',
  'use',
  'while',
] as const;

export type Keyword = (typeof KEYWORDS)[number];

const KEYWORD_SET: ReadonlySet<string> = new Set(KEYWORDS);

export function keywordOf(word: string): Keyword | undefined {
  return KEYWORD_SET.has(word) ? (word as Keyword) : undefined;
}

/** Longest first, so the lexer can take the first that matches. */
export const PUNCTUATION = [
  '==>',
  '&mut',
  '::',
  '==',
  '!=',
  '<=',
  '>=',
  '<<',
  '>>',
  '&&',
  '||',
  '=>',
  '->',
  '..',
  '&',
  '|',
  '=',
  '!',
  '<',
  '>',
  ':',
  '.',
  '-',
  '%',
  '(',
  ')',
  '[',
  ']',
  '*',
  '+',
  ',',
  '/',
  ';',
  '^',
  '{',
  '}',
  '#',
  '@',
] as const;

export type Punctuation = (typeof PUNCTUATION)[number];

export interface Token {
  kind: TokenKind;
  /** The token's text as written (for `eof`, empty). */
  text: string;
  /** UTF-8 byte offsets into the file. */
  start: number;
  end: number;
  /** A line break sits between this token and the one before it. */
  afterNewline: boolean;
}

/** How a token is named in "Unexpected ..." messages, as Sui's parser names it. */
export function describeToken(token: Token): string {
  return token.kind === 'eof' ? 'end-of-file' : `'${token.text}'`;
}
