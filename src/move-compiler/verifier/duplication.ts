// The duplication checker (duplication.rs), for the pools a code generator fills: each identifier,
// address, signature and constant appears once.
import type { ModuleJson } from '../../move/module-json.js';
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

export function verifyNoDuplicates(module: ModuleJson): VerificationError[] {
  const pools: [string, readonly unknown[]][] = [
    ['identifier', module.identifiers],
    ['address', module.address_identifiers],
    ['signature', module.signatures],
    ['constant', module.constant_pool],
    ['module handle', module.module_handles],
    ['function handle', module.function_handles.map((h) => [h.module, h.name])],
  ];
  return pools.flatMap(([what, items]) => {
    const index = firstDuplicate(items);
    return index < 0
      ? []
      : [{ status: 'DUPLICATE_ELEMENT', message: `${what} ${index} repeats an earlier one` }];
  });
}
