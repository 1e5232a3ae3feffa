// The native table of a VM: the Move stdlib and the Sui framework natives implemented here. Any
// other native declared in bytecode fails with `UNIMPLEMENTED_NATIVE` when called.
import { registerMoveStdlib } from './move-stdlib.js';
import type { NativeTable } from './registry.js';
import { registerSuiCrypto } from './sui-crypto.js';
import { registerSuiObjects } from './sui-objects.js';
import { registerSuiValues } from './sui-values.js';

export function defaultNatives(): NativeTable {
  const table: NativeTable = new Map();
  registerMoveStdlib(table);
  registerSuiValues(table);
  registerSuiObjects(table);
  registerSuiCrypto(table);
  return table;
}
