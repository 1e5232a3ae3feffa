// What native cost functions read from a call: its arguments and results, references followed.
import { Ref, type Value } from '../values.js';

/** A native's cost in internal units, from the call's arguments and results. */
export type Cost = (args: Value[], results: Value[]) => number;

/** Length of a vector argument or result (a reference is followed); 0 for anything else. */
export function length(value: Value | undefined): number {
  const target = value instanceof Ref ? value.read() : value;
  return Array.isArray(target) ? target.length : 0;
}

/** A `u8` argument (an enum tag such as a curve, group or hash); -1 when absent. */
export const tag = (value: Value | undefined): number => (typeof value === 'number' ? value : -1);

/** Blocks of `size` bytes covering `bytes` (a partial block counts), as Sui's hashing natives count them. */
export const blocks = (bytes: number, size: number): number => Math.ceil(bytes / size);
