// In-process Move VM with Sui natives. See README.md in this folder.
export { MoveVm } from './move-vm.js';
export type { CallFailure, CallRequest, CallResult } from './move-vm.js';
export { VmError, VmLoadError } from './errors.js';
export type { VmLocation, VmStatus } from './errors.js';
export { TransactionState } from './natives/transaction-state.js';
export type { TransactionContextInput } from './natives/transaction-state.js';
export { normalizeId } from './package-bytes.js';
export type { PackageBytes, TypeOrigin } from './package-bytes.js';
export { canonicalTypeName, parseTypeTag } from './types.js';
export type { Type } from './types.js';
export { genesisObjects, SYSTEM_OBJECT_IDS } from './genesis.js';
export type { Genesis, GenesisOptions } from './genesis.js';
