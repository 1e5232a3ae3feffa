// What the crash and cluster tests read back from a Phase I run: its finished packages, its rows minus
// timing, how often the model stub was asked per package, and its result once the run closes.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import type { Phase1PackageRow } from '../../src/core/types.js';
import type { StubRequest } from '../../perf/support/openai-stub.js';

/** Package ids of the row files present now (a row file is renamed into place whole). */
export function finishedPackages(runDir: string): string[] {
  const rowsDir = join(runDir, 'rows');
  if (!existsSync(rowsDir)) return [];
  const ids: string[] = [];
  for (const file of readdirSync(rowsDir).filter((f) => f.endsWith('.json'))) {
    try {
      ids.push(
        (JSON.parse(readFileSync(join(rowsDir, file), 'utf8')) as { row: Phase1PackageRow }).row.package_id,
      );
    } catch {
      // gone or replaced between the listing and the read: counted at the next look
    }
  }
  return ids;
}

/** Waits until the run has at least `n` rows; returns their package ids. */
export async function waitForRows(runDir: string, n: number, timeoutMs = 60_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const done = finishedPackages(runDir);
    if (done.length >= n) return done;
    if (Date.now() > deadline) throw new Error(`${runDir} did not reach ${n} rows`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export type ComparableRow = Omit<Phase1PackageRow, 'elapsed_seconds'>;

/** A result's rows without what legitimately differs between two runs (timing). */
export function comparableRows(resultFile: string): ComparableRow[] {
  const text = readFileSync(resultFile, 'utf8');
  return (JSON.parse(text) as { packages: Phase1PackageRow[] }).packages.map(
    ({ elapsed_seconds: _e, ...rest }) => rest,
  );
}

/** How many chat requests the stub received per package. */
export function requestsPerPackage(requests: StubRequest[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of requests) if (r.packageId) counts.set(r.packageId, (counts.get(r.packageId) ?? 0) + 1);
  return counts;
}

/** Waits for a workflow to close, riding out a server (or its database) that is down for a while. */
export async function waitForWorkflow(client: Client, workflowId: string, timeoutMs: number): Promise<void> {
  const handle = client.workflow.getHandle(workflowId);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await handle.result();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
