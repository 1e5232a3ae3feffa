// Scoring targets under the ids Sui tags objects with. A package's modules all carry its original id, but
// a datatype added by an upgrade is defined by that upgrade: Sui names its objects with the defining id
// from the package's type origin table (e.g. artipedia's `UserNumber`, added in version 6 `0x13fe3a…`,
// is created as `0x13fe3a…::artipedia::UserNumber`, not under the original `0xb7c36a…`). Targets taken
// from the interface (original ids) are mapped through that table so that created types can hit them.
import { sortedByCodePoint } from '../py-string.js';
import { normalizeAddress } from './upstream-address.js';

/** One row of a package's type origin table: `module::name` was first defined by package `package`. */
export interface TypeOriginEntry {
  module: string;
  name: string;
  /** The defining id, `0x…` (any length, any case). */
  package: string;
}

// Checked first, so the lenient spelling only pads and lowercases: `0x` and 64 lowercase hex digits.
const HEX_ID = /^0x[0-9a-fA-F]{1,64}$/;

/** `module::Name` → its defining id (`0x` + 64 lowercase hex digits), from a type origin table. */
export function definingIdTable(origins: readonly TypeOriginEntry[] | undefined): Map<string, string> {
  const defining = new Map<string, string>();
  for (const origin of origins ?? [])
    if (HEX_ID.test(origin.package))
      defining.set(`${origin.module}::${origin.name}`, normalizeAddress(origin.package));
  return defining;
}

/**
 * Each `address::module::Name` target with its address replaced by the defining id its type origin row
 * names; targets without a row (or without an origin table: packages never upgraded, the framework) keep
 * their address, which is then the defining id. Sorted and distinct, as targets are.
 */
export function withDefiningIds(
  targets: readonly string[],
  origins: readonly TypeOriginEntry[] | undefined,
): string[] {
  const defining = definingIdTable(origins);
  return sortedByCodePoint(
    new Set(
      targets.map((target) => {
        const parts = target.split('::');
        if (parts.length !== 3) return target;
        const id = defining.get(`${parts[1]}::${parts[2]}`);
        return id === undefined ? target : `${id}::${parts[1]}::${parts[2]}`;
      }),
    ),
  );
}
