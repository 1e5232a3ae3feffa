// Names from bytecode written back as Move source. Bytecode accepts any identifier, but Move 2024
// reserves some words; Sui's compiler reads a name in backticks as a plain identifier.

const RESERVED = new Set([
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
]);

export function moveIdentifier(name: string): string {
  return RESERVED.has(name) ? `\`${name}\`` : name;
}
