// What a Phase II run's plans were: how many had calls and were built, executed, executed without
// failing, and how many were empty. An empty plan builds and "runs" everywhere and creates nothing, so
// ok-rates mean something only over plans with calls, and are shown beside how many there were.
// Reads result rows as stored (rows from before `plan_calls` or `exec_ok` existed included).

/** The fields of a row this reads; rows are read from files, so nothing is trusted to be there. */
interface PlanRow {
  plan_calls?: unknown;
  tx_build_ok?: unknown;
  exec_ok?: unknown;
  dry_run_ok?: unknown;
  simulation_mode?: unknown;
}

export interface PlanTally {
  /** Rows whose reported plan had calls and whose transaction was built. */
  built: number;
  /** Of those, rows whose transaction something executed (dry-run, dev-inspect, `local`). */
  executed: number;
  /** Of those, rows whose transaction ran without failing (`exec_ok`). */
  executedOk: number;
  /** Of those, rows whose dry run (a node's, or `local`'s) succeeded (`dry_run_ok`). */
  dryRunOk: number;
  /** Rows whose reported plan had no calls. */
  empty: number;
}

/**
 * Whether the reported plan had calls. Rows from before `plan_calls` existed cannot tell: they count as
 * plans with calls when something was simulated, as they always did.
 */
function hasCalls(row: PlanRow): boolean {
  if (row.plan_calls === undefined) return typeof row.simulation_mode === 'string';
  return typeof row.plan_calls === 'number' && row.plan_calls > 0;
}

/** Whether something executed the transaction; rows from before `exec_ok` say it by their mode. */
function executed(row: PlanRow): boolean {
  if (row.exec_ok === undefined)
    return typeof row.simulation_mode === 'string' && row.simulation_mode !== 'build_only';
  return typeof row.exec_ok === 'boolean';
}

export function planTally(rows: readonly PlanRow[]): PlanTally {
  const tally: PlanTally = { built: 0, executed: 0, executedOk: 0, dryRunOk: 0, empty: 0 };
  for (const row of rows) {
    if (row.plan_calls === 0) tally.empty++;
    if (!hasCalls(row) || row.tx_build_ok !== true) continue;
    tally.built++;
    if (!executed(row)) continue;
    tally.executed++;
    if (row.exec_ok === true || (row.exec_ok === undefined && row.dry_run_ok === true)) tally.executedOk++;
    if (row.dry_run_ok === true) tally.dryRunOk++;
  }
  return tally;
}
