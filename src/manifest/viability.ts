// Upstream `compute_package_viability` (spec/harness.md §10.7): how many public entry functions a package
// has, how many of them are not generic, and how many of those take only arguments that need no setup.
// Stricter than the baseline's candidates: no constructor discovery, no placeholders.
import { isRecord } from '../core/phase2/json-copy.js';
import { defaultArg, stripImplicitTxContext } from '../core/phase2/baseline.js';

export interface PackageViability {
  public_entry_total: number;
  public_entry_no_type_params_total: number;
  public_entry_no_type_params_supported_args_total: number;
}

const isGeneric = (f: Record<string, unknown>) =>
  Array.isArray(f['type_params']) && f['type_params'].length > 0;

/** Every param (after dropping a trailing TxContext) has a default argument. */
function hasOnlyDefaultArgs(f: Record<string, unknown>): boolean {
  const params = f['params'];
  return Array.isArray(params) && stripImplicitTxContext(params).every((p) => defaultArg(p) !== null);
}

export function computePackageViability(iface: unknown): PackageViability {
  const counts: PackageViability = {
    public_entry_total: 0,
    public_entry_no_type_params_total: 0,
    public_entry_no_type_params_supported_args_total: 0,
  };
  const modules = isRecord(iface) ? iface['modules'] : undefined;
  if (!isRecord(modules)) return counts;
  for (const module of Object.values(modules)) {
    const fns = isRecord(module) ? module['functions'] : undefined;
    if (!isRecord(fns)) continue;
    for (const f of Object.values(fns)) {
      if (!isRecord(f) || f['visibility'] !== 'public' || f['is_entry'] !== true) continue;
      counts.public_entry_total++;
      if (isGeneric(f)) continue;
      counts.public_entry_no_type_params_total++;
      if (hasOnlyDefaultArgs(f)) counts.public_entry_no_type_params_supported_args_total++;
    }
  }
  return counts;
}
