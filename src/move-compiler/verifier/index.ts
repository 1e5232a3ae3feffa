// Bytecode verifier over ModuleJson: Move's per-function checks, then Sui's publish-time rules.
import type { ModuleJson } from '../../move/module-json.js';
import { verifyCodeUnit } from './code-unit.js';
import { verifyNoDuplicates } from './duplication.js';
import { verifyLinking, type DependencyLookup } from './linking.js';
import { VerifyFailure, type VerificationError } from './errors.js';
import { globalStorageOffset } from './sui/global-storage.js';
import { verifySuiRules } from './sui/index.js';

export type { VerificationError } from './errors.js';

export type { DependencyLookup } from './linking.js';

function asError(thrown: unknown, functionIndex?: number): VerificationError {
  if (!(thrown instanceof VerifyFailure)) throw thrown;
  const error: VerificationError = { status: thrown.status, message: thrown.message };
  if (functionIndex !== undefined) error.functionIndex = functionIndex;
  if (thrown.offset !== undefined) error.offset = thrown.offset;
  if (thrown.local !== undefined) error.local = thrown.local;
  return error;
}

/** Every violation found: at most one per function (its first), then the module-level Sui rules. */
export function verifyModule(module: ModuleJson, deps: DependencyLookup): VerificationError[] {
  // Like Sui, module-level structure comes before any function's code.
  const errors: VerificationError[] = [...verifyNoDuplicates(module), ...verifyLinking(module, deps)];
  module.function_defs.forEach((def, index) => {
    // Code with global storage instructions is reported once, by the Sui rule below.
    if (globalStorageOffset(def) >= 0) return;
    try {
      verifyCodeUnit(module, index);
    } catch (thrown) {
      errors.push(asError(thrown, index));
    }
  });
  errors.push(...verifySuiRules(module));
  return errors;
}

/** Verifies modules published together; each resolves its dependencies among them first. */
export function verifyPackage(
  modules: readonly ModuleJson[],
  deps: DependencyLookup,
): { module: string; errors: VerificationError[] }[] {
  const byId = new Map(modules.map((m) => [moduleId(m), m]));
  const lookup: DependencyLookup = (address, name) => byId.get(`${address}::${name}`) ?? deps(address, name);
  return modules
    .map((m) => ({ module: moduleId(m), errors: verifyModule(m, lookup) }))
    .filter((result) => result.errors.length > 0);
}

export function moduleId(module: ModuleJson): string {
  const handle = module.module_handles[module.self_module_handle_idx];
  const address = handle ? module.address_identifiers[handle.address] : undefined;
  return `${address ?? '?'}::${handle ? module.identifiers[handle.name] : '?'}`;
}
