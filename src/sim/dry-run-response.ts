// Reading the JSON-RPC answers of `sui_dryRunTransactionBlock` and `sui_devInspectTransactionBlock`
// (and the same objects inside `smi_tx_sim`'s output): did the transaction succeed, why not, and which
// objects did it create. Pure functions over untrusted JSON: they never throw.
import type { SimulationFailure } from './types.js';
import { typeNameSet } from './type-names.js';

// The node's own rendering of an abort (Rust Debug of `MoveAbort(MoveLocation, code)`), read exactly:
// upstream's loose patterns take the code from the module address in this form (§29.7, row 2).
const DEBUG_ABORT =
  /MoveAbort\(MoveLocation \{ module: ModuleId \{ address: ([0-9a-fA-F]{1,64}), name: Identifier\("([A-Za-z_][A-Za-z0-9_]*)"\) \}.*?function_name: (?:Some\("([A-Za-z_][A-Za-z0-9_]*)"\)|None) \}, ([0-9]+)\)/;
const ABORT_CODE = /\b([Aa]bort|MoveAbort)\b.*?\bcode\b[^0-9]*([0-9]+)/;
// Upstream's second try; it can pick digits out of an address (spec §29.7), kept for comparable rows.
const MOVE_ABORT_CODE = /\bMoveAbort\b.*?[, ]\s*([0-9]+)\b/;
const LOCATION = /\b0x[0-9a-fA-F]{1,64}::[A-Za-z_][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_]*\b/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmptyString = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The abort code in an error text, as decimal digits (u64 codes do not fit a JS number). */
export function parseAbortCode(error: string): string | null {
  const debug = DEBUG_ABORT.exec(error);
  if (debug) return BigInt(debug[4] ?? '').toString();
  const digits = ABORT_CODE.exec(error)?.[2] ?? MOVE_ABORT_CODE.exec(error)?.[1];
  return digits === undefined ? null : BigInt(digits).toString();
}

export function parseAbortLocation(error: string): string | null {
  const debug = DEBUG_ABORT.exec(error);
  if (debug) {
    const address = '0x' + (debug[1] ?? '').replace(/^0+(?=.)/, '').toLowerCase();
    return debug[3] ? `${address}::${debug[2]}::${debug[3]}` : `${address}::${debug[2]}`;
  }
  return LOCATION.exec(error)?.[0] ?? null;
}

interface ExecutionVerdict {
  execOk: boolean;
  failure: SimulationFailure | null;
}

/**
 * §15 `classify_dry_run_response`, extended to dev-inspect answers, which carry their error text in
 * a top-level `error` rather than `executionErrorSource`.
 */
export function classifyExecution(response: unknown): ExecutionVerdict {
  const effects = isObject(response) ? response.effects : undefined;
  if (!isObject(effects)) return { execOk: false, failure: failureOf(null, 'missing effects') };
  const status = effects.status;
  if (!isObject(status)) return { execOk: false, failure: failureOf(null, 'missing effects.status') };
  const state = typeof status.status === 'string' ? status.status : null;
  if (state === 'success') return { execOk: true, failure: null };
  const top = response as Record<string, unknown>;
  const error =
    nonEmptyString(status.error) ?? nonEmptyString(top.executionErrorSource) ?? nonEmptyString(top.error);
  return {
    execOk: false,
    failure: {
      status: state,
      effectsError: error,
      abortCode: error === null ? null : parseAbortCode(error),
      abortLocation: error === null ? null : parseAbortLocation(error),
    },
  };
}

function failureOf(status: string | null, effectsError: string): SimulationFailure {
  return { status, effectsError, abortCode: null, abortLocation: null };
}

/**
 * Types of the objects a dry-run created: `objectType` of each `created` entry in `objectChanges`
 * (short addresses in the answer; normalized here).
 */
export function createdObjectTypes(response: unknown): string[] {
  const changes = isObject(response) ? response.objectChanges : undefined;
  if (!Array.isArray(changes)) return [];
  const types: string[] = [];
  for (const change of changes) {
    if (!isObject(change) || change.type !== 'created') continue;
    const objectType = nonEmptyString(change.objectType);
    if (objectType) types.push(objectType);
  }
  return typeNameSet(types);
}

/** The transaction ran out of gas: a higher budget may let it through (§7.7). */
export function isInsufficientGas(failure: SimulationFailure | null): boolean {
  return failure !== null && /\bInsufficientGas\b/.test(failure.effectsError ?? '');
}

/** The node refused the budget before running anything (below the network's minimum). */
export function isBudgetTooLow(message: string): boolean {
  return /\bGasBudgetTooLow\b/.test(message);
}
