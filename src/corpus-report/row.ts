// One row of the upstream extractor's corpus report (spec/rust-contracts.md §2.1), built with its keys in
// the extractor's order, since the rows are compared as text.
import type { InterfaceJson } from '../core/types.js';
import type { InterfaceCompareSummary, Mismatch } from './interface-compare.js';

export interface LocalCounts {
  modules: number;
  structs: number;
  functions_total: number;
  functions_public: number;
  functions_friend: number;
  functions_private: number;
  functions_native: number;
  entry_functions: number;
  public_entry_functions: number;
  friend_entry_functions: number;
  private_entry_functions: number;
  key_structs: number;
}

export interface ModuleSetDiff {
  left_count: number;
  right_count: number;
  missing_in_right: string[];
  extra_in_right: string[];
}

export interface BytesMismatch {
  module: string;
  reason: 'missing_in_mv' | 'missing_in_bcs' | 'len_mismatch' | 'sha256_mismatch';
  mv_len: number | null;
  bcs_len: number | null;
  mv_sha256: string | null;
  bcs_sha256: string | null;
}

export interface LocalBytesCheck {
  mv_modules: number;
  bcs_modules: number;
  exact_match_modules: number;
  mismatches_total: number;
  missing_in_bcs: string[];
  missing_in_mv: string[];
  mismatches_sample: BytesMismatch[];
}

export interface RpcCounts {
  modules: number;
  structs: number;
  functions: number;
  key_structs: number;
}

export interface CorpusRow {
  package_id: string;
  package_dir: string;
  local: LocalCounts;
  local_vs_bcs: ModuleSetDiff;
  local_bytes_check: LocalBytesCheck | null;
  local_bytes_check_error: string | null;
  rpc: RpcCounts | null;
  rpc_vs_local: ModuleSetDiff | null;
  interface_compare: InterfaceCompareSummary | null;
  interface_compare_sample: Mismatch[] | null;
  error: string | null;
}

export function zeroCounts(modules = 0): LocalCounts {
  return {
    modules,
    structs: 0,
    functions_total: 0,
    functions_public: 0,
    functions_friend: 0,
    functions_private: 0,
    functions_native: 0,
    entry_functions: 0,
    public_entry_functions: 0,
    friend_entry_functions: 0,
    private_entry_functions: 0,
    key_structs: 0,
  };
}

export function localCounts(iface: InterfaceJson): LocalCounts {
  const counts = zeroCounts(iface.module_names.length);
  for (const module of Object.values(iface.modules)) {
    for (const struct of Object.values(module.structs)) {
      counts.structs++;
      if (struct.abilities.includes('key')) counts.key_structs++;
    }
    for (const fn of Object.values(module.functions)) {
      counts.functions_total++;
      if (fn.is_native) counts.functions_native++;
      counts[`functions_${fn.visibility}`]++;
      if (fn.is_entry) {
        counts.entry_functions++;
        counts[`${fn.visibility}_entry_functions`]++;
      }
    }
  }
  return counts;
}

/** Names of `left` missing from `right` and the other way round, each sorted. */
export function moduleSetDiff(left: Iterable<string>, right: Iterable<string>): ModuleSetDiff {
  const l = new Set(left);
  const r = new Set(right);
  return {
    left_count: l.size,
    right_count: r.size,
    missing_in_right: [...l].filter((n) => !r.has(n)).sort(),
    extra_in_right: [...r].filter((n) => !l.has(n)).sort(),
  };
}

export function diffIsEmpty(diff: ModuleSetDiff): boolean {
  return diff.missing_in_right.length === 0 && diff.extra_in_right.length === 0;
}

export function emptyDiff(): ModuleSetDiff {
  return { left_count: 0, right_count: 0, missing_in_right: [], extra_in_right: [] };
}

export interface CorpusModeFlags {
  bytesCheck: boolean;
  rpcCompare: boolean;
  interfaceCompare: boolean;
}

/** The extractor's rule for what goes into problems.jsonl. */
export function isProblem(row: CorpusRow, flags: CorpusModeFlags): boolean {
  if (row.error !== null || !diffIsEmpty(row.local_vs_bcs)) return true;
  if (
    flags.bytesCheck &&
    (row.local_bytes_check === null ||
      row.local_bytes_check_error !== null ||
      row.local_bytes_check.mismatches_total !== 0)
  )
    return true;
  if (flags.rpcCompare) {
    const rpc = row.rpc;
    if (rpc === null) return true;
    const local = row.local;
    // RPC lists the "exposed" functions: public ones, friend ones and private entry ones.
    const exposed = local.functions_public + local.functions_friend + local.private_entry_functions;
    if (
      rpc.modules !== local.modules ||
      rpc.structs !== local.structs ||
      rpc.key_structs !== local.key_structs ||
      exposed !== rpc.functions
    )
      return true;
    if (row.rpc_vs_local === null || !diffIsEmpty(row.rpc_vs_local)) return true;
  }
  if (
    flags.interfaceCompare &&
    (row.interface_compare === null || row.interface_compare.mismatches_total !== 0)
  )
    return true;
  return false;
}
