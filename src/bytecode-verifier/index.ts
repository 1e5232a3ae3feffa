// Bytecode verifier over ModuleJson: Move's checks of the module's structure, then of each function's
// code, then linking against its dependencies, then Sui's publish-time rules.
import type { ModuleJson } from '../move/module-json.js';
import { verifyBounds } from './bounds.js';
import { verifyCodeUnit } from './code-unit.js';
import { verifyNoDuplicates } from './duplication.js';
import { asError, fail, inFunction, type VerificationError } from './errors.js';
import { verifyFieldAbilities } from './field-abilities.js';
import { verifyInstructionConsistency } from './instruction-consistency.js';
import { verifyNoInstantiationLoops } from './instantiation-loops.js';
import { verifyLinking, type DependencyLookup } from './linking.js';
import { verifySignatures } from './signatures.js';
import { globalStorageOffset } from './sui/global-storage.js';
import { verifySuiRules } from './sui/index.js';

export type { VerificationError } from './errors.js';

export type { DependencyLookup } from './linking.js';

/** The module-wide passes, in Sui's order; each throws at its first violation. */
function verifyStructure(module: ModuleJson): void {
  verifyBounds(module);
  const [duplicate] = verifyNoDuplicates(module);
  if (duplicate) fail(duplicate.status, duplicate.message);
  verifySignatures(module);
  module.function_defs.forEach((def, index) => {
    if (def.code) inFunction(index, () => verifyInstructionConsistency(module, def.code?.code ?? []));
  });
  verifyFieldAbilities(module);
  verifyNoInstantiationLoops(module);
}

/**
 * Every error a caller can act on, the one Sui would report first. A module whose structure is broken
 * (bounds, duplicates, signatures, instruction consistency, field abilities, instantiation loops) gets
 * that single error, as Sui stops there and later checks rely on it. Otherwise: the first error of each
 * function's code, in definition order (Sui stops at the first; a caller listing problems wants each), then the first
 * linking error, then Sui's rules (those tracking values skip the functions already rejected).
 */
export function verifyModule(module: ModuleJson, deps: DependencyLookup): VerificationError[] {
  try {
    verifyStructure(module);
  } catch (thrown) {
    return [asError(thrown)];
  }
  const errors: VerificationError[] = [];
  const rejected = new Set<number>();
  module.function_defs.forEach((def, index) => {
    // Code with global storage instructions is reported once, by the Sui rule below.
    if (globalStorageOffset(def) >= 0) return rejected.add(index);
    try {
      verifyCodeUnit(module, index);
    } catch (thrown) {
      errors.push(asError(thrown, index));
      rejected.add(index);
    }
  });
  try {
    verifyLinking(module, deps);
  } catch (thrown) {
    errors.push(asError(thrown));
  }
  errors.push(...verifySuiRules(module, rejected));
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
