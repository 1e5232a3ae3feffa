// What a native costs (internal units), from Sui's native cost parameters at protocol version 104
// (`sui-protocol-config`, as the natives of move-vm-runtime and sui-move-natives apply them). The natives
// that read or make data whose size the caller controls are priced per byte, the crypto natives as
// `crypto-costs.ts` prices them; every other native costs Sui's common base of 52 (most natives' base at this
// version; the few at 10 or 30 are counted at 52).
import { length, type Cost } from './cost-inputs.js';
import { CRYPTO_COSTS } from './crypto-costs.js';
import { valueSize } from './value-size.js';
import { STD, SUI } from '../natives/registry.js';
import type { Value } from '../values.js';

const BASE = 52;

/** Abstract size of a value, references followed. */
const size = (value: Value | undefined): number => (value === undefined ? 0 : valueSize(value, true));

const hash: Cost = (args) => BASE + 2 * Math.max(length(args[0]), 1);

const COSTS = new Map<string, Cost>([
  // move-vm-runtime natives/move_stdlib: `hash_*_per_byte_cost` 2, `bcs_per_byte_serialized_cost` 2 per output
  // byte (no base), `string_*` base 52 plus 2 per byte, vector push_back 52 plus 2 per abstract unit.
  [`${STD}::hash::sha2_256`, hash],
  [`${STD}::hash::sha3_256`, hash],
  [`${STD}::bcs::to_bytes`, (_args, [out]) => 2 * Math.max(length(out), 1)],
  [`${STD}::string::internal_check_utf8`, (args) => BASE + 2 * length(args[0])],
  [`${STD}::string::internal_sub_string`, (_args, [out]) => BASE + 2 * length(out)],
  [`${STD}::string::internal_index_of`, (args) => BASE + 2 * (length(args[0]) + length(args[1]))],
  [`${STD}::vector::push_back`, (args) => BASE + 2 * Math.max(valueSize(args[1]!), 1)],
  [`${STD}::type_name::get`, (_args, [out]) => BASE + 2 * size(out)],
  [`${STD}::type_name::with_defining_ids`, (_args, [out]) => BASE + 2 * size(out)],
  [`${STD}::type_name::with_original_ids`, (_args, [out]) => BASE + 2 * size(out)],
  [`${STD}::type_name::get_with_original_ids`, (_args, [out]) => BASE + 2 * size(out)],
  // sui-move-natives: dynamic fields at 104: base 52, 1 per byte of the child's value; events: 52, 2 per byte
  // to size the value, 10 per byte emitted.
  [`${SUI}::dynamic_field::add_child_object`, (args) => BASE + size(args[1])],
  [`${SUI}::dynamic_field::borrow_child_object`, (_args, [out]) => BASE + size(out)],
  [`${SUI}::dynamic_field::borrow_child_object_mut`, (_args, [out]) => BASE + size(out)],
  [`${SUI}::dynamic_field::remove_child_object`, (_args, [out]) => BASE + size(out)],
  [`${SUI}::dynamic_field::hash_type_and_key`, (args) => BASE + 2 * size(args[1])],
  [`${SUI}::event::emit`, (args) => BASE + 12 * size(args[0])],
  ...CRYPTO_COSTS,
]);

/** The cost of one call of the native `key` (`<address>::<module>::<function>`) with these arguments and results. */
export function nativeCost(key: string, args: Value[], results: Value[]): number {
  const cost = COSTS.get(key);
  return cost ? cost(args, results) : BASE;
}
