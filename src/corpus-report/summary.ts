// corpus_summary.json: the extractor's counters over all rows, in its key order.
import { diffIsEmpty, isProblem, type CorpusModeFlags, type CorpusRow } from './row.js';

export interface CorpusCounters {
  total: number;
  local_ok: number;
  local_vs_bcs_module_match: number;
  local_bytes_check_enabled: boolean;
  local_bytes_ok: number;
  local_bytes_mismatch_packages: number;
  local_bytes_mismatches_total: number;
  rpc_enabled: boolean;
  rpc_ok: number;
  rpc_module_match: number;
  rpc_exposed_function_count_match: number;
  interface_compare_enabled: boolean;
  interface_ok: number;
  interface_mismatch_packages: number;
  interface_mismatches_total: number;
  problems: number;
}

export function emptyCounters(flags: CorpusModeFlags): CorpusCounters {
  return {
    total: 0,
    local_ok: 0,
    local_vs_bcs_module_match: 0,
    local_bytes_check_enabled: flags.bytesCheck,
    local_bytes_ok: 0,
    local_bytes_mismatch_packages: 0,
    local_bytes_mismatches_total: 0,
    rpc_enabled: flags.rpcCompare,
    rpc_ok: 0,
    rpc_module_match: 0,
    rpc_exposed_function_count_match: 0,
    interface_compare_enabled: flags.interfaceCompare,
    interface_ok: 0,
    interface_mismatch_packages: 0,
    interface_mismatches_total: 0,
    problems: 0,
  };
}

/** Adds one row; returns whether it is a problem (it then also goes to problems.jsonl). */
export function countRow(c: CorpusCounters, row: CorpusRow, flags: CorpusModeFlags): boolean {
  c.total++;
  if (row.error === null) c.local_ok++;
  if (diffIsEmpty(row.local_vs_bcs)) c.local_vs_bcs_module_match++;
  const bytes = row.local_bytes_check;
  if (bytes && row.local_bytes_check_error === null && bytes.mismatches_total === 0) c.local_bytes_ok++;
  if (bytes && bytes.mismatches_total > 0) {
    c.local_bytes_mismatch_packages++;
    c.local_bytes_mismatches_total += bytes.mismatches_total;
  }
  if (row.rpc) {
    c.rpc_ok++;
    if (row.rpc_vs_local && diffIsEmpty(row.rpc_vs_local)) c.rpc_module_match++;
    const l = row.local;
    if (l.functions_public + l.functions_friend + l.private_entry_functions === row.rpc.functions)
      c.rpc_exposed_function_count_match++;
  }
  const compared = row.interface_compare;
  if (compared) {
    if (compared.mismatches_total === 0) c.interface_ok++;
    else {
      c.interface_mismatch_packages++;
      c.interface_mismatches_total += compared.mismatches_total;
    }
  }
  const problem = isProblem(row, flags);
  if (problem) c.problems++;
  return problem;
}
