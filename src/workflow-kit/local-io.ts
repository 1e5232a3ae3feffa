// Per-package file work as workflow code calls it. Extracting one interface or recording one row takes
// milliseconds: as local activities they run next to the workflow, which saves two server round trips per
// package; all are idempotent, so running one again after a crash is harmless.
import { proxyLocalActivities } from '@temporalio/workflow';
import type { Phase } from '../contracts/phases.js';
import type { BaseRow } from '../run-store/rows.js';
import { LOCAL_RETRY_THRESHOLD, PERMANENT_ERROR_TYPES } from './retry-policies.js';

/** About a minute of retries (1, 2, 4, 8, 10 … s) covers passing trouble; then the error is reported. */
export const IO_RETRY = {
  initialInterval: '1 second',
  maximumInterval: '10 seconds',
  maximumAttempts: 8,
  nonRetryableErrorTypes: PERMANENT_ERROR_TYPES,
};

/** The io activities `A` as local activities (`A` as workflow code declares them). */
export function localIoActivities<A extends object>() {
  return proxyLocalActivities<A>({
    startToCloseTimeout: '2 minutes',
    retry: IO_RETRY,
    localRetryThreshold: LOCAL_RETRY_THRESHOLD,
  });
}

export interface ExtractedInterface {
  interfaceSha: string;
  /** `address::module::Struct` of every struct with `key`, sorted, as the interface names them (original id). */
  truth: string[];
  /**
   * When asked for (`definingIds`): the same types under their defining ids (the package's type origin
   * table), as Sui tags the objects, sorted. What Phase II and the helper score against. Absent from
   * histories recorded before it: the truth was scored then.
   */
  targets?: string[];
}

/**
 * The per-package io activities every package workflow calls, as workflow code sees them: declared here,
 * since workflow code may not name the activities room above it (test/benchmarks/activity-fit.test.ts
 * holds the worker's activities to them).
 */
export interface PackageIoActivities {
  extractInterface: (args: {
    runDir: string;
    packageDir: string;
    packageId: string;
    definingIds?: boolean;
  }) => Promise<ExtractedInterface>;
  recordPackageResult: (args: PackageResultRecord) => Promise<void>;
}

/** A package's row and trace, as its workflow hands them to be recorded. */
export interface PackageResultRecord {
  phase: Phase;
  runDir: string;
  index: number;
  row: BaseRow;
  trace: Record<string, unknown>;
  startedAtUnixSeconds: number;
  finishedAtUnixSeconds: number;
  round?: string;
  writeLogs?: boolean;
}

export const packageIo = localIoActivities<PackageIoActivities>();

/**
 * The package's interface and truth, extracted (a local activity) as each package workflow begins; with
 * `definingIds`, also its scoring targets under their defining ids (`targets`).
 */
export function extractInterfaceOf(
  input: { runDir: string; packageDir: string; packageId: string },
  definingIds = false,
) {
  return packageIo.extractInterface({
    runDir: input.runDir,
    packageDir: input.packageDir,
    packageId: input.packageId,
    ...(definingIds ? { definingIds } : {}),
  });
}
