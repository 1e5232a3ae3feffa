// Sui's global_storage_access_verifier: Sui has no global storage, so its opcodes never appear.
import type { FunctionDefinition, ModuleJson } from '../../move/module-json.js';
import type { VerificationError } from '../errors.js';
import { GLOBAL_STORAGE_OPCODES, opcodeOf } from '../instructions.js';

/** Offset of the first global storage instruction, or -1. */
export function globalStorageOffset(def: FunctionDefinition): number {
  return def.code?.code.findIndex((i) => GLOBAL_STORAGE_OPCODES.has(opcodeOf(i))) ?? -1;
}

export function verifyNoGlobalStorage(module: ModuleJson): VerificationError[] {
  const errors: VerificationError[] = [];
  module.function_defs.forEach((def, functionIndex) => {
    const offset = globalStorageOffset(def);
    if (offset >= 0) {
      errors.push({
        status: 'SUI_GLOBAL_STORAGE',
        functionIndex,
        offset,
        message: 'global storage instructions are not allowed on Sui',
      });
    }
  });
  return errors;
}
