// Move's syntax for an identifier (module, function, datatype and package names), as move-core-types checks
// it. Sui's length cap (`max_move_identifier_len`) is a separate rule: the bytecode verifier applies it to the
// names inside modules, so only callers that judge module contents add it.

const IDENTIFIER = /^(?:[A-Za-z][A-Za-z0-9_]*|_[A-Za-z0-9_]+)$/;

/** A letter then letters, digits and `_`; or `_` then at least one of those (`_` alone is a wildcard). */
export function isMoveIdentifier(text: string): boolean {
  return IDENTIFIER.test(text);
}
