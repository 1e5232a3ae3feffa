// The duplication checker (duplication.rs), for the pools a code generator fills: each identifier,
// address, signature and constant appears once; each declared struct has fields, with distinct names.
import type { ModuleJson } from '../move/module-json.js';
import type { VerificationError } from './errors.js';

function firstDuplicate(items: readonly unknown[]): number {
  const seen = new Set<string>();
  return items.findIndex((item) => {
    const key = JSON.stringify(item, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
}

/** The first struct without fields (ZERO_SIZED_STRUCT) or with a repeated field name, as Sui stops there. */
function structFieldErrors(module: ModuleJson): VerificationError[] {
  for (const [index, def] of module.struct_defs.entries()) {
    if (def.field_information === 'Native') continue;
    const fields = def.field_information.Declared;
    if (fields.length === 0)
      return [{ status: 'ZERO_SIZED_STRUCT', message: `struct definition ${index} declares no field` }];
    if (firstDuplicate(fields.map((f) => f.name)) >= 0)
      return [{ status: 'DUPLICATE_ELEMENT', message: `struct definition ${index} repeats a field name` }];
  }
  return [];
}

export function verifyNoDuplicates(module: ModuleJson): VerificationError[] {
  const pools: [string, readonly unknown[]][] = [
    ['identifier', module.identifiers],
    ['address', module.address_identifiers],
    ['signature', module.signatures],
    ['constant', module.constant_pool],
    ['module handle', module.module_handles],
    ['function handle', module.function_handles.map((h) => [h.module, h.name])],
  ];
  const poolErrors = pools.flatMap(([what, items]) => {
    const index = firstDuplicate(items);
    return index < 0
      ? []
      : [{ status: 'DUPLICATE_ELEMENT', message: `${what} ${index} repeats an earlier one` }];
  });
  return [...poolErrors, ...structFieldErrors(module)];
}
