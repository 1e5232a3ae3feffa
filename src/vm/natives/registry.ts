// How natives plug into the interpreter: a table keyed by `<64 hex address>::<module>::<function>`.
import type { DatatypeResolver } from '../bcs-values.js';
import type { Loader } from '../loader.js';
import type { TransactionState } from './transaction-state.js';
import type { Type } from '../types.js';
import type { Value } from '../values.js';

export interface NativeContext {
  loader: Loader;
  resolve: DatatypeResolver;
  /** Sui's per-transaction state: tx context, created ids, child objects, recorded effects. */
  tx: TransactionState;
}

/**
 * A native gets its type arguments and argument values (references as `Ref`) and returns its
 * results; it throws `VmError` (usually `abort(code)`) to fail.
 */
export type NativeFunction = (ctx: NativeContext, typeArgs: Type[], args: Value[]) => Value[];

export type NativeTable = Map<string, NativeFunction>;

export const STD = '0'.repeat(63) + '1';
export const SUI = '0'.repeat(63) + '2';
export const SUI_SYSTEM = '0'.repeat(63) + '3';

/** Adds `natives` of `address::module` to the table. */
export function register(
  table: NativeTable,
  address: string,
  module: string,
  natives: Record<string, NativeFunction>,
): void {
  for (const [name, fn] of Object.entries(natives)) table.set(`${address}::${module}::${name}`, fn);
}
