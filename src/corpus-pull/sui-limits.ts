// Sui's own bounds on what a package can be, from its protocol config and object model. A node's answer
// outside them is no package Sui could hold, so it is refused rather than written.
import { isMoveIdentifier } from '../move/identifier.js';

/** Characters in a Move identifier (`max_move_identifier_len`, since protocol version 9). */
export const MAX_IDENTIFIER_LENGTH = 128;

/** Object versions are below `SequenceNumber::MAX` (2^63 - 1); the values above it are markers, not versions. */
export const MAX_VERSION = (1n << 63n) - 2n;

/** A name Sui's bytecode verifier accepts inside a module: a Move identifier within the length cap. */
export function isSuiIdentifier(name: string): boolean {
  return name.length <= MAX_IDENTIFIER_LENGTH && isMoveIdentifier(name);
}

/** A name as a failure reason shows it: a hostile one can be any length. */
export function shownName(name: string): string {
  const quoted = JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);
  return name.length > 40 ? `${quoted} (${name.length} characters)` : quoted;
}
