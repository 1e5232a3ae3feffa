// One line of upstream's `benchmark-local` report (spec rust-contracts §4.7): one per target function, keys in
// upstream's order, absent optional keys left out (never null).

export type LocalStatus = 'tier_b_hit' | 'tier_a_hit' | 'miss';
/**
 * Upstream's stages, and smi-bench's `missing_dependency`: the package needs packages the corpus does not
 * hold, so every call into it would fail to link and none is run.
 */
export type FailureStage = 'A1' | 'A2' | 'A3' | 'A4' | 'A5' | 'B1' | 'B2' | 'missing_dependency';
export const FAILURE_STAGES: readonly FailureStage[] = [
  'A1',
  'A2',
  'A3',
  'A4',
  'A5',
  'B1',
  'B2',
  'missing_dependency',
];

export interface StaticCall {
  target_module: string;
  function_name: string;
  is_generic: boolean;
}

export interface TierADetails {
  resolved_params: string[];
  bcs_roundtrip_verified: boolean;
  has_object_params: boolean;
}

export interface TierBDetails {
  execution_success: boolean;
  error?: string;
  target_modules_accessed?: string[];
  static_calls?: StaticCall[];
}

export interface LocalRow {
  target_package: string;
  target_module: string;
  target_function: string;
  status: LocalStatus;
  failure_stage?: FailureStage;
  failure_reason?: string;
  tier_a_details?: TierADetails;
  tier_b_details?: TierBDetails;
}

/** An address as upstream prints module names in rows: `0x` and the hex digits without leading zeros. */
export function shortAddress(address: string): string {
  return '0x' + (address.replace(/^0x/, '').replace(/^0+/, '') || '0');
}

/** The row as upstream writes it: compact JSON, keys in the order of §4.7, empty optionals omitted. */
export function formatLocalRow(row: LocalRow): string {
  const ordered: Record<string, unknown> = {
    target_package: row.target_package,
    target_module: row.target_module,
    target_function: row.target_function,
    status: row.status,
  };
  if (row.failure_stage !== undefined) ordered.failure_stage = row.failure_stage;
  if (row.failure_reason !== undefined) ordered.failure_reason = row.failure_reason;
  if (row.tier_a_details) {
    const a = row.tier_a_details;
    ordered.tier_a_details = {
      resolved_params: a.resolved_params,
      bcs_roundtrip_verified: a.bcs_roundtrip_verified,
      has_object_params: a.has_object_params,
    };
  }
  if (row.tier_b_details) {
    const b = row.tier_b_details;
    const details: Record<string, unknown> = { execution_success: b.execution_success };
    if (b.error !== undefined) details.error = b.error;
    if (b.target_modules_accessed?.length) details.target_modules_accessed = b.target_modules_accessed;
    if (b.static_calls?.length)
      details.static_calls = b.static_calls.map((c) => ({
        target_module: c.target_module,
        function_name: c.function_name,
        is_generic: c.is_generic,
      }));
    ordered.tier_b_details = details;
  }
  return JSON.stringify(ordered);
}

/** Where a row ended: its failure stage, or `tier_b_hit` / `tier_a_hit` (Tier B skipped) when it has none. */
export function outcomeOf(row: LocalRow): FailureStage | 'tier_b_hit' | 'tier_a_only' {
  if (row.failure_stage) return row.failure_stage;
  return row.status === 'tier_b_hit' ? 'tier_b_hit' : 'tier_a_only';
}
